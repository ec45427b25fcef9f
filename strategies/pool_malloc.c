/* SPDX-License-Identifier: MIT */
/*
 * Pool strategy "malloc": every object is a heap block of its own, of its own size, with
 * nothing before or after it: the heap serves a pool's object as it serves a caller of
 * malloc, from the same size class.
 *
 * What the pool must know to free an object is a record of it (where its block starts,
 * and its size), and the records are bumped out of record blocks, the chunks of the
 * pool's chain. The current record block is always the head: pool->at says where the
 * next record goes, so marks and rewinds position themselves among the records as the
 * arena's do among its objects. A rewind, clear or release frees the objects of the
 * records it takes back (allot__pool_free_above). The record blocks it unlinks a rewind
 * or clear keeps for reuse, in a list from pool->spare, so that a pool filled and
 * cleared in a loop makes no heap call but its objects'; release frees them.
 *
 * allot_pool_alloc and allot_pool_alloc_aligned (an align up to max_align_t's) call the
 * heap and write the record inline while the record block has room
 * (allot__pool_inline_object, alloc/pool.h); here is everything else.
 *
 * The hooks of alloc/pool_internal.h; strategies/pool.c includes this file when
 * ALLOT_POOL_STRATEGY names it.
 */

#include "alloc/internal.h"
#include "alloc/memdebug.h"
#include "alloc/pool_internal.h"

#ifdef ALLOT__STRATEGY_CODE /* compiled as a part of alloc/pool.c */

/*
 * Record blocks' sizes: 1 KiB for the first (61 records), each next one twice the one
 * before, up to 64 KiB (each 16 bytes short: the heap's header). The first is small
 * enough for the C library's fast paths (glibc serves up to 1,032 bytes from its
 * per-thread cache), so that a small pool costs little; the later ones are few, so that
 * a large pool's objects lie in long runs between them, which the heap merges in one
 * piece when the pool frees them.
 */
#define RECORDS_BLOCK     ((size_t) 1024 - 16)
#define RECORDS_BLOCK_MAX ((size_t) 65536 - 16)

static struct allot__record *first_record(const struct allot__chunk *c)
{
	return (struct allot__record *) ((char *) c + ALLOT__CHUNK_HDR);
}

/* The end of chunk c's records in use. */
static struct allot__record *records_end(const struct allot_pool *pool,
                                         const struct allot__chunk *c)
{
	return (struct allot__record *) allot__chunk_live_end(pool, c);
}

/*
 * A new record block, linked at the head and current. The heap's refusal frees block, the
 * object that needed the record, and dies: the pool is as it was.
 */
static void new_records(struct allot_pool *pool, char *block)
{
	struct allot__chunk *c = pool->spare;

	if (c) {
		pool->spare = c->prev;
	} else {
		size_t size = RECORDS_BLOCK;

		if (pool->head) /* 1,008, 2,032, 4,080, ...: 2 * (size + 16) - 16 */
			size = pool->head->size >= RECORDS_BLOCK_MAX / 2
			           ? RECORDS_BLOCK_MAX
			           : 2 * pool->head->size + 16;

		c = allot__try_malloc(size);
		if (!c) {
			allot__free(block);
			allot__die_oom(size);
		}
		c->size = size;
		pool->footprint += size;
	}
	if (pool->at.cur)
		pool->at.cur->live_end = pool->at.next;
	allot__chunk_link(pool, c, 1);
	c->live_end = (char *) first_record(c);
	pool->at.cur = c;
	pool->at.next = (char *) first_record(c);
	pool->at.end = (char *) (first_record(c) +
	                         (c->size - ALLOT__CHUNK_HDR) / sizeof(struct allot__record));
}

/*
 * One heap block for len bytes at alignment align: malloc's own alignment unless align
 * asks for more, which the block's slack makes room for. A heap aligns a block only as
 * much as an object that fits in it needs (C17): tcmalloc, jemalloc and mimalloc put a
 * block of 8 bytes at 8, not 16. So a block has align bytes at least (max_align_t's
 * when align is more), and its object starts where the block does unless align is
 * more than max_align_t's.
 */
static inline void *allot__pool_take(struct allot_pool *pool, size_t len, size_t align)
{
	size_t slack = align > ALLOT__ALIGN ? align - ALLOT__ALIGN : 0;
	size_t least = align < ALLOT__ALIGN ? align : ALLOT__ALIGN; /* (an empty object too) */
	/*
	 * A size that the object and its record cannot add up to is an overflow, as under
	 * arena: one check for both.
	 */
	size_t size = allot__add(len > least ? len : least, slack + sizeof(struct allot__record)) -
	              sizeof(struct allot__record);
	char *block, *data;

	block = allot__malloc(size);
	data = slack ? block + (size_t) (-(uintptr_t) block & (align - 1)) : block;
	if (ALLOT__UNLIKELY(pool->at.next == pool->at.end))
		new_records(pool, block);
	allot__pool_record(pool, block, size, len);
	/* For the tools: the alignment padding and slack around the object are no part of it. */
	ALLOT__MEM_NOACCESS(block, (size_t) (data - block));
	ALLOT__MEM_NOACCESS(data + len, (size_t) (block + size - (data + len)));
	return data;
}

/* Frees the objects of records r to end; returns their blocks' bytes when sum is set. */
ALLOT__ALWAYS_INLINE size_t free_objects(const struct allot__record *r,
                                         const struct allot__record *end, int sum)
{
	size_t freed = 0;

	for (; r < end; r++) {
		if (sum)
			freed += r->size;
		allot__free_block(r->block);
	}
	return freed;
}

/*
 * Reverses the links of the chunks from top down to stop (not included): top's prev is
 * stop then. Returns the oldest of them, from which prev leads back up to top.
 */
static struct allot__chunk *reverse_chunks(struct allot__chunk *top, struct allot__chunk *stop)
{
	struct allot__chunk *c = top, *newer = stop;

	while (c != stop) {
		struct allot__chunk *older = c->prev;

		c->prev = newer;
		newer = c;
		c = older;
	}
	return newer;
}

/*
 * Frees the objects whose records lie past mark's position, oldest first, as a caller of
 * malloc frees a batch: the heap merges each freed block with the free one before it.
 * (Freed from the newest, each block joined the top of glibc's heap, and each such free
 * made glibc consolidate its small free blocks.) Without keep (a release: the mark is the
 * empty pool's), each record block goes right after its objects, so that the freed
 * memory merges in one run instead of runs between record blocks; it returns 1. With
 * keep the chain is as it was, and it returns 0. For all of the objects (an empty mark: a
 * clear or a release), the footprint left is the record blocks', on the chain and spare:
 * no object's size is read.
 */
static int allot__pool_free_above(struct allot_pool *pool, const struct allot_pool_mark *mark,
                                  int keep)
{
	struct allot__chunk *stop = mark->head ? mark->head->prev : NULL;
	struct allot__chunk *oldest = reverse_chunks(pool->head, stop), *c, *newer;
	size_t records = 0;

	for (c = oldest; c != stop; c = newer) {
		struct allot__record *r =
		    c == mark->head ? (struct allot__record *) mark->at.next : first_record(c);
		struct allot__record *end = records_end(pool, c);

		newer = c->prev;
		if (mark->head)
			pool->footprint -= free_objects(r, end, 1);
		else
			free_objects(r, end, 0);
		if (keep)
			records += c->size;
		else
			allot__pool_free_chunk(pool, c);
	}
	if (keep)
		reverse_chunks(oldest, stop);
	if (!mark->head) {
		for (c = pool->spare; c; c = c->prev)
			records += c->size;
		pool->footprint = records;
	}
	return !keep;
}

static void allot__pool_drop(struct allot_pool *pool, struct allot__chunk *top,
                             struct allot__chunk *stop, int keep)
{
	while (top != stop) {
		struct allot__chunk *c = top;

		top = c->prev;
		c->prev = pool->spare;
		pool->spare = c;
	}
	while (!keep && pool->spare) {
		struct allot__chunk *c = pool->spare;

		pool->spare = c->prev;
		allot__pool_free_chunk(pool, c);
	}
}

static void allot__pool_invalidate(struct allot_pool *pool)
{
	const struct allot__chunk *c;

	for (c = pool->head; c; c = c->prev) {
		const struct allot__record *r, *end = records_end(pool, c);

		for (r = first_record(c); r < end; r++) {
			ALLOT__MEM_WRITABLE(r->block, r->size); /* padding and slack included */
			memset(r->block, 0xDD, r->size);
		}
	}
}

static int allot__pool_contains(const struct allot_pool *pool, uintptr_t at)
{
	const struct allot__chunk *c;

	for (c = pool->head; c; c = c->prev) {
		const struct allot__record *r, *end = records_end(pool, c);

		for (r = first_record(c); r < end; r++)
			if (at >= (uintptr_t) r->block && at < (uintptr_t) r->block + r->size)
				return 1;
	}
	return 0;
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

/* src's current record block, the head of the chain now, is dst's current one. */
static void allot__pool_adopt(struct allot_pool *dst, struct allot_pool *src)
{
	struct allot__pool_at none = {NULL, NULL, NULL};

	if (dst->at.cur)
		dst->at.cur->live_end = dst->at.next;
	dst->at = src->at;
	src->at = none;
}

#endif /* ALLOT__STRATEGY_CODE */
