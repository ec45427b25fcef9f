/* SPDX-License-Identifier: MIT */
/*
 * alloc/heap.h: allot's heap calls. Not part of the API: alloc/pool.h's inline
 * allocation calls the heap through them, and allot's own sources do (alloc/internal.h).
 *
 * They are the only calls allot makes to a heap, through the host's hooks ALLOT_MALLOC,
 * ALLOT_REALLOC and ALLOT_FREE (alloc/config.h declares the host's; by default the C
 * library's, from stdlib.h). Each is counted in the stats (heap_allocs, heap_frees).
 * Those that never return NULL call the die handler (alloc/die.h) with "out of memory
 * allocating N bytes" when the heap refuses. 0 bytes are asked for as 1. malloc and free
 * are inline: a small array's heap round trip is one call each.
 */
#ifndef ALLOT_HEAP_H
#define ALLOT_HEAP_H

#include <stddef.h>
#include <stdlib.h> /* malloc, realloc and free, unless the host hooks its own */

#include "alloc/compiler.h"
#include "alloc/config.h" /* the host's heap hooks */
#include "alloc/stats.h"  /* ALLOT__COUNT */

#ifdef __cplusplus
extern "C" {
#endif

/* Calls the die handler with "out of memory allocating n bytes"; aborts if it returns. */
ALLOT__NORETURN void allot__die_oom(size_t n);

/* Calls the die handler with "size overflow: a <op> b"; aborts if it returns. */
ALLOT__NORETURN void allot__die_overflow(size_t a, char op, size_t b);

/* malloc that may fail: NULL. */
static inline void *allot__try_malloc(size_t n)
{
	ALLOT__COUNT(heap_allocs, 1);
	return ALLOT_MALLOC(n ? n : 1);
}

/* malloc that never returns NULL. */
static inline void *allot__malloc(size_t n)
{
	void *ptr = allot__try_malloc(n);

	if (!ptr)
		allot__die_oom(n ? n : 1);
	return ptr;
}

/* realloc that never returns NULL; on failure ptr is untouched. */
void *allot__realloc(void *ptr, size_t n);

/* realloc that may fail: NULL, ptr untouched. For growth that can do without. */
void *allot__try_realloc(void *ptr, size_t n);

/* free of a block that is not NULL. */
static inline void allot__free_block(void *ptr)
{
	ALLOT__COUNT(heap_frees, 1);
	ALLOT_FREE(ptr);
}

/*
 * Makes the pages wholly inside the n bytes at ptr, a heap block of the caller's,
 * resident and writable at once (Linux 5.14: MADV_POPULATE_WRITE), where the program
 * would fault them in one by one as it writes: for a block about to be filled from end
 * to end. Does nothing elsewhere, or if the system refuses.
 */
void allot__populate(void *ptr, size_t n);

/* free; NULL is ignored and not counted. */
static inline void allot__free(void *ptr)
{
	if (ptr)
		allot__free_block(ptr);
}

#ifdef __cplusplus
}
#endif

#endif /* ALLOT_HEAP_H */
