#include "TerminalShim.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What a restore needs, prepared before any handler can run. volatile sig_atomic_t for the
   flags a handler reads and writes; the rest is written only while no handler is armed. */
static int saved_fd = -1;
static struct termios saved_settings;
static char leave_bytes[256];
static size_t leave_length = 0;
static char note_bytes[512];
static size_t note_length_kept = 0;
static volatile sig_atomic_t armed = 0;
static volatile sig_atomic_t restored_by_signal = 0;
static int atexit_installed = 0;
static int notify_fd = -1;

static void write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written <= 0) return;
        bytes += written;
        length -= (size_t)written;
    }
}

int tsh_restore(void) {
    if (!armed) return 0;
    armed = 0;
    write_all(saved_fd, leave_bytes, leave_length);
    tcsetattr(saved_fd, TCSANOW, &saved_settings);
    return 1;
}

static void restore_at_exit(void) {
    tsh_restore();
}

int tsh_arm(int fd, const struct termios *saved, const char *leave, size_t length,
                 const char *crash_note, size_t note_length) {
    if (length > sizeof leave_bytes || note_length > sizeof note_bytes) return -1;
    armed = 0;
    saved_fd = fd;
    saved_settings = *saved;
    memcpy(leave_bytes, leave, length);
    leave_length = length;
    memcpy(note_bytes, crash_note, note_length);
    note_length_kept = note_length;
    restored_by_signal = 0;
    if (!atexit_installed) {
        if (atexit(restore_at_exit) != 0) return -1;
        atexit_installed = 1;
    }
    armed = 1;
    return 0;
}

void tsh_disarm(void) {
    armed = 0;
}

int tsh_restored_by_signal(void) {
    return restored_by_signal;
}

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP, SIGFPE};
static const int quit_signals[] = {SIGTERM, SIGHUP, SIGINT};
static const int notice_signals[] = {SIGWINCH, SIGTSTP, SIGCONT};
#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static void on_crash(int signal_number) {
    if (tsh_restore()) write_all(saved_fd, note_bytes, note_length_kept);
    /* SA_RESETHAND put the default action back: the re-raised signal ends the process
       (with a core dump where the system keeps them) once this handler returns. */
    raise(signal_number);
}

static void notify(int signal_number) {
    if (notify_fd < 0) return;
    int saved_errno = errno;
    char byte = (char)signal_number;
    ssize_t ignored = write(notify_fd, &byte, 1);
    (void)ignored;
    errno = saved_errno;
}

static void on_quit(int signal_number) {
    int saved_errno = errno;
    if (tsh_restore()) restored_by_signal = 1;
    errno = saved_errno;
    notify(signal_number);
}

static void on_notice(int signal_number) {
    notify(signal_number);
}

static int install(int signal_number, void (*handler)(int), int flags) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = flags;
    return sigaction(signal_number, &action, NULL);
}

int tsh_install_crash_handlers(void) {
    static char *stack = NULL;
    if (stack == NULL) {
        size_t size = SIGSTKSZ > 65536 ? SIGSTKSZ : 65536;
        stack = malloc(size);
        if (stack == NULL) return -1;
        stack_t alternate;
        memset(&alternate, 0, sizeof alternate);
        alternate.ss_sp = stack;
        alternate.ss_size = size;
        if (sigaltstack(&alternate, NULL) != 0) return -1;
    }
    for (size_t i = 0; i < COUNT(crash_signals); i++) {
        if (install(crash_signals[i], on_crash, SA_RESETHAND | SA_ONSTACK | SA_NODEFER) != 0) return -1;
    }
    return 0;
}

int tsh_install_signal_pipe(int pipe_fd) {
    notify_fd = pipe_fd;
    /* A process may start with these blocked (a parent's threads block SIGTERM, and the
       mask is inherited across exec): unblock them, or the handlers would never run. */
    sigset_t handled;
    sigemptyset(&handled);
    for (size_t i = 0; i < COUNT(quit_signals); i++) sigaddset(&handled, quit_signals[i]);
    for (size_t i = 0; i < COUNT(notice_signals); i++) sigaddset(&handled, notice_signals[i]);
    sigprocmask(SIG_UNBLOCK, &handled, NULL);
    for (size_t i = 0; i < COUNT(quit_signals); i++) {
        if (install(quit_signals[i], on_quit, SA_RESETHAND | SA_RESTART) != 0) return -1;
    }
    for (size_t i = 0; i < COUNT(notice_signals); i++) {
        if (install(notice_signals[i], on_notice, SA_RESTART) != 0) return -1;
    }
    return 0;
}

void tsh_uninstall_handlers(void) {
    for (size_t i = 0; i < COUNT(crash_signals); i++) signal(crash_signals[i], SIG_DFL);
    for (size_t i = 0; i < COUNT(quit_signals); i++) signal(quit_signals[i], SIG_DFL);
    for (size_t i = 0; i < COUNT(notice_signals); i++) signal(notice_signals[i], SIG_DFL);
    notify_fd = -1;
}
