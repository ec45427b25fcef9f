/* SPDX-License-Identifier: MIT */
/*
 * Pool strategy "malloc": every object is its own heap block. A chunk header sits just
 * before each object and links it into the pool's chain, so that rewind, clear and
 * release can free the objects one by one (alloc/pool.c walks the chain). pool->at and
 * pool->spare stay empty.
 *
 * The hooks of alloc/pool_internal.h; strategies/pool.c includes this file when
 * ALLOT_POOL_STRATEGY names it.
 */

#include "alloc/internal.h"
#include "alloc/memdebug.h"
#include "alloc/pool_internal.h"

#ifdef ALLOT__STRATEGY_CODE /* compiled as a part of alloc/pool.c */

/*
 * One heap block for len bytes at alignment align: the chunk header, padding up to align
 * (malloc gives max_align_t's), then the object.
 */
static inline void *allot__pool_take(struct allot_pool *pool, size_t len, size_t align)
{
	size_t slack = align > ALLOT__ALIGN ? align - ALLOT__ALIGN : 0;
	size_t size = allot__add(len ? len : 1, ALLOT__CHUNK_HDR + slack);
	struct allot__chunk *c = allot__malloc(size);
	char *data = (char *) c + ALLOT__CHUNK_HDR;
	size_t pad = (size_t) (-(uintptr_t) data & (align - 1));

	/* For the tools: the alignment padding and slack around the object are no part of it. */
	ALLOT__MEM_NOACCESS(data, pad);
	data += pad;
	ALLOT__MEM_NOACCESS(data + len, (size_t) ((char *) c + size - (data + len)));
	c->size = size;
	c->live_end = data + (len ? len : 1); /* an empty object has an address of its own */
	allot__chunk_link(pool, c, 0);
	pool->used += len;
	pool->footprint += size;
	ALLOT__COUNT(pool_allocs, 1);
	ALLOT__COUNT(pool_bytes, len);
	ALLOT__COUNT(pool_blocks, 1);
	return data;
}

static void allot__pool_drop(struct allot_pool *pool, struct allot__chunk *top,
                             struct allot__chunk *stop, int keep)
{
	(void) keep; /* nothing is kept: every object is its own block */
	while (top != stop) {
		struct allot__chunk *c = top;

		top = c->prev;
		allot__pool_free_chunk(pool, c);
	}
}

static void allot__pool_reserve(struct allot_pool *pool, size_t bytes)
{
	(void) pool; /* every object is its own heap call whatever was reserved */
	(void) bytes;
}

static char *allot__pool_room(const struct allot_pool *pool, size_t *room)
{
	(void) pool; /* an object is a heap block of its exact size: no room to format into */
	*room = 0;
	return NULL;
}

static void allot__pool_adopt(struct allot_pool *dst, struct allot_pool *src)
{
	(void) dst; /* neither has a block to bump from */
	(void) src;
}

#endif /* ALLOT__STRATEGY_CODE */
