/* SPDX-License-Identifier: MIT */
/*
 * strategies/pool.c: the pool strategy that ALLOT_POOL_STRATEGY names, for alloc/pool.c,
 * which includes this file (alloc/pool_internal.h says what a strategy defines).
 */
#include "alloc/pool_internal.h"

#ifdef ALLOT__STRATEGY_CODE
#if ALLOT_POOL_STRATEGY == ALLOT_POOL_ARENA
#include "strategies/pool_arena.c"
#elif ALLOT_POOL_STRATEGY == ALLOT_POOL_MALLOC
#include "strategies/pool_malloc.c"
#endif
#endif
