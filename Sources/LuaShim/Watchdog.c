/*
** The CPU time limit: a watchdog thread, a signal, and the thread running Lua code.
**
** The count hook is the one place a Lua error can be raised safely, but it fires every
** thousand instructions, and one instruction can be a C call that takes long (sorting a big
** table, a pattern match): a loop of them reaches the hook once in many seconds. Reading the
** clock in the hook would cost a system call each time and still wait for the hook.
**
** So a thread watches the clock: nothing on the loop's thread runs while it is inside a C
** call, and a watchdog is one of the two reasons the host runs a thread. Every LSH_TICK it
** reads the CPU clock of the thread each state with a limit runs on, and when the outermost
** call running there has used its limit it marks the call out of time and sends that thread
** SIGXCPU: a signal is the one way to run code on the loop's thread in the middle of a C
** call, and only that thread may touch its Lua states. The handler makes the Lua thread that
** runs there fire its count hook at its next instruction (lua_sethook, which Lua allows in a
** signal handler and not from another thread), and the hook raises the error. An
** instruction still inside a C call raises when that call returns: one endless C call
** cannot be stopped in the process. It is all C because the handler may make only
** async-signal-safe calls, which Swift code cannot promise.
**
** The loop thread pays two stores to memory per outermost call (lsh_begincall,
** lsh_unwatchcall; screens-bench measures it): the watchdog notes the CPU time when it
** first sees a call, so a call is charged from at most a tick after it began, and calls
** shorter than a tick are never looked at. After LSH_PARK ticks without a call the watchdog
** parks, and the next call wakes it.
**
** Code running in a coroutine is on another lua_State than the main thread, which is why
** coroutine.resume and coroutine.wrap are the shim's: they publish the thread they resume
** as the running one (lsh_setrunning), so that the signal reaches the coroutine itself.
*/
#include "ShimState.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#if defined(__APPLE__)
#include <mach/mach.h>
#endif

/* Nanoseconds between two looks at the clocks. */
#define LSH_TICK 100000000L
/* Ticks without a call before the watchdog parks. */
#define LSH_PARK 10
/* Seconds a parked watchdog sleeps at most: a call that began just as it parked may miss
   waking it (the loop thread publishes with a release store, not a full fence), and is then
   seen this late. */
#define LSH_PARKLIMIT 1

/* The watchdog's record of a state with a CPU limit. Guarded by the watchdog's lock. */
typedef struct lsh_Watch {
  struct lsh_Watch *next;
  lsh_State *state;
  long long limit;             /* nanoseconds, the state's cpulimit */
  unsigned long long seen;     /* the serial of the last call seen running */
  long long seenat;            /* the thread's CPU time when that call was first seen */
} lsh_Watch;

static struct {
  pthread_mutex_t lock;
  pthread_cond_t wake;
  lsh_Watch *watches;
  int started;
} watchdog = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0 };

atomic_int lsh_watchdogparked = 0;

/* A signal the watchdog sent and the handler has not taken yet (0 or 1): the watchdog
   sends one at a time, so that the handler can tell its signals from the system's. */
static atomic_int pokes = 0;
/* What the pending signal is for: the state whose running thread it stops (NULL once the
   state is gone), and the thread it was sent to. Written only while `pokes` is 1. */
static _Atomic(lsh_State *) poked = NULL;
static _Atomic(pthread_t) poketarget;

/* -------------------------------------------------------------------------- */
/* The signal                                                                 */

/*
** Whether the signal is one this process sent a thread of its own (pthread_kill): on Linux
** the kernel says so (SI_TKILL, from our pid), so that a poke that arrives late, after the
** watchdog gave up waiting for it, is told from the system's SIGXCPU. Elsewhere only the
** slot below tells them apart.
*/
static int sentbyus(const siginfo_t *info) {
#if defined(__linux__)
  return info != NULL && info->si_code == SI_TKILL && info->si_pid == getpid();
#else
  (void)info;
  return 1;
#endif
}

/*
** On the state's thread: the running Lua thread fires its count hook at the next instruction.
** Async-signal-safe calls only. A SIGXCPU the watchdog did not send (it sends to one thread,
** one at a time) is the system's warning that the process passed its CPU limit
** (RLIMIT_CPU), whose default action, ending the process, is kept. A poke of ours that
** finds its slot taken back does nothing: the hook it would set is set again by the next.
*/
static void onsigxcpu(int signal_number, siginfo_t *info, void *context) {
  (void)context;
  int saved = errno;
  int one = 1;
  if (!sentbyus(info)) {
    signal(signal_number, SIG_DFL);
    raise(signal_number);
  } else if (pthread_equal(atomic_load_explicit(&poketarget, memory_order_acquire), pthread_self()) &&
             atomic_compare_exchange_strong_explicit(&pokes, &one, 0, memory_order_acquire, memory_order_relaxed)) {
    lsh_State *S = atomic_exchange_explicit(&poked, NULL, memory_order_acquire);
    lua_State *T = S != NULL ? atomic_load_explicit(&S->running, memory_order_relaxed) : NULL;
    if (T != NULL) lua_sethook(T, lsh_hook, LUA_MASKCOUNT, 1);
  } else {
#if !defined(__linux__)
    signal(signal_number, SIG_DFL);
    raise(signal_number);
#endif
  }
  errno = saved;
}

/* Installs the handler, once; called locked. Nothing is chained: SIGXCPU is the
   watchdog's, and the system's own use of it keeps its default action (see onsigxcpu). */
static int installhandler(void) {
  static int installed = 0;
  if (installed) return 0;
  struct sigaction action;
  action.sa_sigaction = onsigxcpu;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART | SA_SIGINFO;
  if (sigaction(SIGXCPU, &action, NULL) != 0) return -1;
  installed = 1;
  return 0;
}

/* Sends the signal for S to `thread`, unless one is still on its way; returns whether it
   sent one. */
static int poke(lsh_State *S, pthread_t thread) {
  int none = 0;
  if (!atomic_compare_exchange_strong_explicit(&pokes, &none, 1, memory_order_relaxed, memory_order_relaxed)) return 0;
  atomic_store_explicit(&poked, S, memory_order_relaxed);
  atomic_store_explicit(&poketarget, thread, memory_order_release);
  if (pthread_kill(thread, SIGXCPU) != 0) {
    /* The thread is gone: no signal holds the slot. */
    atomic_store_explicit(&poked, NULL, memory_order_relaxed);
    atomic_store_explicit(&pokes, 0, memory_order_release);
    return 0;
  }
  return 1;
}

/* Ticks the watchdog waits for a poke to be taken before it takes the slot back: a thread
   that blocks the signal, or one that is ending, must not keep every other state's calls
   from being stopped. Only where a late poke is told from the system's (sentbyus). */
#define LSH_POKEWAIT 10

/* The watchdog's poke: the slot taken back from a poke that waited LSH_POKEWAIT ticks.
   Called locked, on the watchdog thread. */
static void pokefromwatchdog(lsh_State *S, pthread_t thread) {
  static int waited = 0;
  if (poke(S, thread)) {
    waited = 0;
    return;
  }
#if defined(__linux__)
  if (++waited >= LSH_POKEWAIT) {
    waited = 0;
    atomic_store_explicit(&pokes, 0, memory_order_release);
    poke(S, thread);
  }
#endif
}

/* -------------------------------------------------------------------------- */
/* The watchdog                                                               */

/* The CPU time `thread` has used, in nanoseconds, or -1. */
static long long cputime(pthread_t thread) {
#if defined(__APPLE__)
  thread_basic_info_data_t info;
  mach_msg_type_number_t count = THREAD_BASIC_INFO_COUNT;
  if (thread_info(pthread_mach_thread_np(thread), THREAD_BASIC_INFO, (thread_info_t)&info, &count) != KERN_SUCCESS) return -1;
  return ((long long)info.user_time.seconds + info.system_time.seconds) * 1000000000LL +
         ((long long)info.user_time.microseconds + info.system_time.microseconds) * 1000LL;
#else
  clockid_t clock;
  struct timespec now;
  if (pthread_getcpuclockid(thread, &clock) != 0 || clock_gettime(clock, &now) != 0) return -1;
  return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
#endif
}

/* Looks at one state; returns whether a call is running there. Called locked. */
static int look(lsh_Watch *w) {
  lsh_State *S = w->state;
  unsigned long long serial = atomic_load_explicit(&S->watched, memory_order_acquire);
  if (serial == 0) return 0;
  /* The call's thread, published before its serial (lsh_begincall). */
  pthread_t thread = atomic_load_explicit(&S->callthread, memory_order_relaxed);
  long long now = cputime(thread);
  if (now < 0) return 1;
  if (serial != w->seen) {
    w->seen = serial;
    w->seenat = now;
  } else if (now - w->seenat >= w->limit) {
    /* Poked again each tick while the call goes on: a poke can land while the thread sets
       its own hook, which then overwrites it. */
    atomic_store_explicit(&S->cpuup, serial, memory_order_relaxed);
    pokefromwatchdog(S, thread);
  }
  return 1;
}

static int anycall(void) {
  for (lsh_Watch *w = watchdog.watches; w != NULL; w = w->next)
    if (atomic_load_explicit(&w->state->watched, memory_order_acquire) != 0) return 1;
  return 0;
}

/* Waits until a call or a new state wakes it, LSH_PARKLIMIT seconds at most. Called locked. */
static void park(void) {
  atomic_store_explicit(&lsh_watchdogparked, 1, memory_order_relaxed);
  /* A call that began before the flag showed did not wake it. */
  if (!anycall()) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += LSH_PARKLIMIT;
    pthread_cond_timedwait(&watchdog.wake, &watchdog.lock, &until);
  }
  atomic_store_explicit(&lsh_watchdogparked, 0, memory_order_relaxed);
}

static void *watch(void *unused) {
  (void)unused;
  int idle = 0;
  pthread_mutex_lock(&watchdog.lock);
  for (;;) {
    int busy = 0;
    for (lsh_Watch *w = watchdog.watches; w != NULL; w = w->next) busy |= look(w);
    idle = busy ? 0 : idle + 1;
    if (watchdog.watches == NULL) {
      pthread_cond_wait(&watchdog.wake, &watchdog.lock);
    } else if (idle >= LSH_PARK) {
      park();
      idle = 0;
    } else {
      struct timespec tick = { 0, LSH_TICK };
      pthread_mutex_unlock(&watchdog.lock);
      nanosleep(&tick, NULL);
      pthread_mutex_lock(&watchdog.lock);
    }
  }
  return NULL;
}

/* Starts the thread, once; called locked. It blocks every signal: a signal the process
   receives (Ctrl-C's SIGINT) must reach the threads that run Lua, whose handlers may touch
   their states. */
static int startwatchdog(void) {
  if (watchdog.started) return 0;
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_t thread;
  int failed = pthread_create(&thread, &attributes, watch, NULL);
  pthread_attr_destroy(&attributes);
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
  if (failed) return -1;
  watchdog.started = 1;
  return 0;
}

void lsh_wakewatchdog(void) {
  pthread_mutex_lock(&watchdog.lock);
  /* The calls after this one need not wake it again. */
  atomic_store_explicit(&lsh_watchdogparked, 0, memory_order_relaxed);
  pthread_cond_signal(&watchdog.wake);
  pthread_mutex_unlock(&watchdog.lock);
}

/* Removes S's record; called locked. A signal still on its way finds no state. */
static void forget(lsh_State *S) {
  if (S->watch == NULL) return;
  for (lsh_Watch **p = &watchdog.watches; *p != NULL; p = &(*p)->next) {
    if (*p == S->watch) {
      *p = S->watch->next;
      break;
    }
  }
  lsh_State *expected = S;
  atomic_compare_exchange_strong_explicit(&poked, &expected, NULL, memory_order_relaxed, memory_order_relaxed);
  free(S->watch);
  S->watch = NULL;
}

int lsh_setcpulimit(lua_State *L, double seconds) {
  lsh_State *S = lsh_getstate(L);
  /* Rounded to the nanosecond, so that the message gives back the seconds set; at most 10^9 s
     (some 31 years), so that they fit; NaN and negatives are none. */
  long long limit = seconds > 0 ? (long long)((seconds < 1e9 ? seconds : 1e9) * 1e9 + 0.5) : 0;
  if (seconds > 0 && limit == 0) limit = 1;
  if (limit == 0 && S->watch == NULL) {
    S->cpulimit = 0;
    return 0;
  }
  int status = 0;
  pthread_mutex_lock(&watchdog.lock);
  if (limit == 0) {
    forget(S);
  } else {
    if (S->watch == NULL) {
      lsh_Watch *w = (lsh_Watch *)calloc(1, sizeof(lsh_Watch));
      if (w == NULL || installhandler() != 0 || startwatchdog() != 0) {
        free(w);
        limit = 0;
        status = -1;
      } else {
        w->state = S;
        w->next = watchdog.watches;
        watchdog.watches = w;
        S->watch = w;
        pthread_cond_signal(&watchdog.wake);
      }
    }
    if (S->watch != NULL) {
      /* The clock read and the thread signalled are each call's own (lsh_begincall). */
      S->watch->limit = limit;
      S->tracksthread = 1;
    }
  }
  pthread_mutex_unlock(&watchdog.lock);
  if (limit != 0) {
    /* The signal must reach this thread: a test harness may have blocked it. */
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGXCPU);
    pthread_sigmask(SIG_UNBLOCK, &mask, NULL);
  }
  S->cpulimit = limit;
  return status;
}

void lsh_unwatch(lsh_State *S) {
  lsh_unwatchcall(S);
  /* A poke still on its way (lsh_pokecallthread's) finds no state. */
  lsh_State *expected = S;
  atomic_compare_exchange_strong_explicit(&poked, &expected, NULL, memory_order_relaxed, memory_order_relaxed);
  if (S->watch == NULL) return;
  pthread_mutex_lock(&watchdog.lock);
  forget(S);
  pthread_mutex_unlock(&watchdog.lock);
}

void lsh_notecallthread(lsh_State *S) {
  sigset_t mask;
  sigemptyset(&mask);
  sigaddset(&mask, SIGXCPU);
  pthread_sigmask(SIG_UNBLOCK, &mask, NULL);
  atomic_store_explicit(&S->callthread, pthread_self(), memory_order_relaxed);
  atomic_store_explicit(&S->hascallthread, 1, memory_order_release);
}

void lsh_pokecallthread(lsh_State *S) {
  if (!atomic_load_explicit(&S->hascallthread, memory_order_acquire)) return;
  pthread_t thread = atomic_load_explicit(&S->callthread, memory_order_relaxed);
  pthread_mutex_lock(&watchdog.lock);
  int installed = installhandler();
  pthread_mutex_unlock(&watchdog.lock);
  if (installed != 0) return;
  /* One signal is on its way at a time: wait for the slot, a millisecond at a time, up to a
     second (the watchdog's own pokes take it a moment each). Where a late poke is told
     from the system's SIGXCPU (Linux), a slot still held then is taken back: a poke that
     never arrives (a thread ending, one that blocks the signal) must not cost an interrupt. */
  for (int tries = 0; tries < 1000; tries++) {
    if (poke(S, thread)) return;
    struct timespec pause = { 0, 1000000L };
    nanosleep(&pause, NULL);
  }
#if defined(__linux__)
  atomic_store_explicit(&pokes, 0, memory_order_release);
  poke(S, thread);
#endif
}

/* -------------------------------------------------------------------------- */
/* coroutine.resume and coroutine.wrap                                        */

/* Resumes co with the running thread published around the resume, which is all that runs
   between the two stores: nothing raises there. A coroutine that ran out of time or
   instructions ends with the error, and its resumer stops at its next instruction too. */
static int resume(lua_State *L, lua_State *co, int narg, int *nres) {
  lsh_State *S = lsh_getstate(L);
  lua_State *previous = lsh_setrunning(S, co);
  int status = lua_resume(co, L, narg, nres);
  lsh_setrunning(S, previous);
  if ((S->exhausted && S->calls > 0) || atomic_load_explicit(&S->interrupted, memory_order_relaxed))
    lua_sethook(L, lsh_hook, LUA_MASKCOUNT, 1);
  return status;
}

/* lcorolib's auxresume: the results, or -1 with the message, on L. */
static int auxresume(lua_State *L, lua_State *co, int narg) {
  if (!lua_checkstack(co, narg)) {
    lua_pushliteral(L, "too many arguments to resume");
    return -1;
  }
  lua_xmove(L, co, narg);
  int nres;
  int status = resume(L, co, narg, &nres);
  if (status == LUA_OK || status == LUA_YIELD) {
    if (!lua_checkstack(L, nres + 1)) {
      lua_pop(co, nres);
      lua_pushliteral(L, "too many results to resume");
      return -1;
    }
    lua_xmove(co, L, nres);
    return nres;
  }
  lua_xmove(co, L, 1);
  return -1;
}

/* coroutine.resume(co, ...), Lua's. */
static int coresume(lua_State *L) {
  lua_State *co = lua_tothread(L, 1);
  luaL_argexpected(L, co, 1, "coroutine");
  int r = auxresume(L, co, lua_gettop(L) - 1);
  if (r < 0) {
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
  }
  lua_pushboolean(L, 1);
  lua_insert(L, -(r + 1));
  return r + 1;
}

/* The function coroutine.wrap returns, Lua's auxwrap. Upvalue: the coroutine. */
static int auxwrap(lua_State *L) {
  lua_State *co = lua_tothread(L, lua_upvalueindex(1));
  int r = auxresume(L, co, lua_gettop(L));
  if (r >= 0) return r;
  lsh_State *S = lsh_getstate(L);
  int status = lua_status(co);
  if (status != LUA_OK && status != LUA_YIELD) {
    /* Closing runs the coroutine's to-be-closed variables, on the coroutine. */
    lua_State *previous = lsh_setrunning(S, co);
#if defined(LUA_VERSION_RELEASE_NUM) && LUA_VERSION_RELEASE_NUM >= 50406
    status = lua_closethread(co, L);
#else
    status = lua_resetthread(co);
#endif
    lsh_setrunning(S, previous);
    lua_xmove(co, L, 1);
  }
  /* A limit's error already names the line where the time went. */
  int stopped = (S->exhausted && S->calls > 0) || atomic_load_explicit(&S->interrupted, memory_order_relaxed);
  if (status != LUA_ERRMEM && !stopped && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

/* coroutine.wrap(f), Lua's. */
static int cowrap(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_State *co = lua_newthread(L);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  lua_pushcclosure(L, auxwrap, 1);
  return 1;
}

/* Replaces resume and wrap in the coroutine table on top. */
void lsh_installcoroutines(lua_State *L) {
  if (lua_getfield(L, -1, "resume") == LUA_TFUNCTION) {
    lua_pushcfunction(L, coresume);
    lua_setfield(L, -3, "resume");
  }
  lua_pop(L, 1);
  if (lua_getfield(L, -1, "wrap") == LUA_TFUNCTION) {
    lua_pushcfunction(L, cowrap);
    lua_setfield(L, -3, "wrap");
  }
  lua_pop(L, 1);
}
