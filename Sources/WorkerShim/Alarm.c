/*
** The time limit of a test's calls in a process that runs one file and ends (a worker's fork,
** or the worker's own last file), kept by a timer's signal rather than a watchdog thread.
**
** A thread costs such a process as much as a tenth of its whole run (made, scheduled, ended
** with it), and a file's calls almost never reach their limit. So each call pushes its
** deadline on a stack here (a few stores), and one POSIX timer on the monotonic clock is set
** only when a deadline comes before the one it is set for: once per process, as later calls
** have later deadlines. When it expires the handler looks at the innermost call: not due yet
** (a later call's), it sets the timer again; due, it does what the watchdog thread would:
**
**   1. writes what the channel to the parent gathered (the parent then knows the call),
**   2. stops the Lua code (lsh_interrupthere: it raises at its next instruction),
**   3. looks every 10 ms at the thread's CPU time: code that has not reached the runner after
**      using that much more is stuck in a C function (a pattern that backtracks for ever),
**      and the handler then tells the parent, which ends the process.
**
** Code blocked rather than busy (reading a FIFO) uses no CPU time: the parent, which heard
** of the call in step 1, ends it once its silence outlasts the limit.
**
** Everything is on the one thread that runs the calls: the handler interrupts that thread,
** so the stack and the channel need no lock, only compiler fences, and a flag that says the
** thread is writing to the channel (the handler then tries again a millisecond later). The
** handler makes async-signal-safe calls only (clock_gettime, timer_settime, write) and
** lsh_interrupthere (a flag and lua_sethook, which Lua allows in a signal handler).
*/
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include "WorkerShim.h"

#include <errno.h>
#include <unistd.h>

volatile sig_atomic_t wsh_channelbusy = 0;

static int writeall(int fd, const char *bytes, size_t count) {
  while (count > 0) {
    ssize_t written = write(fd, bytes, count);
    if (written < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    bytes += written;
    count -= (size_t)written;
  }
  return 0;
}

int wsh_flushgathered(int fd, wsh_Gathered *gathered) {
  if (gathered == NULL) return 0;
  long count = gathered->count;
  gathered->callline = -1;
  if (count <= 0) return 0;
  gathered->count = 0;
  return writeall(fd, (const char *)(gathered + 1), (size_t)count);
}

#if defined(__linux__)
#include "LuaShim.h"

#include <stdatomic.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>

/* Calls nest this deep at most: a deeper one is not watched (its enclosing one still is). */
#define WSH_ARMS 32
#define WSH_MESSAGE 128
#define WSH_NEVER UINT64_MAX
/* What the timer says in its signal's value. */
#define WSH_DEADLINE 1
/* Nanoseconds between two looks at stopped code's CPU time, and a wait for the thread to
   be done writing to the channel. */
#define WSH_STUCKLOOK 10000000u
#define WSH_BUSYWAIT 1000000u

typedef struct {
  uint64_t deadline;  /* monotonic nanoseconds; WSH_NEVER for none */
  lua_State *L;
  int fired;          /* the handler stopped this call */
  uint64_t firedat;   /* the thread's CPU time then */
  int settled;        /* the stopped code reached the runner, or was said to be stuck */
  char message[WSH_MESSAGE];
} wsh_Arm;

static struct {
  wsh_Arm arms[WSH_ARMS];
  volatile sig_atomic_t count;    /* calls pushed, watched or not */
  volatile sig_atomic_t paused;   /* between wsh_alarmpop and wsh_alarmresume */
  int made;                       /* the deadline timer and the handler */
  timer_t deadline;
  volatile uint64_t setfor;       /* when `deadline` expires; WSH_NEVER when it is not set */
  uint64_t stucktime;             /* CPU nanoseconds; 0 for no stuck check */
  int fd;                         /* the channel to the parent; -1 for none */
  wsh_Gathered *gathered;         /* what the channel gathered; NULL for nothing */
  char stuckline[256];
  size_t stucklength;
} alarms = { .count = 0, .setfor = WSH_NEVER, .fd = -1 };

static inline void fence(void) {
  atomic_signal_fence(memory_order_seq_cst);
}

static uint64_t monotonic(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static struct timespec timespecof(uint64_t nanoseconds) {
  struct timespec spec = { (time_t)(nanoseconds / 1000000000u), (long)(nanoseconds % 1000000000u) };
  return spec;
}

/* The signal the timer sends to the thread that made it: one of the real-time signals
   glibc leaves to programs. */
static int alarmsignal(void) {
  return SIGRTMIN + 4;
}

static void ondeadline(void);

static void onalarm(int signal_number, siginfo_t *info, void *context) {
  (void)signal_number;
  (void)context;
  int saved = errno;
  if (info != NULL && info->si_code == SI_TIMER && info->si_value.sival_int == WSH_DEADLINE) ondeadline();
  errno = saved;
}

/* The timer, which signals the calling thread, with the handler installed. */
static int maketimer(timer_t *timer) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = onalarm;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_SIGINFO | SA_RESTART;
  if (sigaction(alarmsignal(), &action, NULL) != 0) return -1;
  struct sigevent event;
  memset(&event, 0, sizeof event);
  event.sigev_notify = SIGEV_THREAD_ID;
  event.sigev_signo = alarmsignal();
  event.sigev_value.sival_int = WSH_DEADLINE;
  /* sigev_notify_thread_id, which older C libraries do not name. */
  event._sigev_un._tid = (pid_t)syscall(SYS_gettid);
  return timer_create(CLOCK_MONOTONIC, &event, timer);
}

/* Sets the deadline timer for `when` (monotonic); from the handler, or with the signal
   blocked. */
static int setdeadline(uint64_t when) {
  struct itimerspec spec;
  memset(&spec, 0, sizeof spec);
  spec.it_value = timespecof(when > 0 ? when : 1);
  alarms.setfor = when;
  return timer_settime(alarms.deadline, TIMER_ABSTIME, &spec, NULL);
}

/* The same from the thread's normal flow, which the handler must not interrupt meanwhile. */
static int setdeadlinesafely(uint64_t when) {
  sigset_t mask, previous;
  sigemptyset(&mask);
  sigaddset(&mask, alarmsignal());
  pthread_sigmask(SIG_BLOCK, &mask, &previous);
  int status = 0;
  if (!alarms.made) {
    status = maketimer(&alarms.deadline);
    alarms.made = status == 0;
  }
  if (status == 0 && when < alarms.setfor) status = setdeadline(when);
  /* Unblocked whatever the thread had: a process inherits its mask from whoever started it. */
  sigdelset(&previous, alarmsignal());
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
  return status;
}

static wsh_Arm *innermost(void) {
  int count = alarms.count;
  return count > 0 && count <= WSH_ARMS ? &alarms.arms[count - 1] : NULL;
}

/* The thread's CPU time, for telling stuck code from code blocked waiting. */
static uint64_t cputime(void) {
  struct timespec now;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) != 0) return 0;
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static void ondeadline(void) {
  alarms.setfor = WSH_NEVER;
  wsh_Arm *arm = innermost();
  if (alarms.paused || arm == NULL) return;
  uint64_t now = monotonic();
  if (arm->fired) {
    /* Stopped: is it stuck? Looked at every WSH_STUCKLOOK while it has not reached the
       runner. */
    if (arm->settled || alarms.stucktime == 0) return;
    if (cputime() - arm->firedat < alarms.stucktime) {
      setdeadline(now + WSH_STUCKLOOK);
    } else if (wsh_channelbusy) {
      setdeadline(now + WSH_BUSYWAIT);
    } else {
      arm->settled = 1;
      if (alarms.fd >= 0) {
        wsh_flushgathered(alarms.fd, alarms.gathered);
        writeall(alarms.fd, alarms.stuckline, alarms.stucklength);
      }
    }
    return;
  }
  if (arm->deadline == WSH_NEVER) return;
  if (now < arm->deadline) {
    setdeadline(arm->deadline);
    return;
  }
  if (wsh_channelbusy) {
    setdeadline(now + WSH_BUSYWAIT);
    return;
  }
  if (alarms.fd >= 0) wsh_flushgathered(alarms.fd, alarms.gathered);
  arm->fired = 1;
  arm->firedat = cputime();
  lsh_interrupthere(arm->L, arm->message);
  if (alarms.stucktime > 0) setdeadline(now + WSH_STUCKLOOK);
}

void wsh_alarmchannel(int fd, wsh_Gathered *gathered, const char *stuckline, size_t length, uint64_t stucktime) {
  if (length > sizeof alarms.stuckline) length = 0;
  memcpy(alarms.stuckline, stuckline, length);
  alarms.stucklength = length;
  alarms.stucktime = stucktime;
  alarms.gathered = gathered;
  fence();
  alarms.fd = fd;
}

int wsh_alarmpush(uint64_t deadline, struct lua_State *L, const char *message) {
  int count = alarms.count;
  if (count < WSH_ARMS) {
    wsh_Arm *arm = &alarms.arms[count];
    arm->deadline = deadline;
    arm->L = L;
    arm->fired = 0;
    arm->settled = 0;
    size_t length = strlen(message);
    if (length >= WSH_MESSAGE) length = WSH_MESSAGE - 1;
    memcpy(arm->message, message, length);
    arm->message[length] = '\0';
  }
  fence();
  alarms.count = count + 1;
  alarms.paused = 0;
  fence();
  if (count < WSH_ARMS && deadline < alarms.setfor) return setdeadlinesafely(deadline);
  return 0;
}

int wsh_alarmpop(void) {
  alarms.paused = 1;
  fence();
  int count = alarms.count;
  if (count == 0) return 0;
  int fired = count <= WSH_ARMS && alarms.arms[count - 1].fired;
  fence();
  alarms.count = count - 1;
  return fired;
}

void wsh_alarmresume(void) {
  alarms.paused = 0;
  fence();
  wsh_Arm *arm = innermost();
  if (arm == NULL) return;
  /* The enclosing call's deadline may have passed meanwhile: the timer, set for a time gone
     by, expires at once. Stopped, it is looked at again for being stuck. */
  if (!arm->fired) {
    if (arm->deadline < alarms.setfor) setdeadlinesafely(arm->deadline);
  } else if (!arm->settled && alarms.stucktime > 0) {
    setdeadlinesafely(monotonic() + WSH_STUCKLOOK);
  }
}

int wsh_alarmfired(void) {
  wsh_Arm *arm = innermost();
  return arm != NULL && arm->fired;
}

void wsh_alarmacknowledge(void) {
  wsh_Arm *arm = innermost();
  if (arm != NULL) arm->settled = 1;
}

void wsh_alarmstop(void) {
  alarms.paused = 1;
  fence();
  alarms.count = 0;
  if (alarms.made) {
    struct itimerspec off;
    memset(&off, 0, sizeof off);
    timer_settime(alarms.deadline, 0, &off, NULL);
    alarms.setfor = WSH_NEVER;
  }
}

#endif
