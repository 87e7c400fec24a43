/*
** The file the Lua library of this process was loaded from. Bytecode (string.dump) loads
** safely only into the build of Lua that wrote it, which Lua's own check of a binary chunk's
** header (version and format) does not tell apart: what keeps bytecode between processes
** names the file it came from.
*/
#define _GNU_SOURCE
#include <dlfcn.h>

#include "LuaShim.h"

const char *lsh_libraryfile(void) {
  Dl_info info;
  if (dladdr((void *)&lua_newstate, &info) == 0) return NULL;
  return info.dli_fname;
}
