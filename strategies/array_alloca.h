/* SPDX-License-Identifier: MIT */
/*
 * Array strategy "alloca": up to ALLOT_ARRAY_INLINE_MAX elements come from alloca() in
 * the caller's frame, more from the heap. Included by alloc/array.h.
 */
#ifndef ALLOT_STRATEGY_ARRAY_ALLOCA_H
#define ALLOT_STRATEGY_ARRAY_ALLOCA_H

#define ALLOT__WANT_ALLOCA 1
#include "alloc/compiler.h" /* ALLOT__ALLOCA */

/*
 * Room for ALLOT_ARRAY_INLINE_MAX elements (at least one), whatever the count: a constant
 * size, which compilers put in the frame without adjusting the stack pointer at run time.
 */
#define ALLOT__ARRAY_STACK(name) \
	ALLOT__ALLOCA((ALLOT_ARRAY_INLINE_MAX > 0 ? ALLOT_ARRAY_INLINE_MAX : 1) * sizeof(*name))

#define ALLOT_ARRAY(T, name, nr) \
	ALLOT__ARRAY_SMALL_OR_HEAP(T, name, nr, (T *) ALLOT__ARRAY_STACK(name))

#define ALLOT_ARRAY_DECL(T, name) \
	size_t name##__allot_nr;  \
	T *name

#define ALLOT_ARRAY_ALLOC(name, nr) \
	ALLOT__ARRAY_ALLOC_SMALL_OR_HEAP(name, nr, ALLOT__ARRAY_STACK(name))

#define ALLOT_ARRAY_FREE(name) ALLOT__ARRAY_FREE_SMALL_OR_HEAP(name)

#endif
