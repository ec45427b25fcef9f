/*
 * The path store of this build, picked by ALLOT_PATH_STORE: the hooks alloc/path.c
 * reaches it through (alloc/path_internal.h).
 */
#include "alloc/config.h"

#if ALLOT_PATH_STORE == ALLOT_PATH_STORE_HEAP
#include "strategies/path_store_heap.h"
#elif ALLOT_PATH_STORE == ALLOT_PATH_STORE_INLINE
#include "strategies/path_store_inline.h"
#endif
