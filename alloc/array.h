/* SPDX-License-Identifier: MIT */
/*
 * alloc/array.h: small arrays whose element count is known only at run time.
 *
 * Git's tree-diff allocates two or three small arrays per call (FAST_ARRAY_ALLOC),
 * and on most platforms a heap round trip costs more than the work done with them.
 * These macros let the build choose how such arrays get their memory:
 *
 *   ALLOT_ARRAY_HEAP    malloc and free every time;
 *   ALLOT_ARRAY_ALLOCA  alloca() for counts up to ALLOT_ARRAY_INLINE_MAX, heap beyond;
 *   ALLOT_ARRAY_INLINE  a local array of ALLOT_ARRAY_INLINE_MAX elements, heap beyond.
 *
 * Use:
 *
 *     ALLOT_ARRAY(struct tree_desc, t, nparent);
 *     ... use t[0] .. t[nparent - 1] ...
 *     ALLOT_ARRAY_FREE(t);
 *
 * or, in code that declares everything before its first statement (C89 style, Git's
 * -Wdeclaration-after-statement), in two steps:
 *
 *     ALLOT_ARRAY_DECL(struct tree_desc, t);
 *     if (depth > max_depth)
 *             return error(...);
 *     ALLOT_ARRAY_ALLOC(t, nparent);
 *     ... use t[0] .. t[nparent - 1] ...
 *     ALLOT_ARRAY_FREE(t);
 *
 * Promises, of both forms:
 *  - ALLOT_ARRAY(T, name, nr) declares `T *name` with room for nr elements, not
 *    initialised, aligned for T. It is a declaration: use it where one may stand.
 *  - ALLOT_ARRAY_DECL(T, name) declares `T *name` (and what the strategy needs), with no
 *    memory yet; it is a declaration. ALLOT_ARRAY_ALLOC(name, nr) is a statement that
 *    gives name room for nr elements, as ALLOT_ARRAY would. They cost what ALLOT_ARRAY
 *    costs, under every strategy.
 *  - nr is evaluated once. nr * sizeof(T) is checked: an overflow reaches the die
 *    handler with "size overflow: nr * size"; a heap failure with "out of memory ...".
 *  - nr == 0 gives a pointer that must not be dereferenced.
 *  - Under alloca and inline, counts up to ALLOT_ARRAY_INLINE_MAX never touch the heap;
 *    larger counts always do. Under heap, every array does.
 *
 * The caller must:
 *  - call ALLOT_ARRAY_ALLOC once per ALLOT_ARRAY_DECL, in the same scope or one inside
 *    it, before any use of the array;
 *  - call ALLOT_ARRAY_FREE(name) exactly once per array, in the scope of its
 *    declaration, before leaving it;
 *  - not use the array after that, nor return it from the function;
 *  - not declare or allocate one in a loop body that runs many times under alloca (the
 *    stack grows each turn): do it once per function call.
 *
 * In C++ (C++11 and later), ALLOT_ARRAY_ALLOC casts with decltype, which C needs not.
 */
#ifndef ALLOT_ARRAY_H
#define ALLOT_ARRAY_H

#include <stddef.h>
#include <stdint.h> /* SIZE_MAX */

#include "alloc/config.h"
#include "alloc/heap.h" /* allot__malloc and allot__free, in the inline heap round trip */
#include "alloc/stats.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Internal: heap memory for nr elements of size bytes (checked, counted, never NULL).
 * Inline: an array's heap round trip is one malloc call and one free call.
 */
static inline void *allot__array_heap(size_t nr, size_t size)
{
	if (size && nr > SIZE_MAX / size)
		allot__die_overflow(nr, '*', size);
	ALLOT__COUNT(array_calls, 1);
	ALLOT__COUNT(array_heap, 1);
	return allot__malloc(nr * size);
}

/* Internal: releases what allot__array_heap returned. */
static inline void allot__array_free(void *ptr)
{
	allot__free(ptr);
}

#ifdef __cplusplus
}
#endif

/* Internal: ptr (a void *) converted to name's type: implicit in C, a cast in C++. */
#if defined(__cplusplus)
#define ALLOT__ARRAY_AS(name, ptr) static_cast<decltype(name)>(ptr)
#else
#define ALLOT__ARRAY_AS(name, ptr) (ptr)
#endif

/*
 * Internal, for the strategies that serve small counts without the heap (small: an
 * expression giving the memory for name##__allot_nr elements of *name): the evaluated
 * count and the pointer, declared by ALLOT__ARRAY_SMALL_OR_HEAP and assigned by
 * ALLOT__ARRAY_ALLOC_SMALL_OR_HEAP; ALLOT__ARRAY_FREE_SMALL_OR_HEAP frees only what
 * came from the heap.
 */
#define ALLOT__ARRAY_PICK(name, small)                 \
	(name##__allot_nr <= ALLOT_ARRAY_INLINE_MAX    \
	     ? (ALLOT__COUNT(array_calls, 1), (small)) \
	     : allot__array_heap(name##__allot_nr, sizeof(*name)))

/* (name is in scope in its own initialiser: sizeof(*name) is sizeof(T).) */
#define ALLOT__ARRAY_SMALL_OR_HEAP(T, name, nr, small) \
	const size_t name##__allot_nr = (nr);          \
	T *name = (T *) ALLOT__ARRAY_PICK(name, (small))

#define ALLOT__ARRAY_ALLOC_SMALL_OR_HEAP(name, nr, small)                       \
	do {                                                                    \
		name##__allot_nr = (nr);                                        \
		name = ALLOT__ARRAY_AS(name, ALLOT__ARRAY_PICK(name, (small))); \
	} while (0)

#define ALLOT__ARRAY_FREE_SMALL_OR_HEAP(name)                  \
	do {                                                   \
		if (name##__allot_nr > ALLOT_ARRAY_INLINE_MAX) \
			allot__array_free(name);               \
	} while (0)

/*
 * The array strategy of this build. A strategy is one file, strategies/array_<name>.h,
 * included here alone when ALLOT_ARRAY_STRATEGY names it: it defines the API's four
 * macros (ALLOT_ARRAY, ALLOT_ARRAY_DECL, ALLOT_ARRAY_ALLOC, ALLOT_ARRAY_FREE) over the
 * internals above.
 */
#if ALLOT_ARRAY_STRATEGY == ALLOT_ARRAY_HEAP
#include "strategies/array_heap.h"
#elif ALLOT_ARRAY_STRATEGY == ALLOT_ARRAY_ALLOCA
#include "strategies/array_alloca.h"
#elif ALLOT_ARRAY_STRATEGY == ALLOT_ARRAY_INLINE
#include "strategies/array_inline.h"
#endif

/* The knobs array.h depends on, for the link-time check (alloc/config.h). */
#if ALLOT_ARRAY_STRATEGY == ALLOT_ARRAY_HEAP
#define ALLOT__ARRAY_BUILT_WITH_ allot_library_built_with_array_heap
#elif ALLOT_ARRAY_STRATEGY == ALLOT_ARRAY_ALLOCA
#define ALLOT__ARRAY_BUILT_WITH_ \
	ALLOT__PASTE(allot_library_built_with_array_alloca_, ALLOT_ARRAY_INLINE_MAX)
#elif ALLOT_ARRAY_STRATEGY == ALLOT_ARRAY_INLINE
#define ALLOT__ARRAY_BUILT_WITH_ \
	ALLOT__PASTE(allot_library_built_with_array_inline_, ALLOT_ARRAY_INLINE_MAX)
#endif
#define ALLOT__ARRAY_BUILT_WITH \
	ALLOT__PASTE(ALLOT__PASTE(ALLOT__ARRAY_BUILT_WITH_, ALLOT__STATS_TAG), ALLOT__VERSION_TAG)
#ifdef __cplusplus
extern "C" {
#endif
ALLOT__REQUIRE_SYMBOL(ALLOT__ARRAY_BUILT_WITH);
#ifdef __cplusplus
}
#endif

#endif /* ALLOT_ARRAY_H */
