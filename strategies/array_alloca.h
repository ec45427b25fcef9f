/*
 * Array strategy "alloca": up to ALLOT_ARRAY_INLINE_MAX elements come from alloca() in
 * the caller's frame, more from the heap. Included by alloc/array.h.
 */
#ifndef ALLOT_STRATEGY_ARRAY_ALLOCA_H
#define ALLOT_STRATEGY_ARRAY_ALLOCA_H

#define ALLOT__WANT_ALLOCA 1
#include "alloc/compiler.h" /* ALLOT__ALLOCA */

/* An element count at most ALLOT_ARRAY_INLINE_MAX times the size cannot overflow. */
#define ALLOT__ARRAY_STACK(name) \
	ALLOT__ALLOCA(name##__allot_nr ? name##__allot_nr * sizeof(*name) : 1)

#define ALLOT_ARRAY(T, name, nr) \
	ALLOT__ARRAY_SMALL_OR_HEAP(T, name, nr, (T *) ALLOT__ARRAY_STACK(name))

#define ALLOT_ARRAY_DECL(T, name) \
	size_t name##__allot_nr;  \
	T *name

#define ALLOT_ARRAY_ALLOC(name, nr) \
	ALLOT__ARRAY_ALLOC_SMALL_OR_HEAP(name, nr, ALLOT__ARRAY_STACK(name))

#define ALLOT_ARRAY_FREE(name) ALLOT__ARRAY_FREE_SMALL_OR_HEAP(name)

#endif
