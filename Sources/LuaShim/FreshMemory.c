/*
** Fresh memory for a state that ends with its process (lsh_usefreshmemory).
**
** A test worker prepares one state and forks a copy of itself per test file. The copy shares
** every page with the worker until it writes to one, and malloc writes wherever the worker's
** heap has a free chunk of the right size: the headers of free chunks are spread over
** hundreds of pages, and every allocation from one copies a page. From the switch on, the
** state takes its new blocks from a region of its own instead, untouched by the worker, and
** leaves the blocks it had where they are: freeing one does nothing (the process is short
** and ends with the file), growing one copies it. The worker's own last file takes it too:
** a block from a free list costs less than one from malloc.
**
** The region is reserved address space (MAP_NORESERVE): pages cost memory only once used.
** Blocks up to 512 bytes come in sizes of 16-byte steps, larger ones in powers of two; a
** freed block goes on the free list of its size, and the first word of a free block links
** the list. Only the thread running the state allocates, so nothing is locked.
*/

#include "FreshMemory.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

void lsh_freefresh(lsh_Fresh *F) {
  munmap(F->base, (size_t)(F->end - F->base));
  free(F);
}

int lsh_usefreshmemory(lua_State *L) {
  lsh_State *S = lsh_getstate(L);
  if (S->fresh != NULL) return 0;
  /* As much as the machine has: a file needing more would stop it anyway. */
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  size_t size = (pages > 0 && page > 0) ? (size_t)pages * (size_t)page : ((size_t)4 << 30);
  lsh_Fresh *F = (lsh_Fresh *)calloc(1, sizeof(lsh_Fresh));
  if (F == NULL) return -1;
  void *region = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (region == MAP_FAILED) {
    free(F);
    return -1;
  }
  F->base = F->next = (char *)region;
  F->end = F->base + size;
  S->fresh = F;
  return 0;
}
