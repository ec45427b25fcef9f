/* SPDX-License-Identifier: MIT */
/*
 * alloc/pool_internal.h: the seam between alloc/pool.c, which defines every call of
 * alloc/pool.h, and the pool strategy. Not part of the API.
 *
 * The chunk, a heap block a pool holds, is in alloc/pool.h's internals (its inline rewind
 * reads a chunk's serial).
 *
 * A pool strategy is one file, strategies/pool_<name>.c, that strategies/pool.c includes
 * when ALLOT_POOL_STRATEGY names it; alloc/pool.c alone includes strategies/pool.c. The
 * strategy defines the hooks below, all static, so that they inline into the calls of
 * alloc/pool.c; nothing outside it reads or writes what it keeps (pool->at and
 * pool->spare; marks copy pool->at whole).
 *
 *     static inline void *allot__pool_take(struct allot_pool *pool, size_t len, size_t align);
 *         len bytes at alignment align (a power of two up to 4096), counted in used and
 *         in the stats (allot__pool_count); dies before any change when the heap fails.
 *         Every allocation of the API goes through it, but those that alloc/pool.h bumps
 *         inline (ALLOT__POOL_BUMPS_INLINE, with the arena's allot__pool_bump).
 *     static void allot__pool_reserve(struct allot_pool *pool, size_t bytes);
 *         after it, the next objects whose sizes, each rounded up to its alignment, add
 *         up to at most bytes need no heap call (malloc: nothing). Dies of a size
 *         overflow or a heap failure before any change.
 *     static char *allot__pool_room(const struct allot_pool *pool, size_t *room);
 *         where the next object at alignment 1 would start if it fits, and how many
 *         bytes fit there (*room; 0 and NULL when there is no such room, or the tools
 *         watch the pool). allot_pool_strfmt formats into it, then takes what it wrote.
 *     static int allot__pool_free_above(struct allot_pool *pool,
 *                                       const struct allot_pool_mark *mark, int keep);
 *         frees the objects past mark's position, which a rewind, clear (mark: the
 *         empty pool's) or release (keep 0, mark the empty pool's) is about to take
 *         back; called first, with the chain and pool->at still as they were. Returns
 *         1 when it also freed the chunks past the mark (drop then does not see them),
 *         else 0. The malloc strategy frees the objects its records name, and on a
 *         release each record block with them; the arena's objects are bytes of its
 *         blocks (drop has them).
 *     static void allot__pool_drop(struct allot_pool *pool, struct allot__chunk *top,
 *                                  struct allot__chunk *stop, int keep);
 *         the chunks from top down to stop (excluded), which a rewind, clear or release
 *         has just unlinked; the pool (pool->at included) is consistent without them.
 *         Called when there are such chunks, for every release, and in builds the tools
 *         watch (alloc/memdebug.h); a rewind or clear within the current block goes
 *         without it. The malloc strategy frees them (its record blocks); with keep
 *         (rewind, clear), the arena keeps one block as pool->spare for what comes
 *         next; without (release), it frees them all, the spare too.
 *     static void allot__pool_adopt(struct allot_pool *dst, struct allot_pool *src);
 *         dst has just linked src's chunks above its own, and src is empty but for its
 *         spare. The arena bumps on in src's block when dst has none; malloc goes on in
 *         src's record block, the head; src->at is emptied.
 *     static void allot__pool_invalidate(struct allot_pool *pool);
 *         overwrites every byte handed out and not taken back with 0xDD (discard).
 *     static int allot__pool_contains(const struct allot_pool *pool, uintptr_t at);
 *         whether at lies in memory handed out and not taken back (allot_pool_contains).
 *
 * A strategy file compiled on its own (every .c under strategies/ may be) is empty:
 * its code is inside #ifdef ALLOT__STRATEGY_CODE, which alloc/pool.c defines.
 */
#ifndef ALLOT_POOL_INTERNAL_H
#define ALLOT_POOL_INTERNAL_H

#include "alloc/internal.h"
#include "alloc/pool.h"

/* Links c at the pool's head, with the next serial number. */
static inline void allot__chunk_link(struct allot_pool *pool, struct allot__chunk *c, int bump)
{
	c->prev = pool->head;
	c->stamp = ++pool->serial << 1 | (bump ? 1u : 0u);
	pool->head = c;
}

static inline int allot__chunk_bump(const struct allot__chunk *c)
{
	return (int) (c->stamp & 1);
}

/* Where what chunk c handed out ends: pool->at.next for the current block, else c's live_end. */
static inline char *allot__chunk_live_end(const struct allot_pool *pool,
                                          const struct allot__chunk *c)
{
	return c == pool->at.cur ? pool->at.next : c->live_end;
}

/* The chunk header, rounded up so that what follows it is max_align_t-aligned. */
#define ALLOT__CHUNK_HDR \
	((sizeof(struct allot__chunk) + ALLOT__ALIGN - 1) & ~(size_t) (ALLOT__ALIGN - 1))

/* Frees chunk c, which the pool no longer links, and takes it off the footprint. */
static inline void allot__pool_free_chunk(struct allot_pool *pool, struct allot__chunk *c)
{
	pool->footprint -= c->size;
	allot__free(c);
}

#endif /* ALLOT_POOL_INTERNAL_H */
