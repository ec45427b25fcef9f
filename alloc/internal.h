/* SPDX-License-Identifier: MIT */
/*
 * alloc/internal.h: what allot's own sources share. Not part of the API.
 *
 * Every heap call allot makes goes through allot__malloc/realloc/free, so that the
 * stats count them and a failure reaches the die handler. Every size computation
 * goes through allot__add/allot__mul, so that an overflow does too.
 */
#ifndef ALLOT_INTERNAL_H
#define ALLOT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h> /* malloc and free, unless the host hooks its own */

#include "alloc/compiler.h"
#include "alloc/config.h" /* the knobs, and the host's heap hooks */
#include "alloc/stats.h"  /* ALLOT__COUNT */

/* The alignment allot_pool_alloc promises: that of max_align_t (alloc/compiler.h). */
#define ALLOT__ALIGN ALLOT__MAX_ALIGN

/* Calls the die handler with msg; aborts if it returns. */
ALLOT__NORETURN void allot__die(const char *msg);
/* "size overflow: a <op> b" */
ALLOT__NORETURN void allot__die_overflow(size_t a, char op, size_t b);
/* "out of memory allocating n bytes" */
ALLOT__NORETURN void allot__die_oom(size_t n);
/* "BUG: what" */
ALLOT__NORETURN void allot__bug(const char *what);
/* "<fn>: <what>": fn is the API call that gives up (a formatting failure, say). */
ALLOT__NORETURN void allot__die_in(const char *fn, const char *what);

static inline size_t allot__add(size_t a, size_t b)
{
	if (a > SIZE_MAX - b)
		allot__die_overflow(a, '+', b);
	return a + b;
}

static inline size_t allot__mul(size_t a, size_t b)
{
	if (b && a > SIZE_MAX / b)
		allot__die_overflow(a, '*', b);
	return a * b;
}

/* Rounds n up to a multiple of align (a power of two); overflow-checked. */
static inline size_t allot__align_up(size_t n, size_t align)
{
	return allot__add(n, align - 1) & ~(align - 1);
}

/*
 * allot's heap calls: counted, and never returning NULL. They are the only calls allot
 * makes to a heap, through the host's hooks ALLOT_MALLOC, ALLOT_REALLOC and ALLOT_FREE
 * (alloc/config.h declares the host's; by default the C library's, from stdlib.h).
 * malloc and free are inline: a small array's heap round trip is one call each.
 */

/* malloc that counts and may fail: NULL (0 bytes are served as 1). */
static inline void *allot__try_malloc(size_t n)
{
	ALLOT__COUNT(heap_allocs, 1);
	return ALLOT_MALLOC(n ? n : 1);
}

/* malloc that counts and never returns NULL (0 bytes are served as 1). */
static inline void *allot__malloc(size_t n)
{
	void *ptr = allot__try_malloc(n);

	if (!ptr)
		allot__die_oom(n ? n : 1);
	return ptr;
}

/* realloc that counts and never returns NULL; on failure ptr is untouched. */
void *allot__realloc(void *ptr, size_t n);
/* realloc that counts and may fail: NULL, ptr untouched. For growth that can do without. */
void *allot__try_realloc(void *ptr, size_t n);
/* free that counts, of a block that is not NULL. */
static inline void allot__free_block(void *ptr)
{
	ALLOT__COUNT(heap_frees, 1);
	ALLOT_FREE(ptr);
}

/* free that counts; NULL is ignored and not counted. */
static inline void allot__free(void *ptr)
{
	if (ptr)
		allot__free_block(ptr);
}

#endif /* ALLOT_INTERNAL_H */
