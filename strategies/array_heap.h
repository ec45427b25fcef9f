/* Array strategy "heap": every ALLOT_ARRAY is one malloc and one free. Included by alloc/array.h. */
#ifndef ALLOT_STRATEGY_ARRAY_HEAP_H
#define ALLOT_STRATEGY_ARRAY_HEAP_H

#define ALLOT_ARRAY(T, name, nr) T *name = (T *) allot__array_heap((nr), sizeof(T))

#define ALLOT_ARRAY_FREE(name) allot__array_free(name)

#endif
