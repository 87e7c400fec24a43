/*
** Coverage: which lines of which files ran, for `screens test --coverage`.
**
** C because it is the line hook: it runs for every line Lua enters, in every thread, and
** composes with the budget's and the scripts' hooks on the one hook a thread has (Hooks.c
** asks for line events while coverage is on). Each event costs a lookup of its source,
** which is the one of the event before almost always, and a byte set.
**
** Only chunks named after a file ("@path") are recorded; which of them are the project's
** is decided when the report is made.
*/
#include "ShimState.h"

#include <stdlib.h>
#include <string.h>

typedef struct CoveredFile {
  char *name;            /* the chunk's name, "@path" */
  unsigned char *lines;  /* lines[n] is 1 once line n ran */
  int size;              /* entries of lines */
} CoveredFile;

struct lsh_Coverage {
  CoveredFile *files;
  int count, capacity;
  /* The source string of the last event and its file: the next event is in the same
     function almost always. Compared by address, then by text (an address may be reused
     by another chunk's name once the first is collected). */
  const char *last;
  int lastfile;
};

static int findfile(lsh_Coverage *c, const char *source) {
  for (int i = 0; i < c->count; i++)
    if (strcmp(c->files[i].name, source) == 0) return i;
  if (c->count == c->capacity) {
    int capacity = c->capacity > 0 ? c->capacity * 2 : 16;
    CoveredFile *files = (CoveredFile *)realloc(c->files, (size_t)capacity * sizeof(CoveredFile));
    if (files == NULL) return -1;
    c->files = files;
    c->capacity = capacity;
  }
  char *name = strdup(source);
  if (name == NULL) return -1;
  c->files[c->count] = (CoveredFile){ name, NULL, 0 };
  return c->count++;
}

static void mark(CoveredFile *file, int line) {
  if (line >= file->size) {
    int size = file->size > 0 ? file->size : 64;
    while (size <= line) size *= 2;
    unsigned char *lines = (unsigned char *)realloc(file->lines, (size_t)size);
    if (lines == NULL) return;
    memset(lines + file->size, 0, (size_t)(size - file->size));
    file->lines = lines;
    file->size = size;
  }
  file->lines[line] = 1;
}

void lsh_coverline(lua_State *L, lsh_State *S, lua_Debug *ar) {
  lsh_Coverage *c = S->coverage;
  int line = ar->currentline;
  if (line <= 0 || !lua_getinfo(L, "S", ar)) return;
  const char *source = ar->source;
  if (source == NULL || source[0] != '@') return;
  int index;
  if (source == c->last && strcmp(c->files[c->lastfile].name, source) == 0) {
    index = c->lastfile;
  } else {
    index = findfile(c, source);
    if (index < 0) return;
    c->last = source;
    c->lastfile = index;
  }
  mark(&c->files[index], line);
}

int lsh_setcoverage(lua_State *L, int on) {
  lsh_State *S = lsh_getstate(L);
  if (on && S->coverage == NULL) {
    S->coverage = (lsh_Coverage *)calloc(1, sizeof(lsh_Coverage));
    if (S->coverage == NULL) return -1;
  } else if (!on && S->coverage != NULL) {
    lsh_freecoverage(S);
  }
  lsh_applyhook(S->main, S);
  return 0;
}

void lsh_pushcoverage(lua_State *L) {
  lsh_Coverage *c = lsh_getstate(L)->coverage;
  lua_createtable(L, 0, c != NULL ? c->count : 0);
  if (c == NULL) return;
  for (int i = 0; i < c->count; i++) {
    CoveredFile *file = &c->files[i];
    lua_newtable(L);
    lua_Integer n = 0;
    for (int line = 1; line < file->size; line++) {
      if (!file->lines[line]) continue;
      lua_pushinteger(L, line);
      lua_rawseti(L, -2, ++n);
    }
    lua_setfield(L, -2, file->name);
  }
}

void lsh_freecoverage(lsh_State *S) {
  lsh_Coverage *c = S->coverage;
  if (c == NULL) return;
  for (int i = 0; i < c->count; i++) {
    free(c->files[i].name);
    free(c->files[i].lines);
  }
  free(c->files);
  free(c);
  S->coverage = NULL;
}
