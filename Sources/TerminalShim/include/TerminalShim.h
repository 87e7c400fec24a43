/*
** TerminalShim: restoring the terminal from places where Swift cannot run safely.
**
** A signal handler may only make async-signal-safe calls: no allocation, no locks, no
** reference counting, none of the Swift runtime. So the interactive session prepares, while
** it enters its modes, everything a restore needs (the terminal's saved settings and the
** bytes that leave the alternate screen and turn mouse reporting off), and the handlers here
** only write(2) those bytes, tcsetattr(3) the saved settings, write(2) to a self-pipe, and
** re-raise. The same restore runs from an atexit handler, so that a script calling os.exit
** (which ends the process from inside Lua) leaves the terminal as it found it.
**
** Every function has the tsh_ prefix (terminal shim): LuaShim's lsh_ is for Lua's.
*/
#ifndef TERMINALSHIM_H
#define TERMINALSHIM_H

#include <stddef.h>
#include <termios.h>

/// Keeps what a restore needs: the descriptor, its saved settings and the bytes to write
/// (at most 256), and a note a crash writes after restoring (at most 512 bytes: where the
/// crash's message went). Arms the restore: until tsh_disarm, a crash, a quitting
/// signal or exit() restores. Installs the atexit handler the first time.
/// C because the handlers that use it must not touch Swift's runtime.
int tsh_arm(int fd, const struct termios *saved, const char *leave, size_t length,
                 const char *crash_note, size_t note_length);

/// Disarms the restore after the session restored the terminal itself (or to suspend).
void tsh_disarm(void);

/// Restores now if armed (the leave bytes, then the saved settings) and disarms;
/// async-signal-safe. Returns whether it restored.
int tsh_restore(void);

/// Whether a signal handler has restored the terminal since it was last armed.
int tsh_restored_by_signal(void);

/// Installs, on an alternate signal stack, handlers for SIGSEGV, SIGBUS, SIGILL, SIGABRT,
/// SIGTRAP and SIGFPE that restore and re-raise (SA_RESETHAND: the default action then
/// ends the process as it would have). C because a crash handler runs on a broken process.
int tsh_install_crash_handlers(void);

/// Installs handlers that write the signal's number as one byte to `pipe_fd` (the loop's
/// self-pipe): SIGWINCH, SIGTSTP and SIGCONT just notify; SIGTERM, SIGHUP and SIGINT also
/// restore the terminal at once (so that a loop stuck in a long callback still leaves it
/// right) and are reset to their default action, so a second one ends the process.
/// C because signal handlers must be async-signal-safe.
int tsh_install_signal_pipe(int pipe_fd);

/// Puts back the default action of every signal the two functions above handle.
void tsh_uninstall_handlers(void);

#endif
