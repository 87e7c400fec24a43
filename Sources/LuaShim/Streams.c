/*
** Lua file handles for streams the host opened itself.
**
** A plugin's io.open is the host's: the file is opened with the checks a confined path
** needs (each folder walked without following links, non-blocking, a regular file, see
** PluginFiles.swift), and only then handed to Lua as a handle io's methods take. Lua's own
** handles are luaL_Stream userdata whose close function is a C pointer, which is why this
** is C.
*/
#include "ShimState.h"

#include <errno.h>
#include <stdio.h>

/* The close function of the handles made here, as liolib's io_fclose: the stream is closed
   and its result reported as Lua's file functions report them. */
static int closestream(lua_State *L) {
  luaL_Stream *p = (luaL_Stream *)luaL_checkudata(L, 1, LUA_FILEHANDLE);
  errno = 0;
  return luaL_fileresult(L, fclose(p->f) == 0, NULL);
}

void lsh_pushstream(lua_State *L, FILE *f) {
  luaL_Stream *p = (luaL_Stream *)lua_newuserdatauv(L, sizeof(luaL_Stream), 0);
  /* A handle without a close function counts as closed: set the stream last. */
  p->closef = NULL;
  luaL_setmetatable(L, LUA_FILEHANDLE);
  p->f = f;
  p->closef = closestream;
}
