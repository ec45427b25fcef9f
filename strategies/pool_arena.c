/* SPDX-License-Identifier: MIT */
/*
 * Pool strategy "arena": objects are bumped out of blocks, sized as allot_pool_init
 * says (the constants below). An object larger than a quarter of the pool's block size
 * gets a block of its own, linked in without disturbing the block being bumped.
 *
 * A rewind or clear keeps one block as pool->spare, as large as all the bump blocks it
 * dropped (Zig's retain_capacity; PostgreSQL's keeper block): a pool that is filled and
 * cleared in a loop settles on one block and makes no heap call per round. Blocks of
 * single large objects are not kept. release frees the spare too.
 *
 * Under ASan or Valgrind (alloc/memdebug.h), every byte of a block outside the live
 * objects is off limits, and each object is followed by ALLOT__REDZONE bytes that no
 * object covers. Each linked block is a memcheck mempool of its own (so objects move
 * with their blocks when pools combine); the spare is not.
 *
 * The hooks of alloc/pool_internal.h; strategies/pool.c includes this file when
 * ALLOT_POOL_STRATEGY names it.
 */

#include "alloc/internal.h"
#include "alloc/memdebug.h"
#include "alloc/pool_internal.h"

#ifdef ALLOT__STRATEGY_CODE /* compiled as a part of alloc/pool.c */

/*
 * 64 KiB with the malloc header's 64 bytes left out: a block is never just past a size
 * class (musl's largest below its mmap threshold holds 65,516 bytes; malloc(65536) there
 * costs five times as much).
 */
#define DEFAULT_BLOCK_SIZE ((size_t) 64 * 1024 - 64)
/* Each bump block is twice the one before, up to this (1 MiB, less the malloc header). */
#define MAX_GROWN_BLOCK_SIZE ((size_t) 1024 * 1024 - 1024)
#define MIN_BLOCK_SIZE       ((size_t) 256)

static size_t block_size(const struct allot_pool *pool)
{
	if (!pool->block_size)
		return DEFAULT_BLOCK_SIZE;
	return pool->block_size < MIN_BLOCK_SIZE ? MIN_BLOCK_SIZE : pool->block_size;
}

/*
 * The size of the next bump block: the block size, or twice the current bump block's
 * (a pool that keeps growing makes fewer heap calls), up to MAX_GROWN_BLOCK_SIZE.
 */
static size_t next_block_size(const struct allot_pool *pool)
{
	size_t base = block_size(pool);
	size_t grown = pool->at.cur ? pool->at.cur->size : 0;

	if (grown >= MAX_GROWN_BLOCK_SIZE / 2)
		grown = MAX_GROWN_BLOCK_SIZE;
	else
		grown *= 2;
	return grown > base ? grown : base;
}

static char *chunk_data(const struct allot__chunk *c)
{
	return (char *) c + ALLOT__CHUNK_HDR;
}

/* For the tools: no byte of c's data is live (c holds no mempool, or no longer). */
static void forget_all(struct allot__chunk *c)
{
	ALLOT__MEM_NOACCESS(chunk_data(c), c->size - ALLOT__CHUNK_HDR);
}

/* A chunk of at least size bytes linked at the pool's head; a bump block may be the spare. */
static struct allot__chunk *push_chunk(struct allot_pool *pool, size_t size, int bump)
{
	struct allot__chunk *c;

	if (bump && pool->spare && pool->spare->size >= size) {
		c = pool->spare;
		pool->spare = NULL;
	} else {
		c = allot__malloc(size);
		if (bump && pool->at.cur) /* a pool that filled a block fills the next */
			allot__populate(c, size);
		c->size = size;
		pool->footprint += size;
		ALLOT__COUNT(pool_blocks, 1);
		forget_all(c);
	}
	allot__chunk_link(pool, c, bump);
	ALLOT__MEM_POOL_CREATE(c);
	return c;
}

/* Frees a linked chunk the pool has unlinked. */
static void free_chunk(struct allot_pool *pool, struct allot__chunk *c)
{
	ALLOT__MEM_POOL_DESTROY(c);
	allot__pool_free_chunk(pool, c);
}

/* Hands out len bytes at data, in chunk c. */
static void *hand_out(struct allot_pool *pool, struct allot__chunk *c, char *data, size_t len)
{
	ALLOT__MEM_HAND_OUT(c, data, len);
	allot__pool_count(pool, len);
	return data;
}

/* Sets the current block's live_end: it stops being the current one. */
static void leave_block(struct allot_pool *pool)
{
	if (pool->at.cur)
		pool->at.cur->live_end = pool->at.next;
}

/* Makes a bump block of at least size bytes (the spare if it is large enough) current. */
static void start_block(struct allot_pool *pool, size_t size)
{
	struct allot__chunk *c = push_chunk(pool, size, 1);

	leave_block(pool);
	c->live_end = chunk_data(c);
	pool->at.cur = c;
	pool->at.next = chunk_data(c);
	pool->at.end = (char *) c + c->size;
}

static void *take_slow(struct allot_pool *pool, size_t len, size_t align)
{
	size_t n = allot__add(len ? len : 1, ALLOT__REDZONE);
	/* A block's data starts max_align_t-aligned: align needs at most this much padding. */
	size_t need = allot__add(n, align > ALLOT__ALIGN ? align - ALLOT__ALIGN : 0);
	size_t bsize = block_size(pool);
	struct allot__chunk *c;
	char *data;

	if (need > (bsize - ALLOT__CHUNK_HDR) / 4) {
		/* A block of its own, under the one being bumped from: cur stays as it is. */
		c = push_chunk(pool, allot__add(need, ALLOT__CHUNK_HDR), 0);
		data = chunk_data(c);
		data += (size_t) (-(uintptr_t) data & (align - 1));
		c->live_end = data + n;
		return hand_out(pool, c, data, len);
	}
	start_block(pool, next_block_size(pool));
	data = pool->at.next + (size_t) (-(uintptr_t) pool->at.next & (align - 1));
	pool->at.next = data + n;
	return hand_out(pool, pool->at.cur, data, len);
}

static inline void *allot__pool_take(struct allot_pool *pool, size_t len, size_t align)
{
	/* Every object, even an empty one, has an address of its own; the tools want a red zone. */
	size_t n = (len ? len : 1) + ALLOT__REDZONE;
	char *data;

	/* (With a red zone, a len near SIZE_MAX wraps n: take_slow dies of it.) */
	if (ALLOT__LIKELY((!ALLOT__REDZONE || n > len) && allot__pool_bump(pool, n, align, &data)))
		return hand_out(pool, pool->at.cur, data, len);
	return take_slow(pool, len, align);
}

/* Grows the spare to capacity bytes, if the heap can: freeing memory never dies for lack of it. */
static void grow_spare(struct allot_pool *pool, size_t capacity)
{
	struct allot__chunk *grown;

	if (pool->spare->size >= capacity)
		return;
	grown = allot__try_realloc(pool->spare, capacity);
	if (!grown)
		return;
	pool->footprint += capacity - grown->size;
	grown->size = capacity;
	pool->spare = grown;
	forget_all(grown);
}

/*
 * After a rewind or clear to a position without a block to bump from, the kept block
 * goes on as the current one: a pool used as save, allocate, rewind stays on the fast
 * path.
 */
static void resume_in_spare(struct allot_pool *pool)
{
	struct allot__chunk *c = pool->spare;

	pool->spare = NULL;
	allot__chunk_link(pool, c, 1);
	ALLOT__MEM_POOL_CREATE(c);
	c->live_end = chunk_data(c);
	pool->at.cur = c;
	pool->at.next = chunk_data(c);
	pool->at.end = (char *) c + c->size;
}

static int allot__pool_free_above(struct allot_pool *pool, const struct allot_pool_mark *mark,
                                  int keep)
{
	(void) pool; /* the objects are bytes of the blocks: allot__pool_drop has them */
	(void) mark;
	(void) keep;
	return 0;
}

static void allot__pool_invalidate(struct allot_pool *pool)
{
	struct allot__chunk *c;

	for (c = pool->head; c; c = c->prev) {
		char *start = chunk_data(c), *end = allot__chunk_live_end(pool, c);

		ALLOT__MEM_WRITABLE(start, (size_t) (end - start)); /* red zones included */
		memset(start, 0xDD, (size_t) (end - start));
	}
}

static int allot__pool_contains(const struct allot_pool *pool, uintptr_t at)
{
	const struct allot__chunk *c;

	for (c = pool->head; c; c = c->prev)
		if (at >= (uintptr_t) chunk_data(c) &&
		    at < (uintptr_t) allot__chunk_live_end(pool, c))
			return 1;
	return 0;
}

static void allot__pool_drop(struct allot_pool *pool, struct allot__chunk *top,
                             struct allot__chunk *stop, int keep)
{
	struct allot__chunk *kept = pool->spare;
	size_t capacity = 0;

	if (pool->at.cur) /* the block the pool went back into: objects after next are gone */
		ALLOT__MEM_KEEP_BELOW(pool->at.cur, chunk_data(pool->at.cur), pool->at.next,
		                      pool->at.end);
	/* Keep the largest bump block, free the rest, and add up what they could hold. */
	while (top != stop) {
		struct allot__chunk *c = top;

		top = c->prev;
		if (!allot__chunk_bump(c) || !keep) {
			free_chunk(pool, c);
			continue;
		}
		capacity += c->size;
		if (kept && kept->size >= c->size) {
			free_chunk(pool, c);
			continue;
		}
		if (kept)
			allot__pool_free_chunk(pool, kept); /* the spare: no mempool */
		ALLOT__MEM_POOL_DESTROY(c);
		forget_all(c);
		kept = c;
	}
	if (kept && !keep) {
		allot__pool_free_chunk(pool, kept); /* the spare: no mempool */
		kept = NULL;
	}
	pool->spare = kept;
	if (kept) {
		kept->prev = NULL;
		grow_spare(pool, capacity);
	}
	if (keep && pool->spare && !pool->at.cur)
		resume_in_spare(pool);
}

static void allot__pool_reserve(struct allot_pool *pool, size_t bytes)
{
	/*
	 * An object's padding is less than its alignment, so at most its rounded size: twice
	 * bytes holds the objects, and each of them (at most bytes) its red zone.
	 */
	size_t need = allot__mul(bytes, 2 + ALLOT__REDZONE);
	size_t avail = (size_t) ((uintptr_t) pool->at.end - (uintptr_t) pool->at.next);

	if (need <= avail)
		return;
	need = allot__add(need, ALLOT__CHUNK_HDR);
	start_block(pool, need > block_size(pool) ? need : block_size(pool));
}

static char *allot__pool_room(const struct allot_pool *pool, size_t *room)
{
	if (ALLOT__MEMDEBUG || !pool->at.cur) { /* the tools would see a write to free space */
		*room = 0;
		return NULL;
	}
	*room = (size_t) (pool->at.end - pool->at.next);
	return pool->at.next;
}

static void allot__pool_adopt(struct allot_pool *dst, struct allot_pool *src)
{
	struct allot__pool_at none = {NULL, NULL, NULL};

	if (!dst->at.cur) /* nothing to bump from in dst: continue in src's block */
		dst->at = src->at;
	else
		leave_block(src);
	src->at = none;
}

#endif /* ALLOT__STRATEGY_CODE */
