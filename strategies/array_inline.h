/* SPDX-License-Identifier: MIT */
/*
 * Array strategy "inline": a local array of ALLOT_ARRAY_INLINE_MAX elements serves counts
 * up to that, the heap serves more. Included by alloc/array.h.
 */
#ifndef ALLOT_STRATEGY_ARRAY_INLINE_H
#define ALLOT_STRATEGY_ARRAY_INLINE_H

/* C has no zero-length arrays: keep one element when ALLOT_ARRAY_INLINE_MAX is 0. */
#define ALLOT__ARRAY_LOCAL_NR (ALLOT_ARRAY_INLINE_MAX > 0 ? ALLOT_ARRAY_INLINE_MAX : 1)

#define ALLOT_ARRAY(T, name, nr)                      \
	T name##__allot_local[ALLOT__ARRAY_LOCAL_NR]; \
	ALLOT__ARRAY_SMALL_OR_HEAP(T, name, nr, name##__allot_local)

#define ALLOT_ARRAY_DECL(T, name)                     \
	T name##__allot_local[ALLOT__ARRAY_LOCAL_NR]; \
	size_t name##__allot_nr;                      \
	T *name

#define ALLOT_ARRAY_ALLOC(name, nr) ALLOT__ARRAY_ALLOC_SMALL_OR_HEAP(name, nr, name##__allot_local)

#define ALLOT_ARRAY_FREE(name) ALLOT__ARRAY_FREE_SMALL_OR_HEAP(name)

#endif
