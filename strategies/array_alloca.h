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
#define ALLOT_ARRAY(T, name, nr)                                                            \
	const size_t name##__allot_nr = (nr);                                               \
	T *name = name##__allot_nr <= ALLOT_ARRAY_INLINE_MAX                                \
	              ? (ALLOT__COUNT(array_calls, 1),                                      \
	                 (T *) alloca(name##__allot_nr ? name##__allot_nr * sizeof(T) : 1)) \
	              : (T *) allot__array_heap(name##__allot_nr, sizeof(T))

#define ALLOT_ARRAY_FREE(name)                                 \
	do {                                                   \
		if (name##__allot_nr > ALLOT_ARRAY_INLINE_MAX) \
			allot__array_free(name);               \
	} while (0)

#endif
