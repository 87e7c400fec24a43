#include "WorkerShim.h"

#if defined(__linux__)
#include <signal.h>
#include <sys/prctl.h>

int wsh_dieswithparent(void) {
  return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
}

int wsh_becomesubreaper(void) {
  return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}
#else
int wsh_dieswithparent(void) {
  return -1;
}

int wsh_becomesubreaper(void) {
  return -1;
}
#endif
