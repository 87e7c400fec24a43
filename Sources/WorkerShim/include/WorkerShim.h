/*
** WorkerShim: what a test worker asks of the system that Swift cannot call.
*/
#ifndef WORKERSHIM_H
#define WORKERSHIM_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>
#include <stdint.h>

/* Has the calling process killed when its parent ends (Linux; elsewhere nothing happens):
   a fork running a test file dies with the worker that made it, whatever it is doing. prctl
   is variadic, which Swift cannot call. Returns 0, or -1 where it cannot be done. */
int wsh_dieswithparent(void);

/* Makes the calling process the one its orphaned descendants are handed to (Linux; elsewhere
   nothing happens): a worker that another worker made as a copy of itself, through a fork
   that ends at once, becomes its child, which it can wait for. Returns 0, or -1. */
int wsh_becomesubreaper(void);

/* Notes the CPUs the caller may run on and the one it runs on, before it forks (Linux;
   elsewhere nothing happens): the child then leaves its parent's CPU for the others, until
   wsh_runanywhere. A fork starts on its parent's CPU, where one of the two waits until the
   other blocks (or the load balancer moves one, a millisecond or more later) while another
   CPU idles; so both ask for the move (wsh_leaveparentcpu), whichever runs first. The first
   test worker gets ready while the command reads its command line. */
void wsh_noteaffinity(void);
/* In the parent with the child's pid, or in the child with 0: the child leaves the CPU the
   parent noted. Returns 0, or -1 where there is no other CPU. */
int wsh_leaveparentcpu(pid_t pid);
/* The caller runs on every CPU noted by wsh_noteaffinity again. */
void wsh_runanywhere(void);
/* The CPUs the calling process may run on (at least 1). */
int wsh_cpucount(void);

/* What a fork's channel to its parent gathered, in memory the worker shares: this header,
   then `count` bytes of whole lines. `callline` is where the last line starts when it is a
   call's (a result that follows takes its place), or -1. */
typedef struct {
  long count;
  long callline;
} wsh_Gathered;

/* Writes the lines gathered to fd and empties the buffer. Async-signal-safe. Returns 0, or
   -1 when the write failed (the parent is gone). */
int wsh_flushgathered(int fd, wsh_Gathered *gathered);

/* Set while the thread writes to the channel or the lines gathered: the time limit's
   handler (below) then waits for it. */
extern volatile sig_atomic_t wsh_channelbusy;
static inline void wsh_enterchannel(void) { wsh_channelbusy = 1; }
static inline void wsh_leavechannel(void) { wsh_channelbusy = 0; }

/* The time limit of a test's calls by a timer's signal, in a process that runs one file and
   ends, all on the thread that runs its calls (Linux; see Alarm.c). */
struct lua_State;
/* The channel the handler writes to as a call reaches its limit (what was gathered) and
   when stopped code is stuck (what was gathered, then `stuckline`, at most 256 bytes), and
   the CPU time (nanoseconds) after which stopped code that has not reached the runner is
   stuck; 0 for no such check. Without it, nothing is written. */
void wsh_alarmchannel(int fd, wsh_Gathered *gathered, const char *stuckline, size_t length, uint64_t stucktime);
/* A call starts, to be stopped with `message` at `deadline` (monotonic nanoseconds;
   UINT64_MAX for never). Returns 0, or -1 when the timer cannot be made or set. */
int wsh_alarmpush(uint64_t deadline, struct lua_State *L, const char *message);
/* The innermost call ended: returns whether it was stopped. Its enclosing call is watched
   again from wsh_alarmresume. */
int wsh_alarmpop(void);
void wsh_alarmresume(void);
/* Whether the innermost call was stopped. */
int wsh_alarmfired(void);
/* The innermost call, stopped, reached the runner: it is not stuck. */
void wsh_alarmacknowledge(void);
/* No call is watched any more. */
void wsh_alarmstop(void);

#endif
