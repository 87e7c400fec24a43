/*
** The standard libraries as the host's states have them: what reaches the host's internals
** or crashes Lua itself is guarded, everything else is Lua's own.
**
**  - Text chunks only: load, loadfile, dofile, require's Lua searcher and debug.debug
**    refuse binary chunks, which Lua does not verify (a corrupt one crashes it), unless the
**    state allows them (lsh_allowbinarychunks: a test file's, whose worker may crash).
**  - debug: the registry (the host's references and Lua's own) is not handed out; C
**    functions show no upvalues and C frames no locals (the bridge keeps its tables and
**    boxes there); the metatable and user values of protected userdata (the host's objects,
**    files) are as getmetatable shows them and cannot be changed; sethook keeps the host's
**    hook (Hooks.c); inside a hook function, levels 2 and up are the hooked thread's.
**  - Metatables with __gc: see Finalizers.c.
**  - coroutine.resume and wrap tell the CPU time limit's watchdog which thread runs: see
**    Watchdog.c.
*/
#include "ShimState.h"

#include <stdio.h>
#include <string.h>

/* -------------------------------------------------------------------------- */
/* Text chunks only                                                           */

void lsh_allowbinarychunks(lua_State *L, int allow) {
  lsh_getstate(L)->binarychunks = allow != 0;
}

/* The mode the loading functions use: "t", or what was asked where binary chunks are
   allowed (NULL: both). */
static const char *loadmode(lua_State *L) {
  return lsh_getstate(L)->binarychunks ? NULL : "t";
}

/* load(chunk [, chunkname [, mode [, env]]]): Lua's, with the mode always "t". */
static int textload(lua_State *L) {
  if (lsh_getstate(L)->binarychunks) return lsh_getstate(L)->load(L);
  if (lua_gettop(L) < 3) lua_settop(L, 3);
  lua_pushliteral(L, "t");
  lua_replace(L, 3);
  return lsh_getstate(L)->load(L);
}

/* loadfile([filename [, mode [, env]]]): Lua's, with the mode always "t". */
static int textloadfile(lua_State *L) {
  if (lsh_getstate(L)->binarychunks) return lsh_getstate(L)->loadfile(L);
  if (lua_gettop(L) < 2) lua_settop(L, 2);
  lua_pushliteral(L, "t");
  lua_replace(L, 2);
  return lsh_getstate(L)->loadfile(L);
}

static int dofilecont(lua_State *L, int status, lua_KContext context) {
  (void)status;
  (void)context;
  return lua_gettop(L) - 1;
}

/* dofile([filename]): Lua's, for text chunks. */
static int textdofile(lua_State *L) {
  const char *name = luaL_optstring(L, 1, NULL);
  lua_settop(L, 1);
  if (luaL_loadfilex(L, name, loadmode(L)) != LUA_OK) return lua_error(L);
  lua_callk(L, 0, LUA_MULTRET, 0, dofilecont);
  return dofilecont(L, 0, 0);
}

/* require's searcher for Lua files (package.searchers[2]), for text chunks. Upvalue: the
   package table. */
static int textsearcher(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  lua_getfield(L, lua_upvalueindex(1), "path");
  if (lua_type(L, -1) != LUA_TSTRING) return luaL_error(L, "'package.path' must be a string");
  lua_pushcfunction(L, lsh_getstate(L)->searchpath);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, -3);
  lua_call(L, 2, 2);
  if (lua_isnil(L, -2)) return 1;  /* the list of files tried */
  lua_pop(L, 1);
  const char *filename = lua_tostring(L, -1);
  if (luaL_loadfilex(L, filename, loadmode(L)) != LUA_OK)
    return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, filename, lua_tostring(L, -1));
  lua_pushstring(L, filename);
  return 2;
}

/* debug.debug(): Lua's prompt on standard input, for text chunks. */
static int textdebug(lua_State *L) {
  for (;;) {
    char buffer[250];
    fputs("lua_debug> ", stderr);
    fflush(stderr);
    if (fgets(buffer, sizeof buffer, stdin) == NULL || strcmp(buffer, "cont\n") == 0) return 0;
    if (luaL_loadbufferx(L, buffer, strlen(buffer), "=(debug command)", "t") != LUA_OK ||
        lua_pcall(L, 0, 0, 0) != LUA_OK) {
      fprintf(stderr, "%s\n", luaL_tolstring(L, -1, NULL));
      fflush(stderr);
    }
    lua_settop(L, 0);
  }
}

/* -------------------------------------------------------------------------- */
/* debug                                                                      */

/* debug.getregistry(): refused; the registry holds the host's references. */
static int noregistry(lua_State *L) {
  return luaL_error(L, "the registry is the host's: debug.getregistry is not available to scripts");
}

/* debug.getupvalue(f, n) and debug.setupvalue(f, n, value): Lua's for Lua functions; a C
   function shows no upvalues. */
static int auxupvalue(lua_State *L, int get) {
  int n = (int)luaL_checkinteger(L, 2);
  luaL_checktype(L, 1, LUA_TFUNCTION);
  if (lua_iscfunction(L, 1)) return 0;
  const char *name = get ? lua_getupvalue(L, 1, n) : lua_setupvalue(L, 1, n);
  if (name == NULL) return 0;
  lua_pushstring(L, name);
  lua_insert(L, -(get + 1));
  return get + 1;
}

static int getupvalue(lua_State *L) {
  return auxupvalue(L, 1);
}

static int setupvalue(lua_State *L) {
  luaL_checkany(L, 3);
  return auxupvalue(L, 0);
}

/* debug.upvalueid(f, n): Lua's for Lua functions; fail for a C function. */
static int upvalueid(lua_State *L) {
  int n = (int)luaL_checkinteger(L, 2);
  luaL_checktype(L, 1, LUA_TFUNCTION);
  void *id = lua_iscfunction(L, 1) ? NULL : lua_upvalueid(L, 1, n);
  if (id == NULL)
    lua_pushnil(L);
  else
    lua_pushlightuserdata(L, id);
  return 1;
}

/* Whether the value at idx is a userdata whose metatable protects it (has __metatable):
   the host's objects and files. */
static int isprotected(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TUSERDATA) return 0;
  int protected = luaL_getmetafield(L, idx, "__metatable") != LUA_TNIL;
  if (protected) lua_pop(L, 1);
  return protected;
}

/* debug.getmetatable(value): Lua's, except that a protected userdata's metatable is what
   getmetatable shows. */
static int getmetatable(lua_State *L) {
  luaL_checkany(L, 1);
  if (!lua_getmetatable(L, 1)) {
    lua_pushnil(L);
    return 1;
  }
  if (lua_type(L, 1) == LUA_TUSERDATA) {
    lua_pushliteral(L, "__metatable");
    if (lua_rawget(L, -2) != LUA_TNIL) return 1;
    lua_pop(L, 1);
  }
  return 1;
}

/* debug.setmetatable(value, table): Lua's, through lsh_setmetatable, and refused for a
   protected userdata. */
static int setmetatable(lua_State *L) {
  int t = lua_type(L, 2);
  luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
  if (isprotected(L, 1)) return luaL_error(L, "cannot change a protected metatable");
  lua_settop(L, 2);
  lsh_setmetatable(L, 1);
  return 1;
}

/* debug.setuservalue(udata, value [, n]): Lua's, refused for a protected userdata. */
static int setuservalue(lua_State *L) {
  int n = (int)luaL_optinteger(L, 3, 1);
  luaL_checktype(L, 1, LUA_TUSERDATA);
  luaL_checkany(L, 2);
  if (isprotected(L, 1)) return luaL_error(L, "cannot change the user values of a protected userdata");
  lua_settop(L, 2);
  if (!lua_setiuservalue(L, 1, n)) lua_pushnil(L);
  return 1;
}

/*
** Inside a hook function, which runs on a thread of its own (see Hooks.c), level 2 and up
** are the hooked thread's level 0 and up, as when Lua runs the hook function on the hooked
** thread itself (level 0 is the debug function, level 1 the hook function). Rewrites the
** arguments of a level-taking debug function to name that thread when they need it.
*/
static void translatelevel(lua_State *L, int levelarg) {
  if (lua_type(L, 1) == LUA_TTHREAD || !lua_isinteger(L, levelarg)) return;
  lua_State *hooked = lsh_hookedthread(L);
  lua_Integer level = lua_tointeger(L, levelarg);
  if (hooked == NULL || level < 2) return;
  lua_pushinteger(L, level - 2);
  lua_replace(L, levelarg);
  luaL_checkstack(hooked, 1, "stack overflow");
  lua_pushthread(hooked);
  lua_xmove(hooked, L, 1);
  lua_insert(L, 1);
}

static int getinfo(lua_State *L) {
  translatelevel(L, 1);
  return lsh_getstate(L)->getinfo(L);
}

static int traceback(lua_State *L) {
  translatelevel(L, 2);
  return lsh_getstate(L)->traceback(L);
}

/* Whether the level named by debug.getlocal's or setlocal's arguments is a C function,
   whose stack slots (the bridge's values among them) scripts neither see nor change. */
static int iscframe(lua_State *L) {
  int arg = lua_type(L, 1) == LUA_TTHREAD ? 1 : 0;
  lua_State *T = arg ? lua_tothread(L, 1) : L;
  if (!lua_isinteger(L, arg + 1)) return 0;
  lua_Debug ar;
  if (!lua_getstack(T, (int)lua_tointeger(L, arg + 1), &ar) || !lua_getinfo(T, "S", &ar)) return 0;
  return ar.what != NULL && strcmp(ar.what, "C") == 0;
}

static int getlocal(lua_State *L) {
  translatelevel(L, 1);
  if (iscframe(L)) {
    lua_pushnil(L);
    return 1;
  }
  return lsh_getstate(L)->getlocal(L);
}

static int setlocal(lua_State *L) {
  translatelevel(L, 1);
  if (iscframe(L)) {
    lua_pushnil(L);
    return 1;
  }
  return lsh_getstate(L)->setlocal(L);
}

/* [-0, +0, e] Replaces field `name` of the table at t with f, keeping the original C
   function in *original when asked. */
static void replace(lua_State *L, int t, const char *name, lua_CFunction f, lua_CFunction *original) {
  if (lua_getfield(L, t, name) != LUA_TFUNCTION) {
    lua_pop(L, 1);
    return;
  }
  if (original != NULL) *original = lua_tocfunction(L, -1);
  lua_pop(L, 1);
  if (original != NULL && *original == NULL) return;
  lua_pushcfunction(L, f);
  lua_setfield(L, t, name);
}

/* The loaded library `name`, pushed (nil when it is not open). */
static int pushlibrary(lua_State *L, const char *name) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_getfield(L, -1, name);
  lua_remove(L, -2);
  if (lua_type(L, -1) == LUA_TTABLE) return lua_gettop(L);
  lua_pop(L, 1);
  return 0;
}

/* A file handle's metatable is the io library's, with its finalizer: getmetatable shows a
   copy, so that a script cannot replace the finalizer Lua runs with hooks off. */
static void protectfiles(lua_State *L) {
  if (luaL_getmetatable(L, LUA_FILEHANDLE) != LUA_TTABLE) {
    lua_pop(L, 1);
    return;
  }
  int meta = lua_gettop(L);
  lua_createtable(L, 0, 8);
  lua_pushnil(L);
  while (lua_next(L, meta) != 0) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, -4);
  }
  lua_setfield(L, meta, "__metatable");
  lua_pop(L, 1);
}

/* Called once the standard libraries are open, in protected mode. */
void lsh_installguards(lua_State *L) {
  lsh_State *S = lsh_getstate(L);
  lsh_installfinalizers(L);
  lua_pushglobaltable(L);
  int globals = lua_gettop(L);
  replace(L, globals, "load", textload, &S->load);
  replace(L, globals, "loadfile", textloadfile, &S->loadfile);
  replace(L, globals, "dofile", textdofile, NULL);
  int package = pushlibrary(L, LUA_LOADLIBNAME);
  if (package != 0 && lua_getfield(L, package, "searchpath") == LUA_TFUNCTION &&
      (S->searchpath = lua_tocfunction(L, -1)) != NULL &&
      lua_getfield(L, package, "searchers") == LUA_TTABLE) {
    lua_pushvalue(L, package);
    lua_pushcclosure(L, textsearcher, 1);
    lua_rawseti(L, -2, 2);
  }
  lua_settop(L, globals);
  if (pushlibrary(L, LUA_COLIBNAME) != 0) lsh_installcoroutines(L);
  lua_settop(L, globals);
  int debug = pushlibrary(L, LUA_DBLIBNAME);
  lsh_installhooks(L, debug);
  if (debug != 0) {
    replace(L, debug, "getregistry", noregistry, NULL);
    replace(L, debug, "getupvalue", getupvalue, NULL);
    replace(L, debug, "setupvalue", setupvalue, NULL);
    replace(L, debug, "upvalueid", upvalueid, NULL);
    replace(L, debug, "getmetatable", getmetatable, NULL);
    replace(L, debug, "setmetatable", setmetatable, NULL);
    replace(L, debug, "setuservalue", setuservalue, NULL);
    replace(L, debug, "getinfo", getinfo, &S->getinfo);
    replace(L, debug, "traceback", traceback, &S->traceback);
    replace(L, debug, "getlocal", getlocal, &S->getlocal);
    replace(L, debug, "setlocal", setlocal, &S->setlocal);
    replace(L, debug, "debug", textdebug, NULL);
  }
  protectfiles(L);
  lua_settop(L, globals - 1);
}
