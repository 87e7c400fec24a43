/*
** Baselines for screens-bench: the work each benchmark figure measures, done in plain C over
** the Lua C API, so that the Swift figure can be printed as a ratio against it.
*/
#include "BenchShim.h"

#include <lauxlib.h>

#include <string.h>
#include <time.h>

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int traceback(lua_State *L) {
  luaL_traceback(L, L, lua_tostring(L, 1), 1);
  return 1;
}

/* The same work as a call from Swift, done by a careful C host: the callback is held in the
   registry (luaL_ref), and the call is protected with a traceback handler that stays on the
   stack, as lua.c's docall does but without pushing it for every call. */
double bench_pcall(lua_State *L, const char *name, long n) {
  lua_pushcfunction(L, traceback);
  int handler = lua_gettop(L);
  lua_getglobal(L, name);
  int ref = luaL_ref(L, LUA_REGISTRYINDEX);
  double start = now_ns();
  for (long i = 0; i < n; i++) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    if (lua_pcall(L, 0, 0, handler) != LUA_OK) lua_pop(L, 1);
  }
  double elapsed = now_ns() - start;
  luaL_unref(L, LUA_REGISTRYINDEX, ref);
  lua_pop(L, 1);
  return elapsed;
}

static int nop(lua_State *L) {
  (void)L;
  return 0;
}

void bench_register_function(lua_State *L, const char *name) {
  lua_pushcfunction(L, nop);
  lua_setglobal(L, name);
}

typedef struct Counter { long long value; } Counter;

static int counter_index(lua_State *L) {
  Counter *c = (Counter *)luaL_checkudata(L, 1, "bench.Counter");
  const char *key = luaL_checkstring(L, 2);
  if (strcmp(key, "value") == 0) {
    lua_pushinteger(L, c->value);
    return 1;
  }
  return 0;
}

void bench_push_userdata(lua_State *L, long long value) {
  Counter *c = (Counter *)lua_newuserdatauv(L, sizeof(Counter), 0);
  c->value = value;
  if (luaL_newmetatable(L, "bench.Counter")) {
    lua_pushcfunction(L, counter_index);
    lua_setfield(L, -2, "__index");
  }
  lua_setmetatable(L, -2);
}
