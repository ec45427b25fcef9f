/* SPDX-License-Identifier: MIT */
/*
 * alloc/pool.c: every call of alloc/pool.h, over the strategy's hooks
 * (alloc/pool_internal.h), which strategies/pool.c brings in.
 */
#include <stdarg.h>
#include <string.h>

#include "alloc/format_internal.h"
#include "alloc/internal.h"
#include "alloc/memdebug.h"
#include "alloc/pool.h"
#include "alloc/pool_internal.h"

#define ALLOT__STRATEGY_CODE 1
#include "strategies/pool.c"

/* What the headers' translation units refer to (alloc/config.h, "Matching the library"). */
void ALLOT__POOL_BUILT_WITH(void)
{
}

void allot_pool_init(struct allot_pool *pool, size_t block_hint)
{
	struct allot_pool empty = ALLOT_POOL_INIT;

	*pool = empty;
	pool->block_size = block_hint;
}

void allot_pool_reserve(struct allot_pool *pool, size_t bytes)
{
	allot__pool_reserve(pool, bytes);
}

void *allot__pool_alloc(struct allot_pool *pool, size_t len)
{
	return allot__pool_take(pool, len, ALLOT__ALIGN);
}

void *allot__pool_alloc_aligned(struct allot_pool *pool, size_t len, size_t align)
{
	if (!allot__pool_align_ok(align))
		allot__bug("allot_pool_alloc_aligned: align must be a power of two up to 4096");
	return allot__pool_take(pool, len, align);
}

/* len bytes at alignment 1, for strings. */
static char *alloc_string(struct allot_pool *pool, size_t len)
{
	return allot__pool_take(pool, len, 1);
}

void *allot_pool_calloc(struct allot_pool *pool, size_t count, size_t size)
{
	size_t len = allot__mul(count, size);
	void *ptr = allot_pool_alloc(pool, len);

	memset(ptr, 0, len);
	return ptr;
}

char *allot_pool_strndup(struct allot_pool *pool, const char *s, size_t len)
{
	const char *nul = memchr(s, '\0', len);
	size_t n = nul ? (size_t) (nul - s) : len;
	char *copy = alloc_string(pool, allot__add(n, 1));

	memcpy(copy, s, n);
	copy[n] = '\0';
	return copy;
}

char *allot_pool_strdup(struct allot_pool *pool, const char *s)
{
	size_t n = strlen(s);
	char *copy = alloc_string(pool, n + 1); /* a string's length + 1 cannot overflow */

	memcpy(copy, s, n + 1);
	return copy;
}

char *allot_pool_vstrfmt(struct allot_pool *pool, const char *fmt, va_list ap)
{
	size_t room, n;
	char *at = allot__pool_room(pool, &room), *s;
	va_list args, again;
	int outcome;

	/* One pass into the free space; when the output fits, it is the new object. */
	va_copy(args, ap);
	va_copy(again, ap);
	n = allot__format_room(at, room, fmt, &args, again, ALLOT__FORMAT_COUNT, &outcome);
	va_end(again);
	va_end(args);
	if (n < room)
		return alloc_string(pool, n + 1); /* at: it fits, at alignment 1 */
	allot__format_check(outcome, "allot_pool_strfmt");
	/* Otherwise an object of the size counted, and a second pass into it. */
	s = alloc_string(pool, allot__add(n, 1));
	va_copy(args, ap);
	va_copy(again, ap);
	if (allot__format_room(s, n + 1, fmt, &args, again, ALLOT__FORMAT_HAS_ROOM, &outcome) != n)
		allot__bug("allot_pool_strfmt: the arguments changed between two passes");
	va_end(again);
	va_end(args);
	return s;
}

char *allot_pool_strfmt(struct allot_pool *pool, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = allot_pool_vstrfmt(pool, fmt, ap);
	va_end(ap);
	return s;
}

/*
 * Positions in a pool, (head chunk's serial, bump position), grow with every object:
 * a new chunk has a higher serial, and an object bumped from the current block (which
 * is the head, or under it only large objects' chunks) moves next up in that block.
 */
static int position_before(unsigned long long serial_a, const char *next_a,
                           unsigned long long serial_b, const char *next_b)
{
	return serial_a < serial_b ||
	       (serial_a == serial_b && (uintptr_t) next_a < (uintptr_t) next_b);
}

ALLOT__STATIC_ASSERT(ALLOT__POOL_REWOUND == 4, ALLOT_POOL_INIT_lists_4_rewound_entries);

/*
 * Remembers that a rewind went to mark: the marks after it are off the stack now.
 * rewound[] holds the latest rewinds, newest first, each to a position lower than the
 * newer ones' (an older rewind to a position no lower tells nothing more).
 */
void allot__pool_remember_rewind(struct allot_pool *pool, const struct allot_pool_mark *mark)
{
	struct allot__rewound *r = pool->rewound, latest;
	size_t kept = 0, i;

	latest.rewind = pool->rewinds;
	latest.serial = mark->serial;
	latest.next = mark->at.next;
	for (i = 0; i < ALLOT__POOL_REWOUND && r[i].rewind; i++)
		if (position_before(r[i].serial, r[i].next, latest.serial, latest.next))
			r[kept++] = r[i];
	if (kept == ALLOT__POOL_REWOUND) /* forget the oldest: fewer BUGs told, none false */
		kept--;
	memmove(r + 1, r, kept * sizeof(*r));
	r[0] = latest;
	for (i = kept + 1; i < ALLOT__POOL_REWOUND; i++)
		r[i].rewind = 0;
}

static inline void remember_rewind(struct allot_pool *pool, const struct allot_pool_mark *mark)
{
	struct allot__rewound *r = pool->rewound;

	++pool->rewinds;
	if (r[0].rewind && r[0].serial == mark->serial && r[0].next == mark->at.next)
		r[0].rewind = pool->rewinds; /* back where the latest went: a scratch round */
	else
		allot__pool_remember_rewind(pool, mark);
}

/* Back to mark (already checked); keep: let the strategy keep memory for reuse. */
static void rewind_to(struct allot_pool *pool, const struct allot_pool_mark *mark, int keep)
{
	struct allot__chunk *top = pool->head;

	if (ALLOT_CHECKS) /* only the mark checks read what it remembers */
		remember_rewind(pool, mark);
	if (allot__pool_free_above(pool, mark, keep))
		top = mark->head; /* the strategy freed the chunks past the mark */
	pool->head = mark->head;
	pool->at = mark->at;
	pool->used = mark->used;
	if (top != mark->head || !keep || ALLOT__MEMDEBUG)
		allot__pool_drop(pool, top, mark->head, keep);
}

#if ALLOT_CHECKS
/* Whether mark's newest chunk and position are still on the pool's stack (a chain walk). */
static inline const char *off_the_stack(const struct allot_pool *pool,
                                        const struct allot_pool_mark *mark)
{
	const struct allot__chunk *c;
	size_t i;

	/* The mark's newest chunk must still be on the pool's chain (NULL: an empty pool). */
	for (c = pool->head; c && c != mark->head; c = c->prev)
		;
	if (c != mark->head || allot__chunk_serial(c) != mark->serial)
		return "allot_pool_rewind: the mark is not on the pool's stack (its block is gone)";
	/* A rewind since the mark was saved, to a position before it, dropped it. */
	for (i = 0; i < ALLOT__POOL_REWOUND; i++) {
		const struct allot__rewound *r = &pool->rewound[i];

		if (r->rewind <= mark->rewinds) /* this one and the older ones came before it */
			break;
		if (position_before(r->serial, r->next, mark->serial, mark->at.next))
			return "allot_pool_rewind: the mark is not on the pool's stack (an earlier "
			       "rewind, clear or release dropped it)";
	}
	return NULL;
}
#endif

/*
 * Dies with a BUG unless mark was saved from pool and is still on its stack, as far as
 * allot can tell (checked before anything is freed). A mark of another pool, or one
 * ahead of the pool, always; with ALLOT_CHECKS, also a mark whose block is gone or that a
 * recent rewind dropped, by walking the chunks that the rewind will free (so it costs
 * no more than the rewind itself).
 */
static inline void check_mark(const struct allot_pool *pool, const struct allot_pool_mark *mark)
{
	if (mark->pool != pool)
		allot__bug("allot_pool_rewind: the mark belongs to another pool");
	if (mark->used > pool->used || position_before(allot__chunk_serial(pool->head),
	                                               pool->at.next, mark->serial, mark->at.next))
		allot__bug(
		    "allot_pool_rewind: the mark is not on the pool's stack (ahead of the pool)");
#if ALLOT_CHECKS /* misuse detection that walks chunks: ALLOT_CHECKS=0 removes it */
	{
		const char *why = off_the_stack(pool, mark);

		if (why)
			allot__bug(why);
	}
#endif
}

/* The mark of pool before its first object. */
static struct allot_pool_mark empty_mark(const struct allot_pool *pool)
{
	struct allot_pool_mark mark = {NULL, NULL, {NULL, NULL, NULL}, 0, 0, 0};

	mark.pool = pool;
	return mark;
}

void allot__pool_rewind(struct allot_pool *pool, const struct allot_pool_mark *mark)
{
	check_mark(pool, mark);
	rewind_to(pool, mark, 1);
}

void allot_pool_clear(struct allot_pool *pool)
{
	struct allot_pool_mark empty = empty_mark(pool);

	rewind_to(pool, &empty, 1);
}

void allot_pool_release(struct allot_pool *pool)
{
	struct allot_pool_mark empty = empty_mark(pool);

	rewind_to(pool, &empty, 0);
}

void allot_pool_discard(struct allot_pool *pool, int invalidate)
{
	if (invalidate)
		allot__pool_invalidate(pool);
	allot_pool_release(pool);
}

void allot_pool_combine(struct allot_pool *dst, struct allot_pool *src)
{
	struct allot_pool_mark empty = empty_mark(src);
	struct allot__chunk *bottom, *c;
	unsigned long long n = 1;
	size_t linked = src->footprint; /* src's chain and, under malloc, its objects */

	if (dst == src)
		allot__bug("allot_pool_combine: a pool cannot take its own objects");
	if (!src->head)
		return;
	for (c = src->spare; c; c = c->prev) /* the spare memory stays src's */
		linked -= c->size;
	/* src's chunks get dst's next serials, oldest lowest: they are dst's newest now. */
	for (bottom = src->head; bottom->prev; bottom = bottom->prev)
		n++;
	for (c = src->head; c; c = c->prev)
		c->stamp = (dst->serial + n--) << 1 | (c->stamp & 1);
	dst->serial = allot__chunk_serial(src->head);
	bottom->prev = dst->head;
	dst->head = src->head;
	dst->used += src->used; /* both count live bytes, which fit in memory together */
	dst->footprint += linked;

	src->head = NULL;
	src->used = 0;
	src->footprint -= linked;
	allot__pool_adopt(dst, src);
	if (ALLOT_CHECKS) /* src's marks are off its stack, as after a clear */
		remember_rewind(src, &empty);
}

int allot_pool_contains(const struct allot_pool *pool, const void *ptr)
{
	return allot__pool_contains(pool, (uintptr_t) ptr);
}

size_t allot_pool_used(const struct allot_pool *pool)
{
	return pool->used;
}

size_t allot_pool_footprint(const struct allot_pool *pool)
{
	return pool->footprint;
}
