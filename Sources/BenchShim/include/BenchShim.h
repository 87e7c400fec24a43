/*
** BenchShim: what the benchmarks need of the system that Swift does not import, and the
** baselines their figures are ratios against (Baselines.c): the same work in plain C over
** the Lua C API, kept out of the host's own shim.
*/
#ifndef BENCHSHIM_H
#define BENCHSHIM_H

#include <lua.h>

/* Makes this process the subreaper of the processes it starts: those whose parent ends
** first become its children (Linux), to be waited for. Returns 0, or -1 where it cannot. */
int bench_become_subreaper(void);

/* Calls the global function `name` n times as a C host calls a callback it holds: from a
   registry reference, with lua_pcall and a traceback handler; returns nanoseconds. */
double bench_pcall(lua_State *L, const char *name, long n);
/* Registers `name` as a trivial C function returning nothing. */
void bench_register_function(lua_State *L, const char *name);
/* Pushes a C userdata whose __index returns an integer field for the key "value". */
void bench_push_userdata(lua_State *L, long long value);

#endif
