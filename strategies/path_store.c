/* SPDX-License-Identifier: MIT */
/*
 * strategies/path_store.c: the path store that ALLOT_PATH_STORE names, for alloc/path.c,
 * which includes this file (alloc/path_internal.h says what a store defines).
 */
#include "alloc/path_internal.h"

#ifdef ALLOT__STRATEGY_CODE
#if ALLOT_PATH_STORE == ALLOT_PATH_STORE_HEAP
#include "strategies/path_store_heap.c"
#elif ALLOT_PATH_STORE == ALLOT_PATH_STORE_INLINE
#include "strategies/path_store_inline.c"
#endif
#endif
