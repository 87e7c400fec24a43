// The system Lua 5.4 headers (pkg-config lua5.4 supplies the include path).
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
