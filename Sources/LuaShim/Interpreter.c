/*
** `screens lua`: a plain Lua 5.4 interpreter with the standalone `lua`'s options, for the
** programs a test suite starts (busted gives specs `arg[-1]`, the command that runs Lua).
**
** It is C because it is Lua's own world and none of the host's: a state of the system's
** Lua with every standard library as Lua opens them (no guards, no limits, no hooks), where
** errors unwind nothing but Lua and C frames. Nothing here touches a Swift object or the
** shim's per-state bookkeeping.
**
**   lua [options] [script [args]]
**   -e stat   run the string stat        -l mod    require mod into global mod (g=mod: g)
**   -i        interactive after script   -v        print the version
**   -E        ignore LUA_INIT            -W        turn warnings on
**   --        stop handling options      -         run standard input and stop
*/
#include "LuaShim.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LSH_LUA_PROMPT "> "
#define LSH_LUA_PROMPT2 ">> "
#define LSH_LUA_LINE 4096

/* What the command line asks for, besides the actions run in order. */
typedef struct Invocation {
  const char *progname;
  int script;       /* index of the script in argv, 0 for none */
  int interactive;  /* -i */
  int version;      /* -v */
  int noenv;        /* -E */
  int stdinonly;    /* no script, no -e: standard input is the script */
  int bad;          /* index of a bad option, 0 for none */
  int missing;      /* the bad option lacks its argument */
} Invocation;

static void message(const char *progname, const char *text) {
  if (progname != NULL) fprintf(stderr, "%s: ", progname);
  fprintf(stderr, "%s\n", text);
  fflush(stderr);
}

/* Prints the error on top (a string, or what __tostring makes of it) and pops it. */
static int report(lua_State *L, const char *progname, int status) {
  if (status != LUA_OK) {
    const char *text = lua_tostring(L, -1);
    message(progname, text != NULL ? text : "(error object is not a string)");
    lua_pop(L, 1);
  }
  return status;
}

/* The message handler: the message (made a string when it is not one) with a traceback. */
static int traceback(lua_State *L) {
  const char *text = lua_tostring(L, 1);
  if (text == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    text = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, text, 1);
  return 1;
}

/* Ctrl-C stops the running chunk at its next instruction, as Lua's interpreter does. */
static lua_State *interrupted = NULL;

static void stopped(lua_State *L, lua_Debug *ar) {
  (void)ar;
  lua_sethook(L, NULL, 0, 0);
  luaL_error(L, "interrupted!");
}

static void oninterrupt(int signal_number) {
  signal(signal_number, SIG_DFL);
  if (interrupted != NULL) lua_sethook(interrupted, stopped, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

/* [-(n+1), +(r|1), -] Calls the function below its n arguments with the traceback handler. */
static int docall(lua_State *L, int narg, int nres) {
  int base = lua_gettop(L) - narg;
  lua_pushcfunction(L, traceback);
  lua_insert(L, base);
  interrupted = L;
  void (*previous)(int) = signal(SIGINT, oninterrupt);
  int status = lua_pcall(L, narg, nres, base);
  signal(SIGINT, previous);
  interrupted = NULL;
  lua_remove(L, base);
  return status;
}

static int dochunk(lua_State *L, const char *progname, int status) {
  if (status == LUA_OK) status = docall(L, 0, 0);
  return report(L, progname, status);
}

static int dostring(lua_State *L, const char *progname, const char *code, const char *name) {
  return dochunk(L, progname, luaL_loadbuffer(L, code, strlen(code), name));
}

/* -l mod, or -l g=mod: require("mod") into the global g (mod by default). */
static int dolibrary(lua_State *L, const char *progname, const char *spec) {
  const char *equals = strchr(spec, '=');
  const char *module = equals != NULL ? equals + 1 : spec;
  lua_getglobal(L, "require");
  lua_pushstring(L, module);
  int status = docall(L, 1, 1);
  if (status == LUA_OK) {
    if (equals != NULL) lua_pushlstring(L, spec, (size_t)(equals - spec));
    else lua_pushstring(L, module);
    lua_insert(L, -2);
    lua_setglobal(L, lua_tostring(L, -2));
    lua_pop(L, 1);
  }
  return report(L, progname, status);
}

/* [-0, +n, -] Pushes the script's arguments (argv after the script) and returns their count. */
static int pushscriptargs(lua_State *L, int argc, char **argv, int script) {
  int count = argc - script - 1;
  luaL_checkstack(L, count + 3, "too many arguments to script");
  for (int i = script + 1; i < argc; i++) lua_pushstring(L, argv[i]);
  return count;
}

/* The global `arg`: the script at 0, its arguments from 1, the interpreter and its options
   at the negative indices; without a script, the interpreter at 0. */
static void setarg(lua_State *L, int argc, char **argv, int script) {
  int zero = script > 0 ? script : 0;
  lua_createtable(L, argc - zero - 1 > 0 ? argc - zero - 1 : 0, zero + 1);
  for (int i = 0; i < argc; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i - zero);
  }
  lua_setglobal(L, "arg");
}

static int doscript(lua_State *L, const char *progname, int argc, char **argv, int script) {
  const char *name = argv[script];
  /* "-" is standard input, unless "--" came just before it. */
  if (strcmp(name, "-") == 0 && strcmp(argv[script - 1], "--") != 0) name = NULL;
  int status = luaL_loadfile(L, name);
  if (status == LUA_OK) {
    int count = pushscriptargs(L, argc, argv, script);
    status = docall(L, count, LUA_MULTRET);
  }
  return report(L, progname, status);
}

/* Reads the options before the script; a bad one is noted in `bad`. */
static Invocation scan(int argc, char **argv) {
  Invocation in = { argv[0] != NULL ? argv[0] : "lua", 0, 0, 0, 0, 0, 0, 0 };
  int hasexec = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-') {
      in.script = i;
      return in;
    }
    if (strcmp(a, "-") == 0) {
      in.script = i;
      return in;
    }
    if (strcmp(a, "--") == 0) {
      if (i + 1 < argc) in.script = i + 1;
      break;
    }
    switch (a[1]) {
      case 'E': case 'W': case 'i': case 'v':
        if (a[2] != '\0') { in.bad = i; return in; }
        if (a[1] == 'E') in.noenv = 1;
        if (a[1] == 'i') in.interactive = in.version = 1;
        if (a[1] == 'v') in.version = 1;
        break;
      case 'e': case 'l':
        if (a[1] == 'e') hasexec = 1;
        if (a[2] == '\0' && (i + 1 >= argc || argv[i + 1][0] == '-')) {
          in.bad = i;
          in.missing = 1;
          return in;
        }
        if (a[2] == '\0') i++;
        break;
      default:
        in.bad = i;
        return in;
    }
  }
  in.stdinonly = in.script == 0 && !hasexec && !in.interactive && !in.version;
  return in;
}

/* Runs -e, -l and -W in order; stops at the first that fails. */
static int runoptions(lua_State *L, const char *progname, int argc, char **argv, int script) {
  int end = script > 0 ? script : argc;
  for (int i = 1; i < end; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) break;
    if (a[1] == 'W') lua_warning(L, "@on", 0);
    if (a[1] != 'e' && a[1] != 'l') continue;
    const char *value = a[2] != '\0' ? a + 2 : argv[++i];
    int status = a[1] == 'e' ? dostring(L, progname, value, "=(command line)") : dolibrary(L, progname, value);
    if (status != LUA_OK) return 0;
  }
  return 1;
}

/* LUA_INIT_5_4, else LUA_INIT: a file ("@name") or code to run first. */
static int runinit(lua_State *L, const char *progname) {
  const char *name = "=LUA_INIT_5_4";
  const char *init = getenv("LUA_INIT_5_4");
  if (init == NULL) {
    name = "=LUA_INIT";
    init = getenv("LUA_INIT");
  }
  if (init == NULL) return LUA_OK;
  if (init[0] == '@') return dochunk(L, progname, luaL_loadfile(L, init + 1));
  return dostring(L, progname, init, name);
}

/* -i: lines typed are run, an expression's values printed; a chunk Lua finds incomplete
   asks for more. */
static void interact(lua_State *L, const char *progname) {
  char line[LSH_LUA_LINE];
  for (;;) {
    fputs(LSH_LUA_PROMPT, stdout);
    fflush(stdout);
    if (fgets(line, sizeof line, stdin) == NULL) break;
    lua_settop(L, 0);
    size_t length = strlen(line);
    if (length > 0 && line[length - 1] == '\n') line[--length] = '\0';
    lua_pushfstring(L, "return %s", line);
    int status = luaL_loadbuffer(L, lua_tostring(L, -1), lua_rawlen(L, -1), "=stdin");
    if (status == LUA_OK) {
      lua_remove(L, -2);
    } else {
      lua_pop(L, 2);
      lua_pushstring(L, line);
      for (;;) {
        status = luaL_loadbuffer(L, lua_tostring(L, 1), lua_rawlen(L, 1), "=stdin");
        size_t size;
        const char *text = status == LUA_ERRSYNTAX ? lua_tolstring(L, -1, &size) : NULL;
        if (text == NULL || size < 5 || strcmp(text + size - 5, "<eof>") != 0) break;
        lua_pop(L, 1);
        fputs(LSH_LUA_PROMPT2, stdout);
        fflush(stdout);
        /* The input ends inside a chunk: as Lua's prompt, nothing more is run. */
        if (fgets(line, sizeof line, stdin) == NULL) {
          lua_settop(L, 0);
          fputs("\n", stdout);
          fflush(stdout);
          return;
        }
        length = strlen(line);
        if (length > 0 && line[length - 1] == '\n') line[--length] = '\0';
        lua_pushfstring(L, "%s\n%s", lua_tostring(L, 1), line);
        lua_replace(L, 1);
      }
      if (status != LUA_OK) {
        report(L, NULL, status);
        continue;
      }
      lua_remove(L, 1);
    }
    status = docall(L, 0, LUA_MULTRET);
    if (status == LUA_OK && lua_gettop(L) > 0) {
      luaL_checkstack(L, LUA_MINSTACK, "too many results to print");
      lua_getglobal(L, "print");
      lua_insert(L, 1);
      status = lua_pcall(L, lua_gettop(L) - 1, 0, 0);
    }
    report(L, progname, status);
  }
  lua_settop(L, 0);
  fputs("\n", stdout);
  fflush(stdout);
}

/* Everything, in protected mode: the arguments arrive as light userdata. */
static int pmain(lua_State *L) {
  int argc = (int)lua_tointeger(L, 1);
  char **argv = (char **)lua_touserdata(L, 2);
  Invocation in = scan(argc, argv);
  const char *progname = in.progname;
  if (in.bad != 0) {
    if (in.missing) fprintf(stderr, "%s: '%s' needs argument\n", progname, argv[in.bad]);
    else fprintf(stderr, "%s: unrecognized option '%s'\n", progname, argv[in.bad]);
    fprintf(stderr,
            "usage: %s [options] [script [args]]\n"
            "Available options are:\n"
            "  -e stat   execute string 'stat'\n"
            "  -i        enter interactive mode after executing 'script'\n"
            "  -l mod    require library 'mod' into global 'mod'\n"
            "  -l g=mod  require library 'mod' into global 'g'\n"
            "  -v        show version information\n"
            "  -E        ignore environment variables\n"
            "  -W        turn warnings on\n"
            "  --        stop handling options\n"
            "  -         stop handling options and execute stdin\n",
            progname);
    return 0;
  }
  if (in.version) {
    fputs(LUA_COPYRIGHT "\n", stdout);
    fflush(stdout);
  }
  if (in.noenv) {
    lua_pushboolean(L, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, "LUA_NOENV");
  }
  luaL_openlibs(L);
  setarg(L, argc, argv, in.script);
  lua_gc(L, LUA_GCRESTART);
  lua_gc(L, LUA_GCGEN, 0, 0);
  if (!in.noenv && runinit(L, progname) != LUA_OK) return 0;
  if (!runoptions(L, progname, argc, argv, in.script)) return 0;
  if (in.script > 0 && doscript(L, progname, argc, argv, in.script) != LUA_OK) return 0;
  if (in.interactive) {
    interact(L, progname);
  } else if (in.stdinonly) {
    if (isatty(0)) {
      fputs(LUA_COPYRIGHT "\n", stdout);
      interact(L, progname);
    } else if (dochunk(L, progname, luaL_loadfile(L, NULL)) != LUA_OK) {
      return 0;
    }
  }
  lua_pushboolean(L, 1);
  return 1;
}

int lsh_interpret(int argc, char **argv) {
  lua_State *L = luaL_newstate();
  if (L == NULL) {
    message(argv[0], "cannot create state: not enough memory");
    return EXIT_FAILURE;
  }
  lua_gc(L, LUA_GCSTOP);
  lua_pushcfunction(L, pmain);
  lua_pushinteger(L, argc);
  lua_pushlightuserdata(L, argv);
  int status = lua_pcall(L, 2, 1, 0);
  int succeeded = status == LUA_OK && lua_toboolean(L, -1);
  report(L, argv[0], status);
  lua_close(L);
  return succeeded ? EXIT_SUCCESS : EXIT_FAILURE;
}
