/*
** Ctrl-C in the REPL: the SIGINT handler stops the chunk that runs, as lua.c's laction does.
**
** The handler needs the running lua_State, and a signal handler reaches nothing but globals:
** so the state is kept in one process-wide cell, set by the REPL around each line it
** evaluates and cleared after. Only one REPL reads a terminal in a process, so the cell is
** never shared by two hosts. The handler makes only async-signal-safe calls: lsh_interrupt
** (an atomic flag and lua_sethook, which Lua documents as safe from a signal) and write(2).
*/
#include "ShimState.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

static _Atomic(lua_State *) sigint_state = NULL;
/* The thread that set sigint_state, which runs its code: a signal for the process may land on
   any thread, and only that one may touch the state. */
static _Atomic(pthread_t) sigint_thread;
static volatile sig_atomic_t sigint_pipe = -1;
static struct sigaction sigint_previous;
static int sigint_installed = 0;

static void on_sigint(int signal_number) {
  int saved = errno;
  lua_State *L = atomic_load_explicit(&sigint_state, memory_order_acquire);
  if (L != NULL) {
    pthread_t owner = atomic_load_explicit(&sigint_thread, memory_order_relaxed);
    if (!pthread_equal(owner, pthread_self())) {
      /* On another thread: handed to the state's, which takes it as its own. */
      pthread_kill(owner, signal_number);
      errno = saved;
      return;
    }
    lsh_interrupt(L, "interrupted");
  }
  int fd = sigint_pipe;
  if (fd >= 0) {
    char byte = (char)signal_number;
    ssize_t written = write(fd, &byte, 1);
    (void)written;
  }
  errno = saved;
}

int lsh_sigint_install(int pipe_fd) {
  sigint_pipe = pipe_fd;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_sigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  if (sigaction(SIGINT, &action, sigint_installed ? NULL : &sigint_previous) != 0) return -1;
  sigint_installed = 1;
  sigset_t mask;
  sigemptyset(&mask);
  sigaddset(&mask, SIGINT);
  return sigprocmask(SIG_UNBLOCK, &mask, NULL);
}

void lsh_sigint_target(lua_State *L) {
  atomic_store_explicit(&sigint_thread, pthread_self(), memory_order_relaxed);
  atomic_store_explicit(&sigint_state, L, memory_order_release);
}

void lsh_sigint_uninstall(void) {
  if (!sigint_installed) return;
  sigaction(SIGINT, &sigint_previous, NULL);
  sigint_installed = 0;
  atomic_store_explicit(&sigint_state, NULL, memory_order_release);
  sigint_pipe = -1;
}
