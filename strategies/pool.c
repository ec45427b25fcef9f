/*
 * The pool strategy of this build, picked by ALLOT_POOL_STRATEGY, and the API calls
 * that are written over its allot__pool_take (the hooks: alloc/pool_internal.h).
 */
#include "alloc/internal.h"
#include "alloc/pool_internal.h"

#if ALLOT_POOL_STRATEGY == ALLOT_POOL_ARENA
#include "strategies/pool_arena.h"
#elif ALLOT_POOL_STRATEGY == ALLOT_POOL_MALLOC
#include "strategies/pool_malloc.h"
#endif

void *allot_pool_alloc(struct allot_pool *pool, size_t len)
{
	return allot__pool_take(pool, len, ALLOT__ALIGN);
}

void *allot_pool_alloc_aligned(struct allot_pool *pool, size_t len, size_t align)
{
	allot__pool_check_align(align);
	return allot__pool_take(pool, len, align < ALLOT__ALIGN ? ALLOT__ALIGN : align);
}
