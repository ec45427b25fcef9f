/*
 * Array strategy "alloca": up to ALLOT_ARRAY_INLINE_MAX elements come from alloca()
 * in the caller's frame, more from the heap. Included by alloc/array.h.
 */
#ifndef ALLOT_STRATEGY_ARRAY_ALLOCA_H
#define ALLOT_STRATEGY_ARRAY_ALLOCA_H

#if defined(_WIN32)
#include <malloc.h> /* MinGW declares alloca here */
#else
#include <alloca.h>
#endif

/* An element count at most ALLOT_ARRAY_INLINE_MAX times sizeof(T) cannot overflow. */
#define ALLOT_ARRAY(T, name, nr)    \
	ALLOT__ARRAY_SMALL_OR_HEAP( \
	    T, name, nr, (T *) alloca(name##__allot_nr ? name##__allot_nr * sizeof(T) : 1))

#define ALLOT_ARRAY_FREE(name) ALLOT__ARRAY_FREE_SMALL_OR_HEAP(name)

#endif
