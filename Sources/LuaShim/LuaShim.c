/*
** LuaShim: the trampoline, the allocator, the budget hook and the metamethods of Swift
** objects. See LuaShim.h for why each of these must be C.
*/
#include "LuaShim.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A Swift function running for Lua, recorded on the C stack by the trampoline: entering
   Swift costs a few stores to memory that is already in the cache. */
typedef struct lsh_Frame {
  lua_State *L;              /* the thread that called it, which Swift calls back on */
  int calls;                 /* the depth of calls into Lua when it started */
  struct lsh_Frame *caller;  /* the Swift function below it, or NULL */
} lsh_Frame;

/* Swift functions that live as long as the state, each a light C function of its own. */
#define LSH_STATICS 1024

/* Per-state bookkeeping; a pointer to it sits in the state's extra space. */
typedef struct lsh_State {
  size_t limit;          /* memory cap in bytes, 0 = none */
  size_t used;           /* bytes currently allocated */
  long long budget;      /* instructions per outermost call, 0 = unlimited */
  long long remaining;   /* instructions left in the current outermost call */
  int calls;             /* depth of calls from Swift into Lua (lsh_pcall, lsh_load) */
  int exhausted;         /* the budget ran out during the current outermost call */
  lua_State *main;       /* the main thread, whose stack index 1 holds the message handler */
  lsh_Frame *frame;      /* the innermost Swift function running for Lua, NULL at the top level */
  atomic_int interrupted;  /* lsh_interrupt asked the running code to stop */
  char interruption[256];  /* the message it stops with, written before the flag is set */
  unsigned long long methods;  /* see lsh_methodsversion */
  int nstatics;          /* slots of `statics` in use */
  void *statics[LSH_STATICS];  /* the Swift functions that live as long as the state (see below) */
} lsh_State;

/* Calls into Lua and Swift functions called from Lua alternate on the C stack, so Swift is
   the innermost native frame exactly when no call into Lua started since the innermost
   Swift function did. */
static inline int inswift(const lsh_State *S) {
  return S->calls == (S->frame ? S->frame->calls : 0);
}

/* The thread Swift calls into Lua on: the caller's of the innermost Swift function, or the
   main thread at the top level. */
static inline lua_State *current(const lsh_State *S) {
  return S->frame ? S->frame->L : S->main;
}

/* Instructions between two budget checks. */
#define LSH_HOOKCOUNT 1000

/* Marks the userdata that hold Swift objects. */
#define LSH_MAGIC UINT64_C(0x4c7553637265656e) /* "LuScreen" */

typedef struct lsh_Object {
  uint64_t magic;
  void *object;
} lsh_Object;

static int msghandler(lua_State *L);

/* Registry keys (their addresses are unique light userdata). */
static const char traceback_key = 0;
static const char function_meta_key = 0;

static lsh_State *getstate(lua_State *L) {
  return *(lsh_State **)lua_getextraspace(L);
}

/* -------------------------------------------------------------------------- */
/* Memory                                                                     */

/*
** Counts every block and refuses growth beyond the cap, which makes Lua raise "not enough
** memory". While Swift owns the stack the cap is not applied: a memory error there would
** unwind Swift. If the system itself runs out then, abort rather than unwind.
*/
static void *lsh_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  lsh_State *S = (lsh_State *)ud;
  size_t old = (ptr != NULL) ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    S->used -= old;
    return NULL;
  }
  if (nsize > old && S->limit != 0 && !inswift(S) && S->used - old + nsize > S->limit)
    return NULL;
  void *block = realloc(ptr, nsize);
  if (block == NULL) {
    if (inswift(S)) {
      fprintf(stderr, "LuaScreens: out of memory while Swift held the Lua stack (%zu bytes)\n", nsize);
      abort();
    }
    return NULL;
  }
  S->used = S->used - old + nsize;
  return block;
}

static int lsh_panic(lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  fprintf(stderr, "LuaScreens: unprotected Lua error: %s\n", msg ? msg : "(error object is not a string)");
  fflush(stderr);
  abort();
  return 0;
}

/* Warnings (errors in __gc among them) go to stderr; "@on"/"@off" switch them, as in lauxlib. */
static void lsh_warn(void *ud, const char *message, int tocont) {
  static int on = 1, continued = 0;
  (void)ud;
  if (!continued && message[0] == '@') {
    if (strcmp(message, "@off") == 0) on = 0;
    else if (strcmp(message, "@on") == 0) on = 1;
    return;
  }
  if (on) {
    if (!continued) fputs("Lua warning: ", stderr);
    fputs(message, stderr);
    if (!tocont) fputc('\n', stderr);
  }
  continued = tocont;
}

/* -------------------------------------------------------------------------- */
/* The instruction budget                                                      */

/*
** A count hook that charges every LSH_HOOKCOUNT instructions to the current outermost call.
** Once the budget is gone it fires on every instruction, so code that catches the error
** with pcall cannot keep running.
*/
static void lsh_hook(lua_State *L, lua_Debug *ar) {
  lsh_State *S = getstate(L);
  (void)ar;
  if (atomic_load_explicit(&S->interrupted, memory_order_acquire)) {
    /* Stay at one instruction, so that code catching the error cannot go on. */
    lua_sethook(L, lsh_hook, LUA_MASKCOUNT, 1);
    luaL_where(L, 0);
    lua_pushstring(L, S->interruption);
    lua_concat(L, 2);
    lua_error(L);
  }
  if (S->budget == 0 || S->calls == 0) return;
  if (!S->exhausted) {
    int count = lua_gethookcount(L);
    S->remaining -= count;
    if (count != LSH_HOOKCOUNT)  /* left over from an earlier exhaustion */
      lua_sethook(L, lsh_hook, LUA_MASKCOUNT, LSH_HOOKCOUNT);
    if (S->remaining > 0) return;
    S->exhausted = 1;
  }
  lua_sethook(L, lsh_hook, LUA_MASKCOUNT, 1);
  /* Level 0 is the function running the hook, which is where the time went. */
  luaL_where(L, 0);
  lua_pushfstring(L, "instruction budget exhausted (%I instructions)", (LUAI_UACINT)S->budget);
  lua_concat(L, 2);
  lua_error(L);
}

/* The hook is installed only while there is a budget: any count hook makes the VM check
   every instruction, which halves its speed. Coroutines take the hook of the thread that
   creates them, so a budget covers the coroutines created after it was set. */
void lsh_setbudget(lua_State *L, long long instructions) {
  lsh_State *S = getstate(L);
  S->budget = instructions > 0 ? instructions : 0;
  if (S->budget > 0)
    lua_sethook(S->main, lsh_hook, LUA_MASKCOUNT, LSH_HOOKCOUNT);
  else
    lua_sethook(S->main, NULL, 0, 0);
}

void lsh_interrupt(lua_State *L, const char *message) {
  lsh_State *S = getstate(L);
  if (atomic_load_explicit(&S->interrupted, memory_order_relaxed)) return;
  snprintf(S->interruption, sizeof S->interruption, "%s", message);
  atomic_store_explicit(&S->interrupted, 1, memory_order_release);
  /* lua_sethook may be called asynchronously; a budget's count hook, which every thread
     made after it inherits, also sees the flag. */
  lua_sethook(S->main, lsh_hook, LUA_MASKCOUNT, 1);
}

void lsh_clearinterrupt(lua_State *L) {
  lsh_State *S = getstate(L);
  if (!atomic_load_explicit(&S->interrupted, memory_order_relaxed)) return;
  atomic_store_explicit(&S->interrupted, 0, memory_order_release);
  lsh_setbudget(L, S->budget);
}

int lsh_isinterrupted(lua_State *L) {
  return atomic_load_explicit(&getstate(L)->interrupted, memory_order_acquire);
}

void lsh_setmemorylimit(lua_State *L, size_t limit) {
  getstate(L)->limit = limit;
}

size_t lsh_memoryused(lua_State *L) {
  return getstate(L)->used;
}

/* -------------------------------------------------------------------------- */
/* States                                                                     */

lua_State *lsh_newstate(size_t memory_limit) {
  lsh_State *S = (lsh_State *)calloc(1, sizeof(lsh_State));
  if (S == NULL) return NULL;
  S->limit = memory_limit;
  lua_State *L = lua_newstate(lsh_alloc, S);
  if (L == NULL) {
    free(S);
    return NULL;
  }
  *(lsh_State **)lua_getextraspace(L) = S;
  S->main = L;
  /* Calls made while no Lua code runs use this copy of the message handler instead of
     pushing one each time; nothing ever pops the main thread below it. */
  lua_pushcfunction(L, msghandler);
  lua_atpanic(L, lsh_panic);
  lua_setwarnf(L, lsh_warn, NULL);
  /* The top level's LUA_MINSTACK slots (see lsh_callref). */
  if (!lua_checkstack(L, LUA_MINSTACK)) {
    lsh_close(L);
    return NULL;
  }
  return L;
}

void lsh_close(lua_State *L) {
  lsh_State *S = getstate(L);
  lua_close(L);
  /* Nothing can call them now. */
  for (int i = 0; i < S->nstatics; i++) lsh_swift_release(S->statics[i]);
  free(S);
}

void lsh_collectgarbage(lua_State *L) {
  lua_gc(L, LUA_GCCOLLECT);
}

static const lua_CFunction library_openers[] = {
  luaopen_base, luaopen_package, luaopen_coroutine, luaopen_table, luaopen_io,
  luaopen_os, luaopen_string, luaopen_math, luaopen_utf8, luaopen_debug,
};
static const char *const library_names[] = {
  LUA_GNAME, LUA_LOADLIBNAME, LUA_COLIBNAME, LUA_TABLIBNAME, LUA_IOLIBNAME,
  LUA_OSLIBNAME, LUA_STRLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME, LUA_DBLIBNAME,
};

static int setmetatable_noting(lua_State *L);

static int openlibs(lua_State *L) {
  unsigned mask = (unsigned)lua_tointeger(L, 1);
  for (size_t i = 0; i < sizeof(library_openers) / sizeof(library_openers[0]); i++) {
    if (mask & (1u << i)) {
      luaL_requiref(L, library_names[i], library_openers[i], 1);
      lua_pop(L, 1);
    }
  }
  lua_pushcfunction(L, setmetatable_noting);
  lua_setglobal(L, "setmetatable");
  return 0;
}

int lsh_openlibs(lua_State *L, unsigned mask) {
  lua_pushcfunction(L, openlibs);
  lua_pushinteger(L, (lua_Integer)mask);
  int status = lsh_pcall(L, 1, 0);
  if (status != LUA_OK) lua_pop(L, 2);
  return status;
}

/* -------------------------------------------------------------------------- */
/* Loading and calling                                                        */

int lsh_load(lua_State *L, const char *buffer, size_t size, const char *chunkname, const char *mode) {
  lsh_State *S = getstate(L);
  S->calls++;
  int status = luaL_loadbufferx(L, buffer, size, chunkname, mode);
  S->calls--;
  return status;
}

/* The message handler: keeps the message as the standalone interpreter does and files the
   traceback under traceback_key for lsh_pcall to pick up. */
static int msghandler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
      msg = lua_tostring(L, -1);
    else
      msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    lua_replace(L, 1);
  }
  luaL_traceback(L, L, NULL, 1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &traceback_key);
  lua_settop(L, 1);
  return 1;
}

/* The failure half of lsh_pcall, kept out of the path every successful call takes. */
static int pcallfailed(lua_State *L, int status, int exhausted) {
  if (status == LUA_ERRMEM) {
    lua_pushnil(L);
  } else {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &traceback_key);
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &traceback_key);
  }
  return (exhausted && status == LUA_ERRRUN) ? LSH_ERRBUDGET : status;
}

/* Ends an outermost call whose budget ran out: back to the normal hook rate. */
static void resetbudget(lua_State *L, lsh_State *S) {
  S->exhausted = 0;
  if (S->budget > 0) lua_sethook(L, lsh_hook, LUA_MASKCOUNT, LSH_HOOKCOUNT);
}

static inline __attribute__((always_inline)) int pcall(lua_State *L, lsh_State *S, int nargs, int nresults) {
  /* With no Swift function called from Lua on the C stack, no Lua code is running and the
     main thread's stack is Swift's from index 1 up, where the message handler sits.
     Otherwise push a message handler below the function. */
  int toplevel = (S->frame == NULL && L == S->main);
  int base = 1;
  if (!toplevel) {
    base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, msghandler);
    lua_insert(L, base);
  }
  if (S->calls++ == 0) {
    S->remaining = S->budget;
    S->exhausted = 0;
  }
  int status = lua_pcall(L, nargs, nresults, base);
  int exhausted = S->exhausted;
  if (--S->calls == 0 && exhausted) resetbudget(L, S);
  if (!toplevel) lua_remove(L, base);
  return status == LUA_OK ? LUA_OK : pcallfailed(L, status, exhausted);
}

int lsh_pcall(lua_State *L, int nargs, int nresults) {
  return pcall(L, getstate(L), nargs, nresults);
}

int lsh_callref(lua_State *L, int ref, int nargs, int nresults) {
  lsh_State *S = getstate(L);
  /* Arguments come with room Swift made for them and the function. Without arguments the
     top level needs no check either: it holds LUA_MINSTACK slots above the message handler
     (reserved by lsh_newstate), as a C function does, and every bridge operation leaves the
     stack as it found it (the debug stack guards check that). Inside a Swift function
     called from Lua the slots may be in use, so check there. */
  if (S->frame == NULL) {
    lua_State *T = S->main;
#if defined(DEBUG)
    if (lua_gettop(T) > LUA_MINSTACK / 2) {
      fprintf(stderr, "LuaScreens: the top-level stack holds %d values\n", lua_gettop(T));
      abort();
    }
#endif
    lua_rawgeti(T, LUA_REGISTRYINDEX, ref);
    if (nargs > 0) lua_insert(T, -(nargs + 1));
    return pcall(T, S, nargs, nresults);
  }
  lua_State *T = S->frame->L;
  if (nargs == 0 && !lua_checkstack(T, 2)) {
    lua_pushliteral(T, "stack overflow");
    lua_pushnil(T);
    return LUA_ERRERR;
  }
  lua_rawgeti(T, LUA_REGISTRYINDEX, ref);
  if (nargs > 0) lua_insert(T, -(nargs + 1));
  return pcall(T, S, nargs, nresults);
}

/* -------------------------------------------------------------------------- */
/* Calling Swift                                                               */

/* Calls Swift with the memory cap lifted, since Swift now owns the stack, and with L as
   the thread Swift calls back on. */
static inline int callswift(lua_State *L, void *context) {
  lsh_State *S = getstate(L);
  lsh_Frame frame = { L, S->calls, S->frame };
  S->frame = &frame;
  int n = lsh_swift_dispatch(L, context);
  S->frame = frame.caller;
  return n;
}

int lsh_isrunning(lua_State *L) {
  lsh_State *S = getstate(L);
  return S->calls > 0 || S->frame != NULL;
}

lua_State *lsh_current(lua_State *L) {
  return current(getstate(L));
}

/* Raises what a Swift function asked for; by now its frame has returned. */
static int raise(lua_State *L, int n) {
  switch (n) {
    case LSH_RAISE_WHERE:
      luaL_where(L, 1);
      lua_insert(L, -2);
      lua_concat(L, 2);
      return lua_error(L);
    case LSH_RAISE_ARG: {
      int arg = (int)lua_tointeger(L, -2);
      return luaL_argerror(L, arg, lua_tostring(L, -1));
    }
    default:
      return lua_error(L);
  }
}

static inline int finish(lua_State *L, int n) {
  return n >= 0 ? n : raise(L, n);
}

/* Upvalue 1 is the box as a light userdata, the cheapest value to fetch; upvalue 2 is the
   full userdata that owns it and releases it when the function is collected. */
static int trampoline(lua_State *L) {
  void *box = lua_touserdata(L, lua_upvalueindex(1));
  int n = callswift(L, box);
  return n >= 0 ? n : raise(L, n);
}

/*
** Swift functions that live as long as the state: methods, metamethods and module functions,
** registered once, as a C library registers its functions with luaL_setfuncs. Each is a
** light C function, which Lua calls as cheaply as a closure but which has no upvalues: the
** function's own address is what tells it apart. So there is a fixed set of them, and the
** k-th finds its Swift function in slot k of its state. That saves the lua_touserdata call
** and the chain of loads behind an upvalue read, about a quarter of a whole call (measured
** with screens-bench). When the slots run out, lsh_pushstaticfunction falls back to a
** closure anchored in the registry, which lives as long and is only slower to call.
*/
__attribute__((noinline)) static int callstatic(lua_State *L, int slot) {
  lsh_State *S = getstate(L);
  return finish(L, callswift(L, S->statics[slot]));
}

/* X(h, t, o) for every three hex digits from 000 to 3ff. */
#define LSH_EACH16(X, h, t) \
  X(h, t, 0) X(h, t, 1) X(h, t, 2) X(h, t, 3) X(h, t, 4) X(h, t, 5) X(h, t, 6) X(h, t, 7) \
  X(h, t, 8) X(h, t, 9) X(h, t, a) X(h, t, b) X(h, t, c) X(h, t, d) X(h, t, e) X(h, t, f)
#define LSH_EACH256(X, h) \
  LSH_EACH16(X, h, 0) LSH_EACH16(X, h, 1) LSH_EACH16(X, h, 2) LSH_EACH16(X, h, 3) \
  LSH_EACH16(X, h, 4) LSH_EACH16(X, h, 5) LSH_EACH16(X, h, 6) LSH_EACH16(X, h, 7) \
  LSH_EACH16(X, h, 8) LSH_EACH16(X, h, 9) LSH_EACH16(X, h, a) LSH_EACH16(X, h, b) \
  LSH_EACH16(X, h, c) LSH_EACH16(X, h, d) LSH_EACH16(X, h, e) LSH_EACH16(X, h, f)
#define LSH_EACH1024(X) LSH_EACH256(X, 0) LSH_EACH256(X, 1) LSH_EACH256(X, 2) LSH_EACH256(X, 3)

#define LSH_STATIC(h, t, o) \
  static int static_##h##t##o(lua_State *L) { return callstatic(L, 0x##h##t##o); }
#define LSH_ENTRY(h, t, o) static_##h##t##o,
LSH_EACH1024(LSH_STATIC)
static const lua_CFunction static_functions[LSH_STATICS] = { LSH_EACH1024(LSH_ENTRY) };

int lsh_pushstaticfunction(lua_State *L, void *context) {
  lsh_State *S = getstate(L);
  if (S->nstatics == LSH_STATICS) {
    /* A closure, kept from the collector by a registry slot nothing frees. */
    lsh_pushfunction(L, context);
    lua_pushvalue(L, -1);
    luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
  }
  S->statics[S->nstatics] = context;
  lua_pushcfunction(L, static_functions[S->nstatics]);
  S->nstatics++;
  return 1;
}

static int box_gc(lua_State *L) {
  void **box = (void **)lua_touserdata(L, 1);
  if (*box != NULL) {
    lsh_swift_release(*box);
    *box = NULL;
  }
  return 0;
}

void lsh_pushbox(lua_State *L, void *context) {
  void **box = (void **)lua_newuserdatauv(L, sizeof(void *), 0);
  *box = context;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &function_meta_key) == LUA_TNIL) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, box_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "swift function");
    lua_setfield(L, -2, "__name");
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &function_meta_key);
  }
  lua_setmetatable(L, -2);
}

void lsh_pushfunction(lua_State *L, void *context) {
  lua_pushlightuserdata(L, context);
  lsh_pushbox(L, context);
  lua_pushcclosure(L, trampoline, 2);
}

/* -------------------------------------------------------------------------- */
/* Swift objects                                                               */

void lsh_newobject(lua_State *L, void *object) {
  lsh_Object *o = (lsh_Object *)lua_newuserdatauv(L, sizeof(lsh_Object), 1);
  o->magic = LSH_MAGIC;
  o->object = object;
}

static lsh_Object *toobject(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) != sizeof(lsh_Object)) return NULL;
  lsh_Object *o = (lsh_Object *)lua_touserdata(L, idx);
  return o->magic == LSH_MAGIC ? o : NULL;
}

void *lsh_toobject(lua_State *L, int idx) {
  lsh_Object *o = toobject(L, idx);
  return o ? o->object : NULL;
}

static int object_gc(lua_State *L) {
  lsh_Object *o = toobject(L, 1);
  if (o != NULL && o->object != NULL) {
    void *object = o->object;
    o->object = NULL;
    lsh_swift_release(object);
  }
  return 0;
}

/* True when the value at 1 is a live object whose metatable is `meta` (an upvalue). */
static int isinstance(lua_State *L, int meta) {
  lsh_Object *o = toobject(L, 1);
  if (o == NULL || o->object == NULL || !lua_getmetatable(L, 1)) return 0;
  int same = lua_rawequal(L, -1, meta);
  lua_pop(L, 1);
  return same;
}

static const char *keyname(lua_State *L, int idx) {
  return lua_type(L, idx) == LUA_TSTRING ? lua_tostring(L, idx) : luaL_typename(L, idx);
}

/* Upvalues: getters, class table, metatable. */
static int object_index(lua_State *L) {
  if (!isinstance(L, lua_upvalueindex(3)))
    return luaL_error(L, "bad self for __index of %s", luaL_typename(L, 1));
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) {
    void **box = (void **)lua_touserdata(L, -1);
    lua_settop(L, 2);
    return finish(L, callswift(L, *box));
  }
  lua_pop(L, 1);
  if (lua_getiuservalue(L, 1, 1) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(2));
  }
  lua_pushvalue(L, 2);
  if (lua_gettable(L, -2) != LUA_TNIL) return 1;
  /* Names known only at run time: the getter stored under the key `true`. */
  lua_pushboolean(L, 1);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) {
    void **box = (void **)lua_touserdata(L, -1);
    lua_settop(L, 2);
    return finish(L, callswift(L, *box));
  }
  lua_pushnil(L);
  return 1;
}

/* Upvalues: setters, getters, metatable. */
static int object_newindex(lua_State *L) {
  if (!isinstance(L, lua_upvalueindex(3)))
    return luaL_error(L, "bad self for __newindex of %s", luaL_typename(L, 1));
  lua_settop(L, 3);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) {
    void **box = (void **)lua_touserdata(L, -1);
    lua_settop(L, 3);
    return finish(L, callswift(L, *box));
  }
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) {
    luaL_getmetafield(L, 1, "__name");
    return luaL_error(L, "property '%s' of %s is read-only", keyname(L, 2), lua_tostring(L, -1));
  }
  /* Names known only at run time: the setter stored under the key `true`. */
  lua_pushboolean(L, 1);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) {
    void **box = (void **)lua_touserdata(L, -1);
    lua_settop(L, 3);
    return finish(L, callswift(L, *box));
  }
  if (lua_getiuservalue(L, 1, 1) != LUA_TTABLE) {
    luaL_getmetafield(L, 1, "__name");
    return luaL_error(L, "%s has no property '%s'", lua_tostring(L, -1), keyname(L, 2));
  }
  if (lua_type(L, 3) == LUA_TFUNCTION) getstate(L)->methods++;
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_rawset(L, -3);
  return 0;
}

static int object_eq(lua_State *L) {
  lsh_Object *a = toobject(L, 1), *b = toobject(L, 2);
  lua_pushboolean(L, a != NULL && b != NULL && a->object == b->object);
  return 1;
}

/* "Class: 0x...", naming the object's Lua class when it has one (its field table's metatable). */
static int object_tostring(lua_State *L) {
  lsh_Object *o = toobject(L, 1);
  const char *name = NULL;
  if (o != NULL && lua_getiuservalue(L, 1, 1) == LUA_TTABLE && luaL_getmetafield(L, -1, "__name") == LUA_TSTRING)
    name = lua_tostring(L, -1);
  else if (luaL_getmetafield(L, 1, "__name") == LUA_TSTRING)
    name = lua_tostring(L, -1);
  if (name == NULL) name = "object";
  lua_pushfstring(L, "%s: %p", name, o ? o->object : lua_topointer(L, 1));
  return 1;
}

/* -------------------------------------------------------------------------- */
/* What classes and objects define                                            */

unsigned long long lsh_methodsversion(lua_State *L) {
  return getstate(L)->methods;
}

int lsh_classnewindex(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  /* Lua's own words for the keys a table cannot take, at the assignment's line. */
  if (lua_isnil(L, 2)) return luaL_error(L, "index is nil");
  if (lua_type(L, 2) == LUA_TNUMBER && lua_tonumber(L, 2) != lua_tonumber(L, 2))
    return luaL_error(L, "index is NaN");
  getstate(L)->methods++;
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 0;
}

/* The base library's setmetatable, noting that a class chain may have changed. */
static int setmetatable_noting(lua_State *L) {
  int t = lua_type(L, 2);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
  if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
    return luaL_error(L, "cannot change a protected metatable");
  getstate(L)->methods++;
  lua_settop(L, 2);
  lua_setmetatable(L, 1);
  return 1;
}

void lsh_newclassmetatable(lua_State *L) {
  int getters = lua_absindex(L, -4), setters = getters + 1, cls = getters + 2, name = getters + 3;
  lua_createtable(L, 0, 8);
  int meta = lua_gettop(L);
  lua_pushvalue(L, name);
  lua_setfield(L, meta, "__name");
  lua_pushvalue(L, name);
  lua_setfield(L, meta, "__metatable");
  lua_pushvalue(L, getters);
  lua_pushvalue(L, cls);
  lua_pushvalue(L, meta);
  lua_pushcclosure(L, object_index, 3);
  lua_setfield(L, meta, "__index");
  lua_pushvalue(L, setters);
  lua_pushvalue(L, getters);
  lua_pushvalue(L, meta);
  lua_pushcclosure(L, object_newindex, 3);
  lua_setfield(L, meta, "__newindex");
  lua_pushcfunction(L, object_gc);
  lua_setfield(L, meta, "__gc");
  lua_pushcfunction(L, object_eq);
  lua_setfield(L, meta, "__eq");
  lua_pushcfunction(L, object_tostring);
  lua_setfield(L, meta, "__tostring");
  lua_replace(L, getters);
  lua_settop(L, getters);
}
