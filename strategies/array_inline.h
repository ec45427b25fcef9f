/*
 * Array strategy "inline": a local array of ALLOT_ARRAY_INLINE_MAX elements serves
 * counts up to that, the heap serves more. Included by alloc/array.h.
 */
#ifndef ALLOT_STRATEGY_ARRAY_INLINE_H
#define ALLOT_STRATEGY_ARRAY_INLINE_H

/* C has no zero-length arrays: keep one element when ALLOT_ARRAY_INLINE_MAX is 0. */
#define ALLOT__ARRAY_LOCAL_NR (ALLOT_ARRAY_INLINE_MAX > 0 ? ALLOT_ARRAY_INLINE_MAX : 1)

#define ALLOT_ARRAY(T, name, nr)                                            \
	const size_t name##__allot_nr = (nr);                               \
	T name##__allot_local[ALLOT__ARRAY_LOCAL_NR];                       \
	T *name = name##__allot_nr <= ALLOT_ARRAY_INLINE_MAX                \
	              ? (ALLOT__COUNT(array_calls, 1), name##__allot_local) \
	              : (T *) allot__array_heap(name##__allot_nr, sizeof(T))

#define ALLOT_ARRAY_FREE(name)                                 \
	do {                                                   \
		if (name##__allot_nr > ALLOT_ARRAY_INLINE_MAX) \
			allot__array_free(name);               \
	} while (0)

#endif
