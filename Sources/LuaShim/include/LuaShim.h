/*
** LuaShim: the few things the bridge must do in C.
**
** Lua reports errors with longjmp. A longjmp across a Swift frame skips its releases and
** defers and corrupts memory silently, so every path that can raise lives here:
**
**  - Swift functions exposed to Lua run under lsh_trampoline, which calls Swift, lets the
**    Swift frame return, and only then raises the error Swift asked for.
**  - Calls from Swift into Lua go through lsh_pcall, which also records a traceback.
**  - Metamethods of Swift objects (__index, __newindex, __gc, __eq, __tostring) are C.
**  - The standard libraries are guarded where they reach the host's internals or crash Lua
**    (Libraries.c), debug hooks compose with the budget's (Hooks.c), scripts'
**    finalizers run under the budget at safe points (Finalizers.c), and a watchdog thread
**    signals a call past its CPU time (Watchdog.c).
**
** While Swift owns the stack (outside any call, or inside a Swift function called from
** Lua), the allocator ignores the memory cap, so the raw API calls Swift makes (pushes,
** lua_raw*, lua_createtable, luaL_ref) cannot raise. If the system itself refuses memory
** there, the process ends with a message and a failure status instead of unwinding Swift.
**
** Every function here has the lsh_ prefix; the manual's notation [-o, +p, x] gives the
** stack effect of the ones that touch the stack.
*/
#ifndef LUASHIM_H
#define LUASHIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

/* LUA_REGISTRYINDEX is a macro expression, which Swift cannot import. */
static const int lsh_registryindex = LUA_REGISTRYINDEX;

/* Results a Swift function returns to the trampoline besides a result count (>= 0). */
#define LSH_RAISE       (-1)  /* raise the value on top as it is */
#define LSH_RAISE_WHERE (-2)  /* prefix the message on top with the caller's position, then raise */
#define LSH_RAISE_ARG   (-3)  /* top holds [argument number, message]: raise luaL_argerror */

/* Statuses lsh_pcall returns besides Lua's own: the instruction budget, or the CPU time
   limit, ran out. */
#define LSH_ERRBUDGET   15
#define LSH_ERRCPU      16

/* The two entry points into Swift, defined in LuaBridge with @_cdecl and called directly
   (not through pointers, which would cost every call). */
/* Runs the Swift function `context` on thread L; returns a result count or an LSH_RAISE_*. */
int lsh_swift_dispatch(lua_State *L, void *context);
/* Releases a Swift object (or function box) that a collected userdata held. */
void lsh_swift_release(void *object);

/* -------------------------------------------------------------------------- */
/* States, memory and the instruction budget                                   */

/* Creates a state whose allocator counts and caps memory (0 = no cap). NULL when out of memory. */
lua_State *lsh_newstate(size_t memory_limit);
/* Runs the pending finalizers, then closes the state; from then on Swift functions are no
   longer called (a finalizer calling one gets an error). */
void lsh_close(lua_State *L);

/* The registry slot of the weak-valued table from Swift objects (light userdata keys) to the
   userdata that holds each. */
int lsh_identitytable(lua_State *L);

/* Whether the state shows Lua warnings ("@on"/"@off" switch them per state). */
int lsh_warningson(lua_State *L);

/*
** In a process forked from one that holds the state: from now on the state takes new blocks
** from memory of its own and leaves those it had where they are (freeing one does nothing,
** growing one copies it), so that its allocations write none of the pages the two processes
** still share. For a state that ends with the process. Returns 0, or -1 when no memory could
** be reserved (nothing changes then).
*/
int lsh_usefreshmemory(lua_State *L);

void lsh_setmemorylimit(lua_State *L, size_t limit);
size_t lsh_memoryused(lua_State *L);

/* The thread running the innermost Swift function called from Lua, or the main thread:
   the one Swift calls back on. Kept here because the trampoline knows it for free. */
lua_State *lsh_current(lua_State *L);

/* Whether Lua code (or a Swift function it called) is running in the state. */
int lsh_isrunning(lua_State *L);

/* Instructions each outermost lsh_pcall may run (0 = unlimited). The count hook this needs
   slows the VM down, so it is installed only while a budget is set. A script's own hook
   (debug.sethook) composes with it: setting or clearing one never removes the budget's.
   Pattern matching (string.find, gsub, match, gmatch) runs inside C and is not counted. */
void lsh_setbudget(lua_State *L, long long instructions);

/*
** CPU time each outermost lsh_pcall may use (seconds; 0, a negative number or NaN: no
** limit), counted on the thread that sets it, which must be the one the state's calls run
** on. Unlike the instruction budget it also counts time spent inside C functions: a loop of
** long C calls (sorting, pattern matching) is stopped after the call it is in returns. C,
** because a watchdog thread reads the clock and signals the state's thread, whose handler
** may only make async-signal-safe calls (see Watchdog.c); the calls themselves pay two
** stores. Returns 0, or -1 when the system refused the thread or the signal handler (then
** there is no limit).
*/
int lsh_setcpulimit(lua_State *L, double seconds);

/* Asks the Lua code running in the state to stop: at its next instruction check it raises
   `message` with its position, and goes on raising until lsh_clearinterrupt. Safe from
   another thread or a signal handler (it only sets a flag and calls lua_sethook, which Lua
   allows asynchronously). Code on the main thread stops at once; code in a coroutine stops
   when a budget is set (its count hook sees the flag). Code stuck inside a C function (a
   pattern match) cannot be stopped this way. */
void lsh_interrupt(lua_State *L, const char *message);
/* The same from another thread than the one running L's calls (a watchdog's): the flag is
   set there, and the thread of L's last outermost call is signalled to set the hook, since
   lua_sethook may not run on another thread while L runs. Only for a state given
   lsh_trackcallthread (before its calls) or a CPU limit. */
void lsh_interruptfrom(lua_State *L, const char *message);
/* The same from a signal handler on the thread that runs L's calls (a timer's): the Lua
   thread running there, a coroutine's too, stops at its next instruction. */
void lsh_interrupthere(lua_State *L, const char *message);
/* Has each outermost call of L note its thread, for lsh_interruptfrom; on L's thread. */
void lsh_trackcallthread(lua_State *L);
/* A check the count hook makes while Lua code runs: a REPL server polls the socket of the
   client whose chunk runs, without a thread. It may call lsh_interrupt to stop the code
   (the hook then raises the safe way); it must not touch the Lua state otherwise. */
typedef void (*lsh_Check)(void *context);
/* Calls `check(context)` about every `instructions` instructions of Lua code on the main
   thread (and the coroutines created while it is set) until lsh_setcheck(L, NULL, NULL, 0);
   it turns the count hook on, so it costs speed only while set. */
void lsh_setcheck(lua_State *L, lsh_Check check, void *context, long long instructions);
/* Lets Lua code run again after lsh_interrupt; main thread only. */
void lsh_clearinterrupt(lua_State *L);
int lsh_isinterrupted(lua_State *L);

/* Ctrl-C for a REPL, as lua.c's: a SIGINT handler that interrupts (lsh_interrupt, with
   "interrupted") the state set by lsh_sigint_target, when one is set, and writes the
   signal's number as one byte to `pipe_fd` (the loop's self-pipe). Keeps the action it
   replaces, which lsh_sigint_uninstall puts back. */
int lsh_sigint_install(int pipe_fd);
/* The state a SIGINT stops (NULL: none, the signal only reaches the pipe). */
void lsh_sigint_target(lua_State *L);
void lsh_sigint_uninstall(void);

/* Runs a full collection cycle, then the finalizers it made due; lua_gc is variadic, which
   Swift cannot call. */
void lsh_collectgarbage(lua_State *L);

/* Opens the standard libraries in `mask` (bits in LuaLibraries order) in protected mode,
   guarded (see Libraries.c): text chunks only, a debug library that cannot reach the host's
   internals, finalizers under the budget. */
int lsh_openlibs(lua_State *L, unsigned mask);

/* Whether a script's object has a finalizer (__gc) that closing the state would run, or one
   is waiting to run: a process about to end may then skip closing the state. Raw reads. */
int lsh_hasfinalizers(lua_State *L);

/* Lets load, loadfile, dofile and require's Lua searcher take binary chunks too (allow != 0),
   or text only again. Lua does not verify bytecode: only a state whose process may crash
   without harm (a test file's, in its worker) allows them. */
void lsh_allowbinarychunks(lua_State *L, int allow);

/* Starts (on != 0) or stops recording which lines of file chunks ("@path") run, in every
   thread of L's state; returns 0, or -1 when out of memory. Coverage.c. */
int lsh_setcoverage(lua_State *L, int on);
/* [-0, +1, m] Pushes what coverage recorded: a table from each chunk name ("@path") to the
   list of its lines that ran, in order. */
void lsh_pushcoverage(lua_State *L);

/* The standalone interpreter (`screens lua`): runs argv as Lua 5.4's `lua` does (-e, -l, -i,
   -v, -E, -W, --, -, a script and its arguments, the `arg` table) in a plain state with
   every standard library, and returns the exit status. Interpreter.c. */
int lsh_interpret(int argc, char **argv);

/* [-1, +0, -] lua_setmetatable for a metatable a script may have made: pops it and sets it
   as the metatable of the value at idx, and when it has __gc, has the value finalized under
   the budget at a safe point rather than by the collector (see Finalizers.c). */
void lsh_setmetatable(lua_State *L, int idx);

/* [-0, +1, m] Pushes a Lua file handle (a luaL_Stream with io's metatable) for the stream
   `f`, which it owns from then on: closing the handle or collecting it closes `f`. */
void lsh_pushstream(lua_State *L, FILE *f);

/* The path of the file the Lua library was loaded from (the program's own when Lua is linked
   into it), or NULL when the system cannot tell (see Library.c). */
const char *lsh_libraryfile(void);

/* -------------------------------------------------------------------------- */
/* Loading and calling                                                        */

/* [-0, +1, -] Loads a chunk like luaL_loadbufferx; the memory cap applies to the parser. */
int lsh_load(lua_State *L, const char *buffer, size_t size, const char *chunkname, const char *mode);

/*
** [-(nargs+1), +(nresults|2), -] Calls the function below the nargs arguments in protected
** mode. On success leaves nresults results (all of them for LUA_MULTRET). On failure leaves
** the message (a string) and the traceback (a string, or nil for memory errors) and
** returns the status, LSH_ERRBUDGET when the instruction budget ran out and LSH_ERRCPU when
** the CPU time limit did.
*/
int lsh_pcall(lua_State *L, int nargs, int nresults);

/* [-nargs, +(nresults|2), -] lsh_pcall of the function in registry slot `ref` with the
   nargs arguments on top of the current thread (lsh_current): the whole call from Swift in
   one crossing, which is what makes a call from Swift cheap. */
int lsh_callref(lua_State *L, int ref, int nargs, int nresults);

/*
** [-(n+1), +(r+1), -] What xpcall(f, handler, ...) does, from inside a Swift function: calls
** the function at `idx` with the n values above it, the function in registry slot
** `handler` as the message handler, and leaves in its place true and the r results, or
** false and the handler's value; returns r + 1. Returns 0 and leaves the stack as it was
** when the stack has no room for the handler.
*/
int lsh_xpcallat(lua_State *L, int idx, int handler);

/* The calls in progress on L's stack, the running C function's own included: the levels
   lua_getstack takes are 0 to this minus 1. Found by bisection, as luaL_traceback finds
   the end of a stack. */
int lsh_calldepth(lua_State *L);

/* -------------------------------------------------------------------------- */
/* Swift functions and objects                                                 */

/* [-0, +1, -] Pushes a Lua function that runs the Swift function `context` (retained by the
   caller; released when the function is collected). */
void lsh_pushfunction(lua_State *L, void *context);

/* [-0, +1, -] Pushes a Lua function that runs the Swift function `context` (retained by the
   caller) and lives as long as the state, which releases it when it closes. Such functions
   are light C functions, cheaper to call than the collectable kind; a state has room for
   1024 of them, after which this pushes a closure the registry keeps and returns 0. */
int lsh_pushstaticfunction(lua_State *L, void *context);

/* [-0, +1, -] Pushes a new userdata holding the (retained) Swift object of class `cls` (from
   lsh_newclassmetatable), with one user value. */
void lsh_newobject(lua_State *L, void *object, void *cls);
/* The Swift object in the userdata at idx, or NULL when it is not one of ours (or released). */
void *lsh_toobject(lua_State *L, int idx);

/*
** [-4, +1, -] Makes the metatable for a class of Swift objects from [getters, setters,
** class table, name] on top, and returns the class, which lsh_newobject stores in each
** object. __index and __newindex consult the getters and setters (names to Swift
** functions; the key `true` holds the accessors of names known at run time), then the
** instance's field table, then the class table; __gc releases the object; __eq compares
** objects; __tostring prints "name: 0x...".
**
** The metamethods check that self is a live object of this very class, by the class its
** userdata carries, which no metatable change can forge. Anything else is an error worded
** as if `obj.key` were the call key(obj): "bad argument #1 to 'title' (ui.Controller
** expected, got ui.View)", "... got a released ui.View", "... got table".
**
** A strict class's own instances take no fields: assigning a name that is not a property
** calls the Swift function under the key `false` of the setters, which raises the error.
** Instances of a Lua subclass (whose field table's metatable is not the class table) take
** fields whatever the class.
*/
void *lsh_newclassmetatable(lua_State *L, int strict);

/* [-0, +1, -] Pushes a Swift function box as a plain userdata (for getter and setter tables). */
void lsh_pushbox(lua_State *L, void *context);

/*
** The version of what the state's classes and objects define, which the bridge's cache of
** the overrides it found missing compares with. It grows when a function is assigned to a
** field of a Swift object, a new key to a class table (through lsh_classnewindex), or a
** metatable to a table (every way of setting one goes through lsh_setmetatable). C: read on
** every lookup of an override, where asking Lua would cost what the cache saves, and
** bumped by the object metamethods, which are C.
*/
unsigned long long lsh_methodsversion(lua_State *L);
/* [-3, +0, e] A lua_CFunction: the __newindex of class tables, which assigns raw and bumps
   lsh_methodsversion. C, so that a nil or NaN key fails at the assignment's line. */
int lsh_classnewindex(lua_State *L);

#endif
