/*
** The instruction budget, coverage's line events and the debug hooks scripts set, composed
** on one hook.
**
** Lua has one hook per thread. The host's count hook charges the budget and sees an
** interrupt; a script's hook (debug.sethook) gets its call, return, line and count events
** as Lua documents them, through the same C hook, so that setting or clearing it never
** removes the host's. A script's hook function runs on a thread of its own (lsh_run):
** Lua turns hooks off while a hook runs, and a hook function that loops would otherwise
** run outside the budget.
*/
#include "ShimState.h"

#include <limits.h>
#include <string.h>

const char lsh_hooks_key = 0;
const char lsh_runner_key = 0;

/* Instructions between two budget checks. */
#define LSH_HOOKCOUNT 1000

/* A script's hook on one thread: a userdata in the hooks table (keyed by the thread, weak),
   whose user value is the hook function. */
typedef struct ScriptHook {
  int mask;    /* LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT */
  int count;   /* a count hook fires every `count` instructions */
  int left;    /* instructions until it fires next */
} ScriptHook;

/* Whether T runs a function for lsh_run: it has the host's count hook and no script's. */
static int isrunthread(const lsh_State *S, const lua_State *T) {
  for (const lsh_Run *run = S->run; run != NULL; run = run->outer)
    if (run->thread == T) return 1;
  return 0;
}

/* [-0, +1, -] Pushes the script's hook of thread T onto L (a ScriptHook userdata, or nil)
   and returns it. Raw reads only. */
static ScriptHook *pushscripthook(lua_State *L, lua_State *T) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &lsh_hooks_key) != LUA_TTABLE) return NULL;
  if (T == L) {
    lua_pushthread(L);
  } else if (lua_checkstack(T, 1)) {
    lua_pushthread(T);
    lua_xmove(T, L, 1);
  } else {
    lua_pop(L, 1);
    lua_pushnil(L);
    return NULL;
  }
  lua_rawget(L, -2);
  lua_remove(L, -2);
  return lua_type(L, -1) == LUA_TUSERDATA ? (ScriptHook *)lua_touserdata(L, -1) : NULL;
}

/* Sets T's hook to what the host and the script's hook `h` (or none) need together. */
static void applyhook(lua_State *T, lsh_State *S, const ScriptHook *h) {
  int hostcount = 0;
  if (atomic_load_explicit(&S->interrupted, memory_order_acquire) || (S->exhausted && S->calls > 0))
    hostcount = 1;
  else if (S->budget > 0 || S->check != NULL || isrunthread(S, T))
    hostcount = LSH_HOOKCOUNT;
  int mask = h ? h->mask : 0, count = 0;
  if (S->coverage != NULL) mask |= LUA_MASKLINE;
  if (hostcount) {
    mask |= LUA_MASKCOUNT;
    count = hostcount;
  }
  if (h && (h->mask & LUA_MASKCOUNT)) {
    int left = h->left > 0 ? h->left : 1;
    count = (count == 0 || left < count) ? left : count;
  }
  /* Setting a hook restarts its count, so leave one that is right alone: a line hook
     fires on every iteration of a loop, and would otherwise keep the count from ever
     reaching the budget's check. */
  if (mask == 0) {
    if (lua_gethook(T) != NULL) lua_sethook(T, NULL, 0, 0);
  } else if (lua_gethook(T) != lsh_hook || lua_gethookmask(T) != mask || lua_gethookcount(T) != count) {
    lua_sethook(T, lsh_hook, mask, count);
  }
  /* An interrupt whose signal landed on this thread after the flag was read above set the
     count hook in its handler, which the lines above may just have undone; the flag was
     set before the signal was sent, so it shows now, and the interrupt is not lost (it is
     sent once; a CPU limit's is sent again each tick). */
  if (hostcount != 1 && atomic_load_explicit(&S->interrupted, memory_order_acquire))
    lua_sethook(T, lsh_hook, mask | LUA_MASKCOUNT, 1);
}

void lsh_applyhook(lua_State *T, lsh_State *S) {
  if (S->scripthooks && lua_checkstack(T, 2)) {
    ScriptHook *h = pushscripthook(T, T);
    applyhook(T, S, h);
    lua_pop(T, 1);
  } else {
    applyhook(T, S, NULL);
  }
}

/* Raises `message` with the position of the code that was running. */
static void stop(lua_State *L, const char *message) {
  /* Level 0 is the function running the hook, which is where the time went. */
  luaL_where(L, 0);
  lua_pushstring(L, message);
  lua_concat(L, 2);
  lua_error(L);
}

/*
** Stops the code with the error of the limit that ran out (the instruction budget or the CPU
** time), placed where it ran out: code that catches it (pcall, or resume of the coroutine it
** ran in) is stopped again at its next instruction, and the error it ends with still names
** the line where the time went rather than the catcher's.
*/
static void stopexhausted(lua_State *L, lsh_State *S) {
  if (S->exhaustedwhere[0] == '\0') {
    size_t length;
    luaL_where(L, 0);
    const char *where = lua_tolstring(L, -1, &length);
    if (length < sizeof S->exhaustedwhere) memcpy(S->exhaustedwhere, where, length + 1);
    lua_pop(L, 1);
  }
  /* A coroutine's error goes back to the thread that resumed it, which would otherwise run
     on until its own next count event, long enough to end the call as if nothing ran out:
     the main thread stops at its next instruction too. */
  if (L != S->main) lua_sethook(S->main, lsh_hook, LUA_MASKCOUNT, 1);
  if (S->exhaustedwhere[0] == '\0') luaL_where(L, 0);
  else lua_pushstring(L, S->exhaustedwhere);
  /* Seconds as they were given: "10", not Lua's "10.0" for a float. */
  if (S->exhausted == LSH_CPUTIME && S->cpulimit % 1000000000 == 0)
    lua_pushfstring(L, "CPU time limit exceeded (%I s)", (LUAI_UACINT)(S->cpulimit / 1000000000));
  else if (S->exhausted == LSH_CPUTIME)
    lua_pushfstring(L, "CPU time limit exceeded (%f s)", (lua_Number)S->cpulimit / 1e9);
  else
    lua_pushfstring(L, "instruction budget exhausted (%I instructions)", (LUAI_UACINT)S->budget);
  lua_concat(L, 2);
  lua_error(L);
}

static const char *const eventnames[] = {"call", "return", "line", "count", "tail call"};

/* The events of a script's hook: its call, return and line events, and its count. */
static __attribute__((noinline)) void scriptevent(lua_State *L, lsh_State *S, lua_Debug *ar, int elapsed) {
  ScriptHook *h = NULL;
  if (isrunthread(S, L))
    lua_pushnil(L);
  else
    h = pushscripthook(L, L);
  int fire = 0;
  if (h != NULL) {
    if (ar->event == LUA_HOOKCOUNT) {
      if (h->mask & LUA_MASKCOUNT) {
        h->left -= elapsed;
        if (h->left <= 0) {
          h->left = h->count;
          fire = 1;
        }
      }
    } else {
      int event = ar->event == LUA_HOOKTAILCALL ? LUA_HOOKCALL : ar->event;
      fire = (h->mask & (1 << event)) != 0;
    }
  }
  /* Also drops the script's events a new thread inherited from its creator's hook. */
  applyhook(L, S, h);
  if (!fire) {
    lua_pop(L, 1);
    return;
  }
  lua_getiuservalue(L, -1, 1);
  lua_remove(L, -2);
  lua_pushstring(L, eventnames[ar->event]);
  if (ar->currentline >= 0)
    lua_pushinteger(L, ar->currentline);
  else
    lua_pushnil(L);
  if (lsh_run(L, S, 2, L) != LUA_OK) lua_error(L);
}

/*
** The one hook of every thread. A count event charges the budget of the current outermost
** call, every LSH_HOOKCOUNT instructions, and sees whether the watchdog found the call out of
** CPU time (its signal makes the hook fire at once, see Watchdog.c); once either limit is
** gone it fires on every instruction, so code that catches the error with pcall cannot keep
** running. An interrupt stops the code the same way. Then the script's hook gets its events.
*/
void lsh_hook(lua_State *L, lua_Debug *ar) {
  lsh_State *S = lsh_getstate(L);
  int elapsed = 0;
  if (ar->event == LUA_HOOKLINE && S->coverage != NULL) {
    lsh_coverline(L, S, ar);
    /* Nothing else wants this event: the hook of a thread that is not stopped. */
    if (!S->scripthooks && !atomic_load_explicit(&S->interrupted, memory_order_relaxed)) return;
  }
  if (ar->event == LUA_HOOKCOUNT) {
    elapsed = lua_gethookcount(L);
    if (S->calls > 0 && !S->exhausted) {
      if (S->budget > 0 && (S->remaining -= elapsed) <= 0) S->exhausted = LSH_INSTRUCTIONS;
      else if (lsh_cpuup(S)) S->exhausted = LSH_CPUTIME;
    }
    if (S->check != NULL && (S->checkleft -= elapsed) <= 0) {
      S->checkleft = S->checkevery;
      S->check(S->checkcontext);
    }
  }
  int interrupted = atomic_load_explicit(&S->interrupted, memory_order_acquire);
  if (interrupted || (S->exhausted && S->calls > 0)) {
    /* One instruction at a time and no other event, so that code catching the error cannot
       go on. Other events pass (the call of a message handler among them), so that the
       error raised stays the one reported. */
    lua_sethook(L, lsh_hook, LUA_MASKCOUNT, 1);
    if (ar->event != LUA_HOOKCOUNT) return;
    if (interrupted) stop(L, S->interruption);
    stopexhausted(L, S);
  }
  /* Between two instructions no Swift is half way through anything: finalizers that came
     due during a long call run here rather than wait for its end, holding their objects. */
  if (S->pendingfinalizers != 0 && ar->event == LUA_HOOKCOUNT) lsh_runpendingfinalizers(L);
  if (!S->scripthooks) {
    /* Left over from an exhaustion or an interrupt, or from a budget since removed. */
    if (elapsed != LSH_HOOKCOUNT) applyhook(L, S, NULL);
    return;
  }
  scriptevent(L, S, ar, elapsed);
}

/* -------------------------------------------------------------------------- */
/* The budget and interrupts                                                  */

/* The hook is installed only while there is a budget: any count hook makes the VM check
   every instruction, which halves its speed. Coroutines take the hook of the thread that
   creates them, so a budget covers the coroutines created after it was set. */
void lsh_setbudget(lua_State *L, long long instructions) {
  lsh_State *S = lsh_getstate(L);
  S->budget = instructions > 0 ? instructions : 0;
  lsh_applyhook(S->main, S);
}

void lsh_setcheck(lua_State *L, lsh_Check check, void *context, long long instructions) {
  lsh_State *S = lsh_getstate(L);
  S->check = check;
  S->checkcontext = check != NULL ? context : NULL;
  S->checkevery = instructions > 0 ? instructions : LSH_HOOKCOUNT;
  S->checkleft = S->checkevery;
  lsh_applyhook(S->main, S);
}

/* Sets the flag and its message, once; whether this call set them. */
static int setinterrupted(lsh_State *S, const char *message) {
  if (atomic_load_explicit(&S->interrupted, memory_order_relaxed)) return 0;
  /* Copied by hand: snprintf may not be called from a signal handler. */
  size_t length = 0;
  while (message[length] != '\0' && length < sizeof S->interruption - 1) {
    S->interruption[length] = message[length];
    length++;
  }
  S->interruption[length] = '\0';
  atomic_store_explicit(&S->interrupted, 1, memory_order_release);
  return 1;
}

void lsh_interrupt(lua_State *L, const char *message) {
  lsh_State *S = lsh_getstate(L);
  if (!setinterrupted(S, message)) return;
  /* lua_sethook may be called asynchronously on the thread running the state (a signal
     handler); a budget's count hook, which every thread made after it inherits, also sees
     the flag, and so do the threads of lsh_run. */
  lua_sethook(S->main, lsh_hook, LUA_MASKCOUNT, 1);
}

void lsh_interrupthere(lua_State *L, const char *message) {
  lsh_State *S = lsh_getstate(L);
  if (!setinterrupted(S, message)) return;
  /* What the signal lsh_interruptfrom sends does: the Lua thread running now, a coroutine's
     too, fires its count hook at its next instruction. */
  lua_State *T = atomic_load_explicit(&S->running, memory_order_relaxed);
  lua_sethook(T != NULL ? T : S->main, lsh_hook, LUA_MASKCOUNT, 1);
}

void lsh_trackcallthread(lua_State *L) {
  lsh_getstate(L)->tracksthread = 1;
}

void lsh_interruptfrom(lua_State *L, const char *message) {
  lsh_State *S = lsh_getstate(L);
  if (!setinterrupted(S, message)) return;
  /* Not lua_sethook from here: it walks the running thread's call frames, which that thread
     changes meanwhile. The thread of the call sets it, in the CPU limit's signal handler;
     a call that starts later sees the flag as it starts (applyhook). */
  lsh_pokecallthread(S);
}

void lsh_clearinterrupt(lua_State *L) {
  lsh_State *S = lsh_getstate(L);
  if (!atomic_load_explicit(&S->interrupted, memory_order_relaxed)) return;
  atomic_store_explicit(&S->interrupted, 0, memory_order_release);
  lsh_applyhook(S->main, S);
}

int lsh_isinterrupted(lua_State *L) {
  return atomic_load_explicit(&lsh_getstate(L)->interrupted, memory_order_acquire);
}

/* -------------------------------------------------------------------------- */
/* Running a script's function outside the normal flow                         */

/*
** [-(nargs+1), +(0|1), -] Runs the function below the nargs arguments on top of L on a
** thread of its own, with the host's hook (budget, interrupt) on, and discards its results.
** Returns LUA_OK, or an error status with the message left on L. `hooked` is the thread
** whose hook called it, if a hook did. Outside any call (a finalizer at a safe point) the
** run is an outermost call of its own, with a budget of its own, unless it is one of the
** finalizers that share one (see lsh_runpendingfinalizers).
*/
int lsh_run(lua_State *L, lsh_State *S, int nargs, lua_State *hooked) {
  lua_State *co = NULL;
  if (!lua_checkstack(L, 3)) {
    lua_pop(L, nargs + 1);
    lua_pushliteral(L, "stack overflow");
    return LUA_ERRRUN;
  }
  /* The cached thread, unless a run is already using it (a finalizer run by a hook). */
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &lsh_runner_key) == LUA_TTHREAD) {
    co = lua_tothread(L, -1);
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &lsh_runner_key);
  } else {
    lua_pop(L, 1);
    co = lua_newthread(L);
  }
  /* The thread stays anchored below the function while it runs. */
  lua_insert(L, -(nargs + 2));
  lua_xmove(L, co, nargs + 1);
  lsh_Run run = { co, hooked, S->run };
  S->run = &run;
  applyhook(co, S, NULL);
  int outermost = S->calls == 0, fresh = outermost && !S->sharing;
  if (outermost) S->calls = 1;
  if (fresh) lsh_begincall(S);
  int results = 0;
  lua_State *running = lsh_setrunning(S, co);
  int status = lua_resume(co, L, nargs, &results);
  lsh_setrunning(S, running);
  if (outermost) S->calls = 0;
  if (fresh) {
    S->exhausted = 0;
    S->exhaustedwhere[0] = '\0';
    lsh_unwatchcall(S);
  }
  S->run = run.outer;
  if (status == LUA_OK) {
    lua_pop(co, results);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &lsh_runner_key);  /* reusable: keep it */
    return LUA_OK;
  }
  /* A thread that failed or yielded cannot run anything else: leave it to the collector. */
  if (status == LUA_YIELD) {
    lua_pushliteral(L, "attempt to yield from a hook or a finalizer");
    status = LUA_ERRRUN;
  } else {
    lua_xmove(co, L, 1);
  }
  lua_remove(L, -2);
  return status;
}

/* The thread whose hook function is running on L, or NULL. */
lua_State *lsh_hookedthread(lua_State *L) {
  lsh_State *S = lsh_getstate(L);
  return (S->run != NULL && S->run->thread == L) ? S->run->hooked : NULL;
}

/* -------------------------------------------------------------------------- */
/* debug.sethook and debug.gethook                                             */

/* The thread a debug function works on: its first argument when that is a thread, else the
   caller's, where the caller of a hook function is the thread whose hook fired. */
static lua_State *targetthread(lua_State *L, int *arg) {
  if (lua_type(L, 1) == LUA_TTHREAD) {
    *arg = 1;
    return lua_tothread(L, 1);
  }
  *arg = 0;
  lua_State *hooked = lsh_hookedthread(L);
  return hooked ? hooked : L;
}

static int makemask(const char *smask, int count) {
  int mask = 0;
  if (strchr(smask, 'c')) mask |= LUA_MASKCALL;
  if (strchr(smask, 'r')) mask |= LUA_MASKRET;
  if (strchr(smask, 'l')) mask |= LUA_MASKLINE;
  if (count > 0) mask |= LUA_MASKCOUNT;
  return mask;
}

static char *unmakemask(int mask, char *smask) {
  int i = 0;
  if (mask & LUA_MASKCALL) smask[i++] = 'c';
  if (mask & LUA_MASKRET) smask[i++] = 'r';
  if (mask & LUA_MASKLINE) smask[i++] = 'l';
  smask[i] = '\0';
  return smask;
}

/* debug.sethook([thread,] hook, mask [, count]): as Lua's, but the host's hook stays. */
static int db_sethook(lua_State *L) {
  lsh_State *S = lsh_getstate(L);
  int arg;
  lua_State *T = targetthread(L, &arg);
  int mask = 0, count = 0;
  if (!lua_isnoneornil(L, arg + 1)) {
    const char *smask = luaL_checkstring(L, arg + 2);
    luaL_checktype(L, arg + 1, LUA_TFUNCTION);
    lua_Integer n = luaL_optinteger(L, arg + 3, 0);
    count = n < 0 ? 0 : n > INT_MAX ? INT_MAX : (int)n;
    mask = makemask(smask, count);
  }
  lua_rawgetp(L, LUA_REGISTRYINDEX, &lsh_hooks_key);
  luaL_checkstack(T, 1, "stack overflow");
  lua_pushthread(T);
  if (T != L) lua_xmove(T, L, 1);
  ScriptHook *h = NULL;
  if (mask != 0) {
    h = (ScriptHook *)lua_newuserdatauv(L, sizeof(ScriptHook), 1);
    h->mask = mask;
    h->count = count;
    h->left = count;
    lua_pushvalue(L, arg + 1);
    lua_setiuservalue(L, -2, 1);
    S->scripthooks = 1;
  } else {
    lua_pushnil(L);
  }
  lua_rawset(L, -3);
  applyhook(T, S, h);
  return 0;
}

/* debug.gethook([thread]): the script's own hook, mask and count (the host's is not shown). */
static int db_gethook(lua_State *L) {
  int arg;
  lua_State *T = targetthread(L, &arg);
  ScriptHook *h = pushscripthook(L, T);
  if (h == NULL) {
    lua_pushnil(L);
    return 1;
  }
  char buffer[5];
  lua_getiuservalue(L, -1, 1);
  lua_pushstring(L, unmakemask(h->mask, buffer));
  lua_pushinteger(L, h->count);
  return 3;
}

/* Replaces debug.sethook and debug.gethook in the debug table at `debuglib`, and makes the
   table of scripts' hooks. */
void lsh_installhooks(lua_State *L, int debuglib) {
  lsh_newweaktable(L, "k");
  lua_rawsetp(L, LUA_REGISTRYINDEX, &lsh_hooks_key);
  if (debuglib == 0) return;
  lua_pushcfunction(L, db_sethook);
  lua_setfield(L, debuglib, "sethook");
  lua_pushcfunction(L, db_gethook);
  lua_setfield(L, debuglib, "gethook");
}
