/*
** CLibEdit: libedit opened on first use (see CLibEdit.h).
**
** Only the REPL's main thread calls these; the functions below are looked up once. An
** EditLine or History exists only after lsh_el_init_fd or lsh_history_init succeeded, so
** the functions that take one are only called once the library is open.
*/
#include "CLibEdit.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static struct {
    int tried;
    const char *error;
    EditLine *(*el_init_fd)(const char *, FILE *, FILE *, FILE *, int, int, int);
    void (*el_end)(EditLine *);
    const char *(*el_gets)(EditLine *, int *);
    const LineInfo *(*el_line)(EditLine *);
    void (*el_deletestr)(EditLine *, int);
    int (*el_insertstr)(EditLine *, const char *);
    int (*el_set)(EditLine *, int, ...);
    int (*el_get)(EditLine *, int, ...);
    History *(*history_init)(void);
    void (*history_end)(History *);
    int (*history)(History *, HistEvent *, int, ...);
} edit;

/* The library's file name: the run-time one, then the one its development files install. */
static const char *const names[] = {
#if defined(__APPLE__)
    "libedit.3.dylib", "libedit.dylib",
#else
    "libedit.so.2", "libedit.so",
#endif
};

static char message[512];

/* Opens the library ($SCREENS_LIBEDIT when set, else the usual names) and looks its
** functions up, once; 1 when they are all there. */
static int opened(void) {
    if (edit.tried) return edit.error == NULL;
    edit.tried = 1;
    void *library = NULL;
    const char *chosen = getenv("SCREENS_LIBEDIT");
    if (chosen != NULL && chosen[0] != '\0') {
        library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
        if (library == NULL) {
            snprintf(message, sizeof message, "the line editing library %s (SCREENS_LIBEDIT) could not be opened", chosen);
            edit.error = message;
            return 0;
        }
    }
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        edit.error = "the line editing library libedit is not installed (Debian: libedit2)";
        return 0;
    }
    /* A data pointer converted to a function pointer, as dlsym's users must. */
#define LOOK_UP(name) *(void **)(&edit.name) = dlsym(library, #name); if (edit.name == NULL) missing = #name
    const char *missing = NULL;
    LOOK_UP(el_init_fd);
    LOOK_UP(el_end);
    LOOK_UP(el_gets);
    LOOK_UP(el_line);
    LOOK_UP(el_deletestr);
    LOOK_UP(el_insertstr);
    LOOK_UP(el_set);
    LOOK_UP(el_get);
    LOOK_UP(history_init);
    LOOK_UP(history_end);
    LOOK_UP(history);
#undef LOOK_UP
    if (missing != NULL) {
        edit.error = "the line editing library libedit lacks a function the REPL needs";
        return 0;
    }
    return 1;
}

const char *lsh_libedit_error(void) { return edit.error; }

EditLine *lsh_el_init_fd(const char *program, FILE *in, FILE *out, FILE *err, int fdin, int fdout, int fderr) {
    if (!opened()) return NULL;
    return edit.el_init_fd(program, in, out, err, fdin, fdout, fderr);
}

void lsh_el_end(EditLine *el) { edit.el_end(el); }
const char *lsh_el_gets(EditLine *el, int *count) { return edit.el_gets(el, count); }
const LineInfo *lsh_el_line(EditLine *el) { return edit.el_line(el); }
void lsh_el_deletestr(EditLine *el, int count) { edit.el_deletestr(el, count); }
int lsh_el_insertstr(EditLine *el, const char *text) { return edit.el_insertstr(el, text); }

int lsh_el_set_int(EditLine *el, int op, int value) { return edit.el_set(el, op, value); }
int lsh_el_set_string(EditLine *el, int op, const char *value) { return edit.el_set(el, op, value); }
int lsh_el_set_prompt(EditLine *el, lsh_el_prompt_fn prompt) { return edit.el_set(el, EL_PROMPT, prompt); }
int lsh_el_set_clientdata(EditLine *el, void *data) { return edit.el_set(el, EL_CLIENTDATA, data); }

void *lsh_el_clientdata(EditLine *el) {
    void *data = NULL;
    edit.el_get(el, EL_CLIENTDATA, &data);
    return data;
}

int lsh_el_set_history(EditLine *el, History *h) { return edit.el_set(el, EL_HIST, edit.history, h); }

int lsh_el_add_command(EditLine *el, const char *name, const char *help, lsh_el_command_fn command) {
    return edit.el_set(el, EL_ADDFN, name, help, command);
}

int lsh_el_bind(EditLine *el, const char *key, const char *command) {
    return edit.el_set(el, EL_BIND, key, command, (const char *)NULL);
}

int lsh_el_refresh(EditLine *el) { return edit.el_set(el, EL_REFRESH); }

int lsh_el_keys_not_signals(EditLine *el) {
    return edit.el_set(el, EL_SETTY, "-d", "-isig", (const char *)NULL);
}

History *lsh_history_init(void) {
    if (!opened()) return NULL;
    return edit.history_init();
}

void lsh_history_end(History *h) { edit.history_end(h); }

int lsh_history_set_size(History *h, int size) {
    HistEvent event;
    return edit.history(h, &event, H_SETSIZE, size);
}

int lsh_history_clear(History *h) {
    HistEvent event;
    return edit.history(h, &event, H_CLEAR);
}

int lsh_history_enter(History *h, const char *line) {
    HistEvent event;
    return edit.history(h, &event, H_ENTER, line);
}
