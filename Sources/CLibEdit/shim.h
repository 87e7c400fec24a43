/*
** CLibEdit: the BSD editline library (libedit), for the REPL's line editor.
**
** el_set, el_get and history() are variadic, which Swift cannot call: the functions below
** call them with the few argument lists the editor uses. Every helper has the lsh_ prefix,
** as the project's other C helpers do.
*/
#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H

#include <histedit.h>
#include <stdio.h>

typedef char *(*lsh_el_prompt_fn)(EditLine *);
typedef unsigned char (*lsh_el_command_fn)(EditLine *, int);

static inline int lsh_el_set_int(EditLine *el, int op, int value) { return el_set(el, op, value); }
static inline int lsh_el_set_string(EditLine *el, int op, const char *value) { return el_set(el, op, value); }
static inline int lsh_el_set_prompt(EditLine *el, lsh_el_prompt_fn prompt) { return el_set(el, EL_PROMPT, prompt); }
static inline int lsh_el_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
static inline void *lsh_el_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}
static inline int lsh_el_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int lsh_el_add_command(EditLine *el, const char *name, const char *help, lsh_el_command_fn command) {
    return el_set(el, EL_ADDFN, name, help, command);
}
static inline int lsh_el_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, (const char *)NULL);
}
static inline int lsh_el_refresh(EditLine *el) { return el_set(el, EL_REFRESH); }
/* Turns the terminal's signal keys off while a line is edited: Ctrl-C then arrives as a key. */
static inline int lsh_el_keys_not_signals(EditLine *el) {
    return el_set(el, EL_SETTY, "-d", "-isig", (const char *)NULL);
}

static inline int lsh_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}
static inline int lsh_history_clear(History *h) {
    HistEvent event;
    return history(h, &event, H_CLEAR);
}
static inline int lsh_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

#endif
