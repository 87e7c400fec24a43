/*
** Finalizers of scripts' objects (__gc), run under the budget and at safe points.
**
** Lua runs a finalizer inside the collector, with debug hooks off: a finalizer that loops
** would run outside the budget for ever, and one that calls back into the host would run in
** the middle of whatever allocation started the collection, Swift's own included. So Lua
** never marks a script's object for finalization: every way a script sets a metatable
** (setmetatable, debug.setmetatable, the host's own lua_setmetatable of a script's class)
** goes through lsh_setmetatable, which hides the metatable's __gc from Lua for that moment
** and gives the object a sentinel instead, a userdata that Lua does finalize, when the
** object is unreachable, by queuing the object. The queue runs at the next safe point (the
** budget's check between two instructions, the end of the outermost call, collectgarbage,
** lua_close), on a thread where hooks apply, under the budget of the call it runs in or,
** outside any call, under one budget that all the finalizers of that pass share (those run
** while the state closes share the closing's, see lsh_close); an error in one is a warning,
** as in Lua, and those left when the budget is spent are skipped, with one warning.
*/
#include "ShimState.h"

const char lsh_sentinels_key = 0;
const char lsh_pending_key = 0;
const char lsh_sentinelmeta_key = 0;

/* [-1, +0, -] Runs the finalizer of the object on top: the __gc its metatable has now. Once
   the budget finalizers share is spent, it is skipped; the first one skipped says so. */
static void runfinalizer(lua_State *L, lsh_State *S) {
  int object = lua_gettop(L);
  if (S->sharing && (S->exhausted || lsh_cpuup(S))) {
    if (S->sharing == 1) {
      S->sharing = 2;
      lua_warning(L, "the remaining finalizers were skipped: they spent the budget they share", 0);
    }
    lua_settop(L, object - 1);
    return;
  }
  /* Forget the sentinel first: a finalizer that gives the object a metatable with __gc
     again gets it a new one, as Lua marks such an object again. */
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &lsh_sentinels_key) == LUA_TTABLE) {
    lua_pushvalue(L, object);
    lua_pushnil(L);
    lua_rawset(L, -3);
  }
  lua_settop(L, object);
  if (!lua_getmetatable(L, object)) {
    lua_pop(L, 1);
    return;
  }
  lua_pushliteral(L, "__gc");
  if (lua_rawget(L, -2) == LUA_TNIL) {
    lua_settop(L, object - 1);
    return;
  }
  lua_replace(L, -2);   /* object, __gc */
  lua_insert(L, -2);    /* __gc, object */
  if (lsh_run(L, S, 1, NULL) != LUA_OK) {
    const char *message = lua_tostring(L, -1);
    lua_warning(L, "error in __gc (", 1);
    lua_warning(L, message ? message : "error object is not a string", 1);
    lua_warning(L, ")", 0);
    lua_pop(L, 1);
  }
}

/* The sentinel's __gc: its object is unreachable, and its finalizer due. */
static int sentinel_gc(lua_State *L) {
  lsh_State *S = lsh_getstate(L);
  if (lua_getiuservalue(L, 1, 1) == LUA_TNIL) return 0;
  if (S->closing) {
    runfinalizer(L, S);
    return 0;
  }
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &lsh_pending_key) != LUA_TTABLE) return 0;
  lua_insert(L, -2);
  lua_rawseti(L, -2, ++S->pendingfinalizers);
  return 0;
}

void lsh_runpendingfinalizers(lua_State *L) {
  lsh_State *S = lsh_getstate(L);
  if (S->finalizing || S->pendingfinalizers == 0 || !lua_checkstack(L, 8)) return;
  S->finalizing = 1;
  /* Outside any call the pass shares one budget, as the finalizers of one call do: a
     thousand finalizers that loop cost one budget, not a thousand. */
  int pass = S->calls == 0 && !S->sharing;
  if (pass) {
    S->sharing = 1;
    lsh_begincall(S);
  }
  /* Finalizers may queue more; they run in this same pass. */
  for (int i = 1; i <= S->pendingfinalizers; i++) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &lsh_pending_key);
    lua_rawgeti(L, -1, i);
    lua_pushnil(L);
    lua_rawseti(L, -3, i);
    lua_remove(L, -2);
    runfinalizer(L, S);
  }
  S->pendingfinalizers = 0;
  S->finalizing = 0;
  if (pass) {
    S->sharing = 0;
    S->exhausted = 0;
    S->exhaustedwhere[0] = '\0';
    lsh_unwatchcall(S);
  }
}

/* [-0, +0, -] Gives the table or userdata at idx a sentinel, unless it has one. */
static void watch(lua_State *L, int object) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &lsh_sentinels_key) != LUA_TTABLE) {
    lua_pop(L, 1);
    return;
  }
  lua_pushvalue(L, object);
  if (lua_rawget(L, -2) != LUA_TNIL) {
    lua_pop(L, 2);
    return;
  }
  lua_pop(L, 1);
  lua_pushvalue(L, object);
  lua_newuserdatauv(L, 0, 1);
  lua_pushvalue(L, object);
  lua_setiuservalue(L, -2, 1);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &lsh_sentinelmeta_key);
  lua_setmetatable(L, -2);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

void lsh_setmetatable(lua_State *L, int idx) {
  int object = lua_absindex(L, idx), type = lua_type(L, object);
  /* A class chain may change: the bridge looks for overrides it found missing again. */
  lsh_getstate(L)->methods++;
  if (lua_type(L, -1) != LUA_TTABLE || (type != LUA_TTABLE && type != LUA_TUSERDATA)) {
    lua_setmetatable(L, object);
    return;
  }
  int meta = lua_gettop(L);
  lua_pushliteral(L, "__gc");
  if (lua_rawget(L, meta) == LUA_TNIL) {
    lua_pop(L, 1);
    lua_setmetatable(L, object);
    return;
  }
  /* Set the metatable while its __gc is hidden, so that Lua does not mark the object; no
     allocation (and so no collection) happens in between. */
  lua_pushliteral(L, "__gc");
  lua_pushnil(L);
  lua_rawset(L, meta);
  lua_pushvalue(L, meta);
  lua_setmetatable(L, object);
  lua_pushliteral(L, "__gc");
  lua_insert(L, -2);
  lua_rawset(L, meta);
  lua_pop(L, 1);
  watch(L, object);
}

/* setmetatable(table, metatable), Lua's, with the metatable set by lsh_setmetatable. */
static int guarded_setmetatable(lua_State *L) {
  int t = lua_type(L, 2);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
  if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
    return luaL_error(L, "cannot change a protected metatable");
  lua_settop(L, 2);
  lsh_setmetatable(L, 1);
  return 1;
}

/* collectgarbage(...), Lua's, then the finalizers it made due. */
static int guarded_collectgarbage(lua_State *L) {
  lua_CFunction collect = lua_tocfunction(L, lua_upvalueindex(1));
  int results = collect(L);
  lsh_runpendingfinalizers(L);
  return results;
}

/* Makes the sentinels' tables and takes over setmetatable and collectgarbage when the
   base library is open. */
void lsh_installfinalizers(lua_State *L) {
  lsh_newweaktable(L, "k");
  lua_rawsetp(L, LUA_REGISTRYINDEX, &lsh_sentinels_key);
  lua_createtable(L, 0, 0);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &lsh_pending_key);
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, sentinel_gc);
  lua_setfield(L, -2, "__gc");
  lua_rawsetp(L, LUA_REGISTRYINDEX, &lsh_sentinelmeta_key);
  lua_pushglobaltable(L);
  if (lua_getfield(L, -1, "setmetatable") == LUA_TFUNCTION) {
    lua_pushcfunction(L, guarded_setmetatable);
    lua_setfield(L, -3, "setmetatable");
  }
  lua_pop(L, 1);
  if (lua_getfield(L, -1, "collectgarbage") == LUA_TFUNCTION && lua_iscfunction(L, -1)) {
    lua_pushcclosure(L, guarded_collectgarbage, 1);
    lua_setfield(L, -2, "collectgarbage");
  } else {
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

int lsh_hasfinalizers(lua_State *L) {
  lsh_State *S = lsh_getstate(L);
  if (S->pendingfinalizers != 0) return 1;
  int has = 0;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &lsh_sentinels_key) == LUA_TTABLE) {
    lua_pushnil(L);
    if (lua_next(L, -2) != 0) {
      has = 1;
      lua_pop(L, 2);
    }
  }
  lua_pop(L, 1);
  return has;
}
