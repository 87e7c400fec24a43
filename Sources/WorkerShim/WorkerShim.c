#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include "WorkerShim.h"

#include <unistd.h>

#if defined(__linux__)
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>

int wsh_dieswithparent(void) {
  return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
}

int wsh_becomesubreaper(void) {
  return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

/* The CPUs the process could run on, and the one it ran on, when wsh_noteaffinity was
   called: a fork made after it has them too. */
static cpu_set_t original;
static int parentcpu = -1;

void wsh_noteaffinity(void) {
  parentcpu = -1;
  if (sched_getaffinity(0, sizeof original, &original) != 0 || CPU_COUNT(&original) < 2) return;
  parentcpu = sched_getcpu();
}

int wsh_leaveparentcpu(pid_t pid) {
  if (parentcpu < 0 || !CPU_ISSET(parentcpu, &original)) return -1;
  cpu_set_t others = original;
  CPU_CLR(parentcpu, &others);
  return sched_setaffinity(pid, sizeof others, &others);
}

int wsh_cpucount(void) {
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 1;
  return CPU_COUNT(&allowed);
}

void wsh_runanywhere(void) {
  if (parentcpu < 0) return;
  sched_setaffinity(0, sizeof original, &original);
}
#else
int wsh_dieswithparent(void) {
  return -1;
}

int wsh_becomesubreaper(void) {
  return -1;
}

void wsh_noteaffinity(void) {
}

int wsh_leaveparentcpu(pid_t pid) {
  (void)pid;
  return -1;
}

int wsh_cpucount(void) {
  long count = sysconf(_SC_NPROCESSORS_ONLN);
  return count > 0 ? (int)count : 1;
}

void wsh_runanywhere(void) {
}
#endif

