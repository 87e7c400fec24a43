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

#include "ShimState.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SMALLSTEP   16
#define SMALLLIMIT  512
#define SMALLCLASSES (SMALLLIMIT / SMALLSTEP)   /* classes 1 to 32: 16 to 512 bytes */
#define LARGESHIFT  10                          /* the first large class: 1 KiB */
#define CLASSES     (SMALLCLASSES + 64)
/* Freed blocks this big give their pages back to the system. */
#define RETURNED    ((size_t)256 * 1024)

struct lsh_Fresh {
  char *base, *next, *end;
  void *free[CLASSES + 1];
};

/* The class of a block of `size` bytes (size > 0), and the bytes such a block takes. */
static int classof(size_t size, size_t *bytes) {
  if (size <= SMALLLIMIT) {
    int cls = (int)((size + SMALLSTEP - 1) / SMALLSTEP);
    *bytes = (size_t)cls * SMALLSTEP;
    return cls;
  }
  int shift = LARGESHIFT;
  while (((size_t)1 << shift) < size) shift++;
  *bytes = (size_t)1 << shift;
  return SMALLCLASSES + 1 + (shift - LARGESHIFT);
}

static int owns(const lsh_Fresh *F, const void *ptr) {
  return (const char *)ptr >= F->base && (const char *)ptr < F->end;
}

static void *take(lsh_Fresh *F, size_t size) {
  size_t bytes;
  int cls = classof(size, &bytes);
  void *block = F->free[cls];
  if (block != NULL) {
    F->free[cls] = *(void **)block;
    return block;
  }
  if ((size_t)(F->end - F->next) < bytes) return NULL;
  block = F->next;
  F->next += bytes;
  return block;
}

static void give(lsh_Fresh *F, void *ptr, size_t size) {
  size_t bytes;
  int cls = classof(size, &bytes);
  if (bytes >= RETURNED) {
    /* Its whole pages, past the link word. */
    long page = sysconf(_SC_PAGESIZE);
    uintptr_t start = ((uintptr_t)ptr + sizeof(void *) + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
    uintptr_t end = ((uintptr_t)ptr + bytes) & ~((uintptr_t)page - 1);
    if (end > start) madvise((void *)start, end - start, MADV_DONTNEED);
  }
  *(void **)ptr = F->free[cls];
  F->free[cls] = ptr;
}

/* No region is this big: a size past it gets no class (and no shift past the word). */
#define LARGEST ((size_t)1 << 62)

void *lsh_freshrealloc(lsh_Fresh *F, void *ptr, size_t osize, size_t nsize) {
  if (nsize == 0) {
    if (ptr != NULL && owns(F, ptr)) give(F, ptr, osize);
    return NULL;
  }
  if (nsize > LARGEST) return NULL;
  if (ptr != NULL && owns(F, ptr)) {
    size_t oldbytes, newbytes;
    if (classof(osize, &oldbytes) == classof(nsize, &newbytes)) return ptr;
  }
  void *block = take(F, nsize);
  if (block == NULL) return NULL;
  if (ptr != NULL) {
    memcpy(block, ptr, osize < nsize ? osize : nsize);
    if (owns(F, ptr)) give(F, ptr, osize);
  }
  return block;
}

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
