/*
** The fresh memory allocator's own functions (see FreshMemory.c), inline: the allocator
** calls them for every block.
*/
#ifndef LSH_FRESHMEMORY_H
#define LSH_FRESHMEMORY_H

#include "ShimState.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define FRESH_STEP   16
#define FRESH_SMALL  512
#define FRESH_SMALLCLASSES (FRESH_SMALL / FRESH_STEP)   /* classes 1 to 32: 16 to 512 bytes */
#define FRESH_LARGESHIFT  10                          /* the first large class: 1 KiB */
#define FRESH_CLASSES     (FRESH_SMALLCLASSES + 64)
/* Freed blocks this big give their pages back to the system. */
#define FRESH_RETURNED    ((size_t)256 * 1024)

struct lsh_Fresh {
  char *base, *next, *end;
  void *free[FRESH_CLASSES + 1];
};

/* The class of a block of `size` bytes (size > 0), and the bytes such a block takes. */
static inline int fresh_classof(size_t size, size_t *bytes) {
  if (size <= FRESH_SMALL) {
    int cls = (int)((size + FRESH_STEP - 1) / FRESH_STEP);
    *bytes = (size_t)cls * FRESH_STEP;
    return cls;
  }
  int shift = FRESH_LARGESHIFT;
  while (((size_t)1 << shift) < size) shift++;
  *bytes = (size_t)1 << shift;
  return FRESH_SMALLCLASSES + 1 + (shift - FRESH_LARGESHIFT);
}

static inline int fresh_owns(const lsh_Fresh *F, const void *ptr) {
  return (const char *)ptr >= F->base && (const char *)ptr < F->end;
}

static inline void *fresh_take(lsh_Fresh *F, size_t size) {
  size_t bytes;
  int cls = fresh_classof(size, &bytes);
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

static inline void fresh_give(lsh_Fresh *F, void *ptr, size_t size) {
  size_t bytes;
  int cls = fresh_classof(size, &bytes);
  if (bytes >= FRESH_RETURNED) {
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
#define FRESH_LARGEST ((size_t)1 << 62)

/* As realloc, or free for nsize 0, of a block of osize bytes: from the fresh region, whose
   blocks it frees, or one from before the switch, which it leaves. NULL when the region is
   full. */
static inline void *lsh_freshrealloc(lsh_Fresh *F, void *ptr, size_t osize, size_t nsize) {
  if (nsize == 0) {
    if (ptr != NULL && fresh_owns(F, ptr)) fresh_give(F, ptr, osize);
    return NULL;
  }
  if (nsize > FRESH_LARGEST) return NULL;
  if (ptr != NULL && fresh_owns(F, ptr)) {
    size_t oldbytes, newbytes;
    if (fresh_classof(osize, &oldbytes) == fresh_classof(nsize, &newbytes)) return ptr;
  }
  void *block = fresh_take(F, nsize);
  if (block == NULL) return NULL;
  if (ptr != NULL) {
    memcpy(block, ptr, osize < nsize ? osize : nsize);
    if (fresh_owns(F, ptr)) fresh_give(F, ptr, osize);
  }
  return block;
}


#endif
