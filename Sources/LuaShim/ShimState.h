/*
** What the shim's files share: the per-state bookkeeping and the layout of the userdata
** that hold Swift objects. Not part of the public header; Swift never sees it.
*/
#ifndef LSH_SHIMSTATE_H
#define LSH_SHIMSTATE_H

#include "LuaShim.h"

#include <pthread.h>
#include <stdatomic.h>

/* A Swift function running for Lua, recorded on the C stack by the trampoline: entering
   Swift costs a few stores to memory that is already in the cache. */
typedef struct lsh_Frame {
  lua_State *L;              /* the thread that called it, which Swift calls back on */
  int calls;                 /* the depth of calls into Lua when it started */
  struct lsh_Frame *caller;  /* the Swift function below it, or NULL */
} lsh_Frame;

/*
** A class of Swift objects as the metamethods see it. Every object carries a pointer to
** its class, set when the userdata is made and out of a script's reach, so a metamethod
** reached with another class's object (a swapped metatable, a metamethod called by hand)
** tells it apart whatever the object's metatable says.
*/
typedef struct lsh_Class {
  struct lsh_Class *next;  /* the state's classes, freed when it closes */
  int strict;              /* its own instances take no fields: unknown properties are errors */
  char name[];             /* the class's Lua name, for messages */
} lsh_Class;

/* Marks the userdata that hold Swift objects. */
#define LSH_MAGIC UINT64_C(0x4c7553637265656e) /* "LuScreen" */

typedef struct lsh_Object {
  uint64_t magic;
  void *object;     /* the retained Swift object; NULL once released */
  lsh_Class *cls;   /* the class whose metatable the object was given */
} lsh_Object;

/* A Lua function the shim runs for a script outside the normal flow of calls (a hook
   function, a finalizer), on a thread of its own where debug hooks, and so the budget,
   apply. Linked from the innermost run outwards. */
typedef struct lsh_Run {
  lua_State *thread;     /* the thread it runs on */
  lua_State *hooked;     /* for a hook function: the thread whose hook fired, else NULL */
  struct lsh_Run *outer;
} lsh_Run;

/* Swift functions that live as long as the state, each a light C function of its own. */
#define LSH_STATICS 1024

/* The limits that can stop an outermost call (lsh_State.exhausted). */
#define LSH_INSTRUCTIONS 1
#define LSH_CPUTIME      2

/* The lines that ran, while coverage is on (Coverage.c). */
typedef struct lsh_Coverage lsh_Coverage;

/* The memory of a state that switched to fresh memory (FreshMemory.c). */
typedef struct lsh_Fresh lsh_Fresh;
void lsh_freefresh(lsh_Fresh *F);

/* Per-state bookkeeping; a pointer to it sits in the extra space of every thread. */
typedef struct lsh_State {
  size_t limit;          /* memory cap in bytes, 0 = none */
  size_t used;           /* bytes currently allocated */
  size_t bigblocks;      /* blocks of LSH_BIGBLOCK bytes or more (see callswift) */
  long long budget;      /* instructions per outermost call, 0 = unlimited */
  long long remaining;   /* instructions left in the current outermost call */
  int calls;             /* depth of calls from Swift into Lua (lsh_pcall, lsh_load) */
  int exhausted;         /* the limit that ran out during the current outermost call, or 0 */
  char exhaustedwhere[256];  /* where it ran out ("file:line: "), for every stop after it */
  /* The CPU time limit (Watchdog.c). */
  long long cpulimit;    /* nanoseconds of CPU time per outermost call, 0 = none */
  unsigned long long serial;  /* numbers the outermost calls, from 1 */
  atomic_ullong watched; /* the serial of the call the watchdog watches, 0 between calls */
  atomic_ullong cpuup;   /* the serial of a call the watchdog found out of time */
  _Atomic(lua_State *) running;  /* the thread running Lua code now (NULL between calls) */
  struct lsh_Watch *watch;  /* the watchdog's record of the state while it has a CPU limit */
  int tracksthread;      /* another thread may stop the calls (a CPU limit, lsh_interruptfrom) */
  _Atomic(pthread_t) callthread;  /* with tracksthread: the thread of the last outermost call */
  atomic_int hascallthread;       /* whether callthread was set */
  int sharing;           /* finalizers run under one budget for all (a pass outside any call,
                            or the state's close): 1, or 2 once the first was skipped */
  lua_State *main;       /* the main thread, whose stack index 1 holds the message handler */
  lsh_Frame *frame;      /* the innermost Swift function running for Lua, NULL at the top level */
  atomic_int interrupted;  /* lsh_interrupt asked the running code to stop */
  unsigned long long methods;  /* see lsh_methodsversion */
  char interruption[256];  /* the message it stops with, written before the flag is set */
  int closing;           /* lua_close is finalizing everything */
  int warnon;            /* warnings are shown ("@on"/"@off") */
  int warncontinued;     /* the last warning piece asked to be continued */
  int identity;          /* registry slot of the table from Swift objects to their userdata */
  int scripthooks;       /* a script has set a debug hook at some point */
  lsh_Coverage *coverage;  /* the lines that ran, while coverage is on; NULL otherwise */
  lsh_Fresh *fresh;      /* where new blocks come from after lsh_usefreshmemory; NULL before */
  int binarychunks;      /* load and its kin take binary chunks (lsh_allowbinarychunks) */
  lsh_Run *run;          /* the innermost function run for a script (see lsh_Run) */
  int pendingfinalizers; /* objects whose finalizer waits for a safe point */
  int finalizing;        /* the pending finalizers are running */
  lsh_Class *classes;    /* every class made in the state */
  lsh_Check check;       /* called every `checkevery` instructions while set (lsh_setcheck) */
  void *checkcontext;
  long long checkevery, checkleft;
  /* Standard functions the guarded versions delegate to. */
  lua_CFunction load, loadfile, searchpath;
  lua_CFunction getinfo, getlocal, setlocal, traceback;
  int nstatics;          /* slots of `statics` in use */
  void *statics[LSH_STATICS];  /* the Swift functions that live as long as the state */
} lsh_State;

static inline lsh_State *lsh_getstate(lua_State *L) {
  return *(lsh_State **)lua_getextraspace(L);
}

/* Calls into Lua and Swift functions called from Lua alternate on the C stack, so Swift is
   the innermost native frame exactly when no call into Lua started since the innermost
   Swift function did. */
static inline int lsh_inswift(const lsh_State *S) {
  return S->calls == (S->frame ? S->frame->calls : 0);
}

/* [-0, +1, m] Pushes a new table whose keys ("k") or values ("v") are weak. */
static inline void lsh_newweaktable(lua_State *L, const char *mode) {
  lua_createtable(L, 0, 0);
  lua_createtable(L, 0, 1);
  lua_pushstring(L, mode);
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
}

/* The object in the userdata at idx, or NULL when it is not one of ours. */
static inline lsh_Object *lsh_checkobject(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) != sizeof(lsh_Object)) return NULL;
  lsh_Object *o = (lsh_Object *)lua_touserdata(L, idx);
  return o->magic == LSH_MAGIC ? o : NULL;
}

/* Registry keys of the shim's own values (their addresses are unique light userdata). The
   registry is out of scripts' reach: debug.getregistry is refused. */
extern const char lsh_hooks_key;      /* thread -> the script's hook on it (weak keys) */
extern const char lsh_runner_key;     /* the thread functions are run on (lsh_run) */
extern const char lsh_sentinels_key;  /* table -> the sentinel that finalizes it (weak keys) */
extern const char lsh_pending_key;    /* the objects waiting for their finalizer, in order */
extern const char lsh_sentinelmeta_key;

/* Watchdog.c */
extern atomic_int lsh_watchdogparked;
void lsh_wakewatchdog(void);
void lsh_unwatch(lsh_State *S);
void lsh_installcoroutines(lua_State *L);

void lsh_hook(lua_State *L, lua_Debug *ar);
/* Watchdog.c: notes the thread of S's calls, which takes the watchdog's signal from then on
   (a thread that blocks it, as a thread pool's may, stops blocking it). */
void lsh_notecallthread(lsh_State *S);

/*
** Starts an outermost call: a fresh instruction budget and a serial of its own, which the
** watchdog sees under a CPU limit. Only stores to memory: the watchdog reads the clock, not
** the call. A parked watchdog (no call for a while) is woken, which is rare and the one
** system call.
*/
static inline void lsh_begincall(lsh_State *S) {
  S->remaining = S->budget;
  S->exhausted = 0;
  S->exhaustedwhere[0] = '\0';
  S->serial++;
  if (S->tracksthread) {
    /* Main-actor code may move between threads (a test harness's): the signal goes to the
       one running this call, which must take it. */
    if (!atomic_load_explicit(&S->hascallthread, memory_order_relaxed) ||
        !pthread_equal(atomic_load_explicit(&S->callthread, memory_order_relaxed), pthread_self()))
      lsh_notecallthread(S);
    /* Stopped from another thread between calls (lsh_interruptfrom): this call stops at once. */
    if (atomic_load_explicit(&S->interrupted, memory_order_acquire)) lua_sethook(S->main, lsh_hook, LUA_MASKCOUNT, 1);
  }
  if (S->cpulimit != 0) {
    atomic_store_explicit(&S->watched, S->serial, memory_order_release);
    if (atomic_load_explicit(&lsh_watchdogparked, memory_order_relaxed)) lsh_wakewatchdog();
  }
}

/* Ends an outermost call for the watchdog. */
static inline void lsh_unwatchcall(lsh_State *S) {
  atomic_store_explicit(&S->watched, 0, memory_order_relaxed);
}

/* Whether the watchdog found the current outermost call out of CPU time. */
static inline int lsh_cpuup(lsh_State *S) {
  return S->cpulimit != 0 && atomic_load_explicit(&S->cpuup, memory_order_relaxed) == S->serial;
}

/* Publishes T as the thread running Lua code, for the watchdog's signal, and returns the one
   it replaces, which the caller puts back once T stops running (see Watchdog.c). */
static inline lua_State *lsh_setrunning(lsh_State *S, lua_State *T) {
  lua_State *previous = atomic_load_explicit(&S->running, memory_order_relaxed);
  atomic_store_explicit(&S->running, T, memory_order_relaxed);
  return previous;
}

/* Watchdog.c: asks the thread of S's calls to fire its running thread's count hook at the
   next instruction, with SIGXCPU, as the CPU limit does; from any thread. */
void lsh_pokecallthread(lsh_State *S);

/* Hooks.c */
void lsh_hook(lua_State *L, lua_Debug *ar);
void lsh_applyhook(lua_State *T, lsh_State *S);
int lsh_run(lua_State *L, lsh_State *S, int nargs, lua_State *hooked);
lua_State *lsh_hookedthread(lua_State *L);
void lsh_installhooks(lua_State *L, int debuglib);

/* Coverage.c: records the line of a line event; frees what was recorded. */
void lsh_coverline(lua_State *L, lsh_State *S, lua_Debug *ar);
void lsh_freecoverage(lsh_State *S);

/* Finalizers.c */
void lsh_installfinalizers(lua_State *L);
void lsh_runpendingfinalizers(lua_State *L);

/* Libraries.c */
void lsh_installguards(lua_State *L);

#endif
