/*
 * Pool strategy "malloc": every object is its own heap block. A chunk header sits just
 * before each object and links it into the pool's chain, so that rewind, clear and
 * release can free the objects one by one (alloc/pool.c walks the chain).
 */
#include "alloc/internal.h"
#include "alloc/memdebug.h"
#include "alloc/pool_internal.h"

#if ALLOT_POOL_STRATEGY == ALLOT_POOL_MALLOC

/* One heap block for len bytes at alignment align (at least max_align_t's). */
static void *push_object(struct allot_pool *pool, size_t len, size_t align)
{
	size_t slack = align - ALLOT__ALIGN; /* malloc already gives max_align_t alignment */
	size_t size = allot__add(len, ALLOT__CHUNK_HDR + slack);
	char *raw = allot__malloc(size);
	char *data = raw + ALLOT__CHUNK_HDR;
	struct allot__chunk *c;

	data += (size_t) (-(uintptr_t) data & (align - 1));
	/* For the tools: the alignment slack after the object is no part of it. */
	ALLOT__MEM_NOACCESS(data + len, (size_t) (raw + size - (data + len)));
	c = (struct allot__chunk *) (data - ALLOT__CHUNK_HDR);
	c->raw = raw;
	c->size = size;
	allot__chunk_link(pool, c, 0);
	pool->used += len;
	pool->footprint += size;
	ALLOT__COUNT(pool_allocs, 1);
	ALLOT__COUNT(pool_bytes, len);
	ALLOT__COUNT(pool_blocks, 1);
	return data;
}

void *allot_pool_alloc(struct allot_pool *pool, size_t len)
{
	return push_object(pool, len, ALLOT__ALIGN);
}

void *allot_pool_alloc_aligned(struct allot_pool *pool, size_t len, size_t align)
{
	allot__pool_check_align(align);
	return push_object(pool, len, align < ALLOT__ALIGN ? ALLOT__ALIGN : align);
}

void allot__pool_drop(struct allot_pool *pool, struct allot__chunk *top, struct allot__chunk *stop,
                      int keep)
{
	(void) keep; /* nothing is kept: every object is its own block */
	while (top != stop) {
		struct allot__chunk *c = top;

		top = c->prev;
		allot__pool_free_chunk(pool, c);
	}
}

#endif
