/* SPDX-License-Identifier: MIT */
/* Array strategy "heap": every array is one malloc and one free. Included by alloc/array.h. */
#ifndef ALLOT_STRATEGY_ARRAY_HEAP_H
#define ALLOT_STRATEGY_ARRAY_HEAP_H

#define ALLOT_ARRAY(T, name, nr) T *name = (T *) allot__array_heap((nr), sizeof(T))

#define ALLOT_ARRAY_DECL(T, name) T *name

#define ALLOT_ARRAY_ALLOC(name, nr) \
	((void) (name = ALLOT__ARRAY_AS(name, allot__array_heap((nr), sizeof(*name)))))

#define ALLOT_ARRAY_FREE(name) allot__array_free(name)

#endif
