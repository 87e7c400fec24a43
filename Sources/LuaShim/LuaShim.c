/*
** LuaShim: the trampoline, the allocator, protected calls and the metamethods of Swift
** objects. See LuaShim.h for why each of these must be C; Hooks.c, Watchdog.c, Finalizers.c
** and Libraries.c hold the budget's hook, the CPU time limit, the finalizers and the guarded
** standard libraries.
*/
#include "ShimState.h"
#include "FreshMemory.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define getstate lsh_getstate
#define inswift lsh_inswift
#define toobject lsh_checkobject

/* The thread Swift calls into Lua on: the caller's of the innermost Swift function, or the
   main thread at the top level. */
static inline lua_State *current(const lsh_State *S) {
  return S->frame ? S->frame->L : S->main;
}

/*
** Room a Swift function called from Lua gets on its thread's stack, beyond the LUA_MINSTACK
** slots Lua gives every C function. Checking it costs a call into Lua on every crossing, so
** it is checked only while some block of the state is LSH_BIGBLOCK bytes or more: a stack
** close enough to Lua's limit (LUAI_MAXSTACK slots of at least 9 bytes) for the check to
** fail is such a block, so while there is none, LuaStack.reserve can always grow the stack.
*/
#define LSH_HEADROOM 200
#define LSH_BIGBLOCK ((size_t)LUAI_MAXSTACK * 4)

static int msghandler(lua_State *L);

/* Registry keys (their addresses are unique light userdata). */
static const char traceback_key = 0;
static const char function_meta_key = 0;

/* -------------------------------------------------------------------------- */
/* Memory                                                                     */

/* The system refused memory while Swift held the Lua stack: raising would unwind Swift, and
   going on is impossible, so say so and end the process with a failure status. */
static void outofmemory(size_t size) {
  fprintf(stderr, "LuaScreens: out of memory: the system refused %zu bytes, and the Lua state "
                  "cannot go on (set a limit with --memory to get a Lua error instead)\n", size);
  fflush(NULL);
  exit(EXIT_FAILURE);
}

/*
** Counts every block and refuses growth beyond the cap, which makes Lua raise "not enough
** memory". While Swift owns the stack the cap is not applied: a memory error there would
** unwind Swift. If the system itself runs out then, end the process rather than unwind.
*/
static void *lsh_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  lsh_State *S = (lsh_State *)ud;
  size_t old = (ptr != NULL) ? osize : 0;
  if (nsize == 0) {
    if (S->fresh != NULL) lsh_freshrealloc(S->fresh, ptr, old, 0); else free(ptr);
    S->used -= old;
    if (old >= LSH_BIGBLOCK) S->bigblocks--;
    return NULL;
  }
  if (nsize > old && S->limit != 0 && S->used - old + nsize > S->limit && !inswift(S))
    return NULL;
  void *block = S->fresh != NULL ? lsh_freshrealloc(S->fresh, ptr, old, nsize)
              : ptr != NULL ? realloc(ptr, nsize) : malloc(nsize);
  if (block == NULL) {
    if (inswift(S)) outofmemory(nsize);
    return NULL;
  }
  S->used = S->used - old + nsize;
  S->bigblocks += (nsize >= LSH_BIGBLOCK) - (old >= LSH_BIGBLOCK);
  return block;
}

static int lsh_panic(lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  fprintf(stderr, "LuaScreens: unprotected Lua error: %s\n", msg ? msg : "(error object is not a string)");
  fflush(stderr);
  abort();
  return 0;
}

/* Warnings (errors in finalizers among them) go to stderr; "@on"/"@off" switch them for
   the state, as in lauxlib. */
static void lsh_warn(void *ud, const char *message, int tocont) {
  lsh_State *S = (lsh_State *)ud;
  if (!S->warncontinued && message[0] == '@') {
    if (strcmp(message, "@off") == 0) S->warnon = 0;
    else if (strcmp(message, "@on") == 0) S->warnon = 1;
    return;
  }
  if (S->warnon) {
    if (!S->warncontinued) fputs("Lua warning: ", stderr);
    fputs(message, stderr);
    if (!tocont) fputc('\n', stderr);
  }
  S->warncontinued = tocont;
}

int lsh_warningson(lua_State *L) {
  return getstate(L)->warnon;
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
  S->warnon = 1;
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
  lua_setwarnf(L, lsh_warn, S);
  /* The top level's LUA_MINSTACK slots (see lsh_callref). */
  if (!lua_checkstack(L, LUA_MINSTACK)) {
    lsh_close(L);
    return NULL;
  }
  /* Swift objects to the userdata Lua has for them, so that an object is always the same
     userdata; weak values, so that the table keeps none of them alive. */
  lsh_newweaktable(L, "v");
  S->identity = luaL_ref(L, LUA_REGISTRYINDEX);
  return L;
}

int lsh_identitytable(lua_State *L) {
  return getstate(L)->identity;
}

void lsh_close(lua_State *L) {
  lsh_State *S = getstate(L);
  /* The last finalizers share one budget, the closing's, as the finalizers of one call do;
     once it is spent the rest are skipped (see Finalizers.c). Thousands of finalizers with
     a budget each would keep the process from ending for minutes. */
  S->sharing = 1;
  lsh_begincall(S);
  lsh_runpendingfinalizers(L);
  /* From here every object is finalized, the living ones too, and Swift functions are no
     longer called (the Swift side of the state is already closed): counting a big block
     makes callswift look at why it should not call. */
  S->closing = 1;
  S->bigblocks++;
  lua_close(L);
  lsh_unwatch(S);
  lsh_freecoverage(S);
  if (S->fresh != NULL) lsh_freefresh(S->fresh);
  /* Nothing can call them now. */
  for (int i = 0; i < S->nstatics; i++) lsh_swift_release(S->statics[i]);
  while (S->classes != NULL) {
    lsh_Class *next = S->classes->next;
    free(S->classes);
    S->classes = next;
  }
  free(S);
}

void lsh_collectgarbage(lua_State *L) {
  lua_gc(L, LUA_GCCOLLECT);
  lsh_runpendingfinalizers(L);
}

static const lua_CFunction library_openers[] = {
  luaopen_base, luaopen_package, luaopen_coroutine, luaopen_table, luaopen_io,
  luaopen_os, luaopen_string, luaopen_math, luaopen_utf8, luaopen_debug,
};
static const char *const library_names[] = {
  LUA_GNAME, LUA_LOADLIBNAME, LUA_COLIBNAME, LUA_TABLIBNAME, LUA_IOLIBNAME,
  LUA_OSLIBNAME, LUA_STRLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME, LUA_DBLIBNAME,
};

static int openlibs(lua_State *L) {
  unsigned mask = (unsigned)lua_tointeger(L, 1);
  for (size_t i = 0; i < sizeof(library_openers) / sizeof(library_openers[0]); i++) {
    if (mask & (1u << i)) {
      luaL_requiref(L, library_names[i], library_openers[i], 1);
      lua_pop(L, 1);
    }
  }
  lsh_installguards(L);
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
  if (!exhausted || status != LUA_ERRRUN) return status;
  return exhausted == LSH_CPUTIME ? LSH_ERRCPU : LSH_ERRBUDGET;
}

/* Ends an outermost call: back to the normal hook rate when a limit ran out, what the
   failure left for the collector freed when memory ran out (so that Swift, which takes its
   memory from the same system, can go on), and the finalizers that came due run. */
static __attribute__((noinline)) void endcall(lua_State *L, lsh_State *S, int status, int exhausted) {
  if (exhausted) {
    S->exhausted = 0;
    S->exhaustedwhere[0] = '\0';
    lua_State *T = L;
    lsh_applyhook(T, S);
  }
  if (status == LUA_ERRMEM) lua_gc(L, LUA_GCCOLLECT);
  lsh_runpendingfinalizers(L);
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
  if (S->calls++ == 0) lsh_begincall(S);
  lua_State *running = lsh_setrunning(S, L);
  int status = lua_pcall(L, nargs, nresults, base);
  lsh_setrunning(S, running);
  int exhausted = S->exhausted;
  if (--S->calls == 0) {
    lsh_unwatchcall(S);
    if (exhausted | S->pendingfinalizers | (status == LUA_ERRMEM)) endcall(L, S, status, exhausted);
  }
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

int lsh_xpcallat(lua_State *L, int idx, int handler) {
  idx = lua_absindex(L, idx);
  if (!lua_checkstack(L, 1)) return 0;
  int nargs = lua_gettop(L) - idx;
  lua_rawgeti(L, LUA_REGISTRYINDEX, handler);
  lua_insert(L, idx);
  /* A call into Lua, as lsh_pcall counts them: inside it the memory cap applies again (an
     error there unwinds to this pcall, not through Swift). */
  lsh_State *S = getstate(L);
  S->calls++;
  int status = lua_pcall(L, nargs, LUA_MULTRET, idx);
  S->calls--;
  lua_pushboolean(L, status == LUA_OK);
  lua_replace(L, idx);
  return lua_gettop(L) - idx + 1;
}

int lsh_calldepth(lua_State *L) {
  lua_Debug ar;
  int low = 0, high = 1;
  while (lua_getstack(L, high, &ar)) {
    low = high;
    if (high > INT_MAX / 2) return high;
    high *= 2;
  }
  while (low + 1 < high) {
    int middle = low + (high - low) / 2;
    if (lua_getstack(L, middle, &ar)) low = middle; else high = middle;
  }
  return low + 1;
}

/* -------------------------------------------------------------------------- */
/* Calling Swift                                                               */

/* What callswift returns instead of calling Swift. */
#define LSH_NOROOM  (-100)  /* the thread's stack has no room for a Swift function */
#define LSH_CLOSING (-101)  /* the state is closing: only finalizers run, and Swift is gone */

/* The rare reasons not to enter Swift, kept out of the path every call takes, which looks
   only at bigblocks (lsh_close counts one more). */
static __attribute__((noinline)) int cannotcall(lua_State *L, lsh_State *S) {
  if (S->closing) return LSH_CLOSING;
  return lua_checkstack(L, LSH_HEADROOM) ? 0 : LSH_NOROOM;
}

/* Calls Swift with the memory cap lifted, since Swift now owns the stack, and with L as
   the thread Swift calls back on. */
static inline int callswift(lua_State *L, void *context) {
  lsh_State *S = getstate(L);
  if (__builtin_expect(S->bigblocks != 0, 0)) {
    int refused = cannotcall(L, S);
    if (refused) return refused;
  }
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
    case LSH_NOROOM:
      return luaL_error(L, "stack overflow");
    case LSH_CLOSING:
      return luaL_error(L, "the Lua state is closing: host functions cannot be called from finalizers now");
    default:
      return lua_error(L);
  }
}

static inline int finish(lua_State *L, int n) {
  return n >= 0 ? n : raise(L, n);
}

/* Upvalue 1 is the box as a light userdata, the cheapest value to fetch; upvalue 2 is the
   full userdata that owns it and releases it when the function is collected. Scripts never
   see them: debug.getupvalue shows no upvalues of C functions. */
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
  if (box != NULL && *box != NULL) {
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

void lsh_newobject(lua_State *L, void *object, void *cls) {
  lsh_Object *o = (lsh_Object *)lua_newuserdatauv(L, sizeof(lsh_Object), 1);
  o->magic = LSH_MAGIC;
  o->object = object;
  o->cls = (lsh_Class *)cls;
}

void *lsh_toobject(lua_State *L, int idx) {
  lsh_Object *o = toobject(L, idx);
  return o ? o->object : NULL;
}

/*
** Releases the Swift object. The collector calls it once the userdata is unreachable, by
** which time it has removed the userdata from the identity table (weak values go before
** finalizers run). A call by hand (debug.getmetatable once reached the function) finds the
** userdata still there and does nothing, since the object is alive; lua_close finalizes
** living objects too, and then the call is always real.
*/
static int object_gc(lua_State *L) {
  lsh_State *S = getstate(L);
  lsh_Object *o = toobject(L, 1);
  if (o == NULL || o->object == NULL) return 0;
  if (!S->closing) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, S->identity);
    int alive = lua_type(L, -1) == LUA_TTABLE && lua_rawgetp(L, -1, o->object) == LUA_TUSERDATA &&
                lua_rawequal(L, -1, 1);
    lua_settop(L, 1);
    if (alive) return 0;
  }
  void *object = o->object;
  o->object = NULL;
  lsh_swift_release(object);
  return 0;
}

/* [-0, +1, m] Pushes how a key reads in a message: a string as it is, any other key in
   brackets ([1], [true], [table]); returns it. */
static const char *pushkeyname(lua_State *L, int idx) {
  switch (lua_type(L, idx)) {
    case LUA_TSTRING:
      lua_pushvalue(L, idx);
      return lua_tostring(L, -1);
    case LUA_TNUMBER:
      lua_pushvalue(L, idx);
      return lua_pushfstring(L, "[%s]", lua_tostring(L, -1));
    case LUA_TBOOLEAN:
      return lua_pushstring(L, lua_toboolean(L, idx) ? "[true]" : "[false]");
    default:
      return lua_pushfstring(L, "[%s]", luaL_typename(L, idx));
  }
}

/*
** A metamethod of class `cls` reached with something else as self: another class's object
** (a metatable swapped with debug.setmetatable, a metamethod called by hand), a released
** object, or not an object at all. Worded as if `obj.key` were the call key(obj):
** "bad argument #1 to 'title' (ui.Controller expected, got ui.View)".
*/
static int badself(lua_State *L, const lsh_Class *cls) {
  lsh_Object *o = toobject(L, 1);
  const char *got;
  if (o != NULL && o->cls != NULL)
    got = o->object != NULL ? o->cls->name : lua_pushfstring(L, "a released %s", o->cls->name);
  else
    got = lua_typename(L, lua_type(L, 1));
  const char *key = pushkeyname(L, 2);
  return luaL_error(L, "bad argument #1 to '%s' (%s expected, got %s)", key, cls->name, got);
}

/* Calls the Swift accessor whose box is on top with the first `n` values as arguments. */
static inline int callbox(lua_State *L, int n) {
  void **box = (void **)lua_touserdata(L, -1);
  lua_settop(L, n);
  return finish(L, callswift(L, *box));
}

/* Upvalues: getters, class table, class. */
static int object_index(lua_State *L) {
  const lsh_Class *cls = (const lsh_Class *)lua_touserdata(L, lua_upvalueindex(3));
  lsh_Object *o = toobject(L, 1);
  if (o == NULL || o->cls != cls || o->object == NULL) return badself(L, cls);
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return callbox(L, 2);
  lua_pop(L, 1);
  if (lua_getiuservalue(L, 1, 1) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(2));
  }
  lua_pushvalue(L, 2);
  if (lua_gettable(L, -2) != LUA_TNIL) return 1;
  /* Names known only at run time: the getter stored under the key `true`. */
  lua_pushboolean(L, 1);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return callbox(L, 2);
  lua_pushnil(L);
  return 1;
}

/* Whether the object at 1, whose field table is on top, is an instance of the class
   itself rather than of a Lua subclass: its field table's metatable is the class table. */
static int ownsinstance(lua_State *L) {
  if (!lua_getmetatable(L, -1)) return 1;
  int same = lua_rawequal(L, -1, lua_upvalueindex(4));
  lua_pop(L, 1);
  return same;
}

/* Whether the string key at `key` names a method of the object's class (upvalue 4, the
   class table, looked up through its parents): an object of a strict class still takes its
   own version of one (`function label:draw(canvas) ... end`), which is no misspelling. */
static int ismethod(lua_State *L, int key) {
  if (lua_type(L, key) != LUA_TSTRING) return 0;
  lua_pushvalue(L, key);
  int found = lua_gettable(L, lua_upvalueindex(4)) == LUA_TFUNCTION;
  lua_pop(L, 1);
  return found;
}

/* Upvalues: setters, getters, class, class table. */
static int object_newindex(lua_State *L) {
  const lsh_Class *cls = (const lsh_Class *)lua_touserdata(L, lua_upvalueindex(3));
  lsh_Object *o = toobject(L, 1);
  if (o == NULL || o->cls != cls || o->object == NULL) return badself(L, cls);
  lua_settop(L, 3);
  if (lua_type(L, 2) == LUA_TSTRING) {
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return callbox(L, 3);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL)
      return luaL_error(L, "property '%s' of %s is read-only", lua_tostring(L, 2), cls->name);
    lua_settop(L, 3);
  }
  /* Names known only at run time: the setter stored under the key `true`. */
  lua_pushboolean(L, 1);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return callbox(L, 3);
  lua_pop(L, 1);
  /* A field of an object that takes fields: an instance of a Lua subclass, or of a class
     that is not strict, or a method of its own. */
  if (lua_getiuservalue(L, 1, 1) == LUA_TTABLE && !(cls->strict && ownsinstance(L) && !ismethod(L, 2))) {
    if (lua_isnil(L, 2)) return luaL_error(L, "index is nil");
    if (lua_type(L, 2) == LUA_TNUMBER && lua_tonumber(L, 2) != lua_tonumber(L, 2))
      return luaL_error(L, "index is NaN");
    if (lua_type(L, 3) == LUA_TFUNCTION) getstate(L)->methods++;
    lua_insert(L, 2);
    lua_rawset(L, 2);
    return 0;
  }
  /* An unknown property: Swift words the error, with the name meant when one is close
     (the function stored under the key `false`). */
  lua_settop(L, 3);
  lua_pushboolean(L, 0);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return callbox(L, 3);
  return luaL_error(L, "%s has no property %s", cls->name, pushkeyname(L, 2));
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
  else if (o != NULL && o->cls != NULL)
    name = o->cls->name;
  if (name == NULL) name = luaL_typename(L, 1);
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

void *lsh_newclassmetatable(lua_State *L, int strict) {
  lsh_State *S = getstate(L);
  int getters = lua_absindex(L, -4), setters = getters + 1, table = getters + 2, name = getters + 3;
  size_t length;
  const char *text = lua_tolstring(L, name, &length);
  lsh_Class *cls = (lsh_Class *)malloc(sizeof(lsh_Class) + length + 1);
  if (cls == NULL) outofmemory(sizeof(lsh_Class) + length + 1);
  memcpy(cls->name, text, length + 1);
  cls->strict = strict;
  cls->next = S->classes;
  S->classes = cls;
  lua_createtable(L, 0, 8);
  int meta = lua_gettop(L);
  lua_pushvalue(L, name);
  lua_setfield(L, meta, "__name");
  lua_pushvalue(L, name);
  lua_setfield(L, meta, "__metatable");
  lua_pushvalue(L, getters);
  lua_pushvalue(L, table);
  lua_pushlightuserdata(L, cls);
  lua_pushcclosure(L, object_index, 3);
  lua_setfield(L, meta, "__index");
  lua_pushvalue(L, setters);
  lua_pushvalue(L, getters);
  lua_pushlightuserdata(L, cls);
  lua_pushvalue(L, table);
  lua_pushcclosure(L, object_newindex, 4);
  lua_setfield(L, meta, "__newindex");
  lua_pushcfunction(L, object_gc);
  lua_setfield(L, meta, "__gc");
  lua_pushcfunction(L, object_eq);
  lua_setfield(L, meta, "__eq");
  lua_pushcfunction(L, object_tostring);
  lua_setfield(L, meta, "__tostring");
  lua_replace(L, getters);
  lua_settop(L, getters);
  return cls;
}
