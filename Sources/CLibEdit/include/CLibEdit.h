/*
** CLibEdit: the BSD editline library (libedit), for the REPL's line editor.
**
** The library is opened with dlopen the first time the REPL edits a line, not linked: a
** program linked with it loads it and its own libraries (terminfo, libbsd) at every
** start, which costs `screens run` and `screens test` a sixth of a millisecond for
** something only a REPL on a terminal uses. $SCREENS_LIBEDIT names another file to open.
** When it cannot be opened, lsh_el_init_fd gives NULL and lsh_libedit_error says why.
**
** el_set, el_get and history() are variadic, which Swift cannot call: the functions below
** call them with the few argument lists the editor uses. Every helper has the lsh_ prefix,
** as the project's other C helpers do.
*/
#ifndef CLIBEDIT_H
#define CLIBEDIT_H

#include <histedit.h>
#include <stdio.h>

typedef char *(*lsh_el_prompt_fn)(EditLine *);
typedef unsigned char (*lsh_el_command_fn)(EditLine *, int);

/* Why libedit could not be opened, or NULL when it was (or has not been tried yet). */
const char *lsh_libedit_error(void);

EditLine *lsh_el_init_fd(const char *program, FILE *in, FILE *out, FILE *err, int fdin, int fdout, int fderr);
void lsh_el_end(EditLine *el);
const char *lsh_el_gets(EditLine *el, int *count);
const LineInfo *lsh_el_line(EditLine *el);
void lsh_el_deletestr(EditLine *el, int count);
int lsh_el_insertstr(EditLine *el, const char *text);

int lsh_el_set_int(EditLine *el, int op, int value);
int lsh_el_set_string(EditLine *el, int op, const char *value);
int lsh_el_set_prompt(EditLine *el, lsh_el_prompt_fn prompt);
int lsh_el_set_clientdata(EditLine *el, void *data);
void *lsh_el_clientdata(EditLine *el);
int lsh_el_set_history(EditLine *el, History *h);
int lsh_el_add_command(EditLine *el, const char *name, const char *help, lsh_el_command_fn command);
int lsh_el_bind(EditLine *el, const char *key, const char *command);
int lsh_el_refresh(EditLine *el);
/* Turns the terminal's signal keys off while a line is edited: Ctrl-C then arrives as a key. */
int lsh_el_keys_not_signals(EditLine *el);

History *lsh_history_init(void);
void lsh_history_end(History *h);
int lsh_history_set_size(History *h, int size);
int lsh_history_clear(History *h);
int lsh_history_enter(History *h, const char *line);

#endif
