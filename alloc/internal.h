/* SPDX-License-Identifier: MIT */
/*
 * alloc/internal.h: what allot's own sources share. Not part of the API.
 *
 * Every heap call allot makes goes through allot__malloc/realloc/free (alloc/heap.h),
 * so that the stats count them and a failure reaches the die handler. Every size computation
 * goes through allot__add/allot__mul, so that an overflow does too.
 */
#ifndef ALLOT_INTERNAL_H
#define ALLOT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "alloc/compiler.h"
#include "alloc/config.h" /* the knobs */
#include "alloc/heap.h"   /* the heap calls, allot__die_oom */
#include "alloc/stats.h"  /* ALLOT__COUNT */

/* The alignment allot_pool_alloc promises: that of max_align_t (alloc/compiler.h). */
#define ALLOT__ALIGN ALLOT__MAX_ALIGN

/* Calls the die handler with msg; aborts if it returns. */
ALLOT__NORETURN void allot__die(const char *msg);
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

#endif /* ALLOT_INTERNAL_H */
