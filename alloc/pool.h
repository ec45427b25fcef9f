/* SPDX-License-Identifier: MIT */
/*
 * alloc/pool.h: objects that are freed all at once.
 *
 * A pool hands out memory for many small objects that die together: Git's merge-ort
 * allocates its paths and conflict records from a mem-pool and frees them with one
 * call. The strategy decides what that costs:
 *
 *   ALLOT_POOL_MALLOC  every object is its own heap block of its own size; the pool
 *                      keeps a 16-byte record of it in blocks apart, so that clear,
 *                      rewind and release can free them one by one;
 *   ALLOT_POOL_ARENA   objects are bumped out of large blocks; an object too large
 *                      for a block gets a block of its own.
 *
 * Use:
 *
 *     struct allot_pool pool = ALLOT_POOL_INIT;
 *     struct entry *e = allot_pool_alloc(&pool, sizeof(*e));
 *     e->name = allot_pool_strfmt(&pool, "%s/%s", dir, base);
 *     ...
 *     allot_pool_release(&pool);
 *
 * As scratch space (a path built, used and dropped per item, as Git's tree-diff does):
 *
 *     struct allot_pool_mark mark = allot_pool_save(&pool);
 *     char *path = allot_pool_strfmt(&pool, "%s%s", base, name);
 *     ... use path ...
 *     allot_pool_rewind(&pool, mark);
 *
 * Under arena a round like this stays in one block and makes no heap call; the save, an
 * allocation from the block being bumped and a rewind to the newest mark are inline, and
 * with ALLOT_CHECKS the rewind still validates the mark, in a few comparisons.
 *
 * Git's mem-pool, call for call: mem_pool_init (allot_pool_init, or
 * ALLOT_POOL_INIT_BLOCK, then allot_pool_reserve), mem_pool_alloc, _calloc, _strdup,
 * _strndup, _strfmt, _contains, _combine, _discard (allot_pool_discard).
 *
 * Promises, under every strategy:
 *  - Allocation never returns NULL: a size overflow or a heap failure reaches the die
 *    handler (see alloc/die.h) before anything in the pool changes.
 *  - allot_pool_alloc returns memory aligned for any object type (max_align_t);
 *    allot_pool_alloc_aligned any power of two up to 4096, a smaller one unpadded; the
 *    string calls (strdup, strndup, strfmt) alignment 1. len == 0 returns a valid
 *    pointer, distinct from every other live object.
 *  - Objects never overlap, and stay where they are until the pool frees them.
 *  - allot_pool_used counts exactly the bytes asked for by live objects, the same under
 *    every strategy; allot_pool_footprint is what the strategy holds from the heap.
 *
 * Under AddressSanitizer, or Valgrind with -DALLOT_VALGRIND=1, the arena tells the tool
 * which bytes are live (alloc/memdebug.h): an access past an object, or to one that
 * clear, rewind or release freed, is reported where it happens.
 *
 * The caller must not:
 *  - use an object after clear, release, or a rewind to a mark older than it;
 *  - share a pool between threads without a lock (one pool per thread is the rule);
 *  - copy a struct allot_pool and use both copies;
 *  - build a translation unit with other knobs than the library's: it does not link
 *    (see alloc/config.h).
 */
#ifndef ALLOT_POOL_H
#define ALLOT_POOL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "alloc/compiler.h"
#include "alloc/config.h"
#include "alloc/heap.h"  /* allot__malloc, in the inline allocation under malloc */
#include "alloc/stats.h" /* ALLOT__COUNT, in the inline allocation */

#ifdef __cplusplus
extern "C" {
#endif

/* A pool (its fields: "Internals", below). */
struct allot_pool;

/* A position in a pool, from allot_pool_save. Marks form a stack. */
struct allot_pool_mark;

/* A static initialiser: the pool that allot_pool_init(pool, bytes) makes. */
#define ALLOT_POOL_INIT_BLOCK(bytes) ALLOT__POOL_INIT(bytes)

/* A static initialiser: an empty pool with the default block size. */
#define ALLOT_POOL_INIT ALLOT_POOL_INIT_BLOCK(0)

/* ---- Setting up --------------------------------------------------------- */

/*
 * Initialises an empty pool; takes no memory yet. block_hint is the size of the
 * arena's first block in bytes (0: the default, 64 KiB less malloc's header, so that no
 * block is just past a C library's size class); each next block is twice the one
 * before, up to 1 MiB (or block_hint, if larger). The malloc strategy ignores
 * block_hint. On Linux, the arena makes every block after the first resident as it
 * takes it (a pool that filled one block fills the next): one system call instead of a
 * page fault per page, and the unused tail of the current block counts in the process's
 * resident memory. Equivalent to ALLOT_POOL_INIT when block_hint is 0.
 */
void allot_pool_init(struct allot_pool *pool, size_t block_hint);

/*
 * Under arena: the next objects whose sizes, each rounded up to its alignment, add up to
 * at most bytes make no heap call (it may start a block for them now, leaving the rest
 * of the current one unused). Under malloc every object is its own heap block: nothing.
 * A size overflow or a heap failure reaches the die handler before any change.
 */
void allot_pool_reserve(struct allot_pool *pool, size_t bytes);

/* ---- Allocating --------------------------------------------------------- */

/*
 * len bytes, uninitialised, aligned for any object type. Inline: under arena, an object
 * that fits in the block being bumped from takes no call; under malloc, one while the
 * block of records has room calls only the heap.
 */
static inline void *allot_pool_alloc(struct allot_pool *pool, size_t len);

/*
 * len bytes aligned to align, a power of two from 1 to 4096 (else: BUG). An alignment
 * below max_align_t's is kept as asked: the object is not padded to more. Inline, as
 * allot_pool_alloc (under malloc, an align up to max_align_t's); with a constant align,
 * the check of align costs nothing.
 */
static inline void *allot_pool_alloc_aligned(struct allot_pool *pool, size_t len, size_t align);

/* count * size bytes, zeroed; the product is overflow-checked. */
void *allot_pool_calloc(struct allot_pool *pool, size_t count, size_t size);

/* A copy of the string s, NUL-terminated, at alignment 1 (as strndup and strfmt). */
char *allot_pool_strdup(struct allot_pool *pool, const char *s);

/* A copy of at most len bytes of s, stopping at a NUL, always NUL-terminated. */
char *allot_pool_strndup(struct allot_pool *pool, const char *s, size_t len);

/*
 * A string formatted as printf formats it, NUL-terminated, at alignment 1. The bytes
 * are the platform's vsnprintf output, whatever ALLOT_PATH_FORMAT says (it picks the
 * formatter). used grows by the length + 1. Under arena, the output is formatted straight
 * into the block's free space: one pass when it fits. %n reaches the die handler.
 */
char *allot_pool_strfmt(struct allot_pool *pool, const char *fmt, ...) ALLOT__PRINTF_FORMAT(2, 3);

/* allot_pool_strfmt with a va_list, which it does not use up (it reads copies). */
char *allot_pool_vstrfmt(struct allot_pool *pool, const char *fmt, va_list ap)
    ALLOT__PRINTF_FORMAT(2, 0);

/* ---- Marks: a stack of positions, and scratch space --------------------- */

/* The pool's current position, to rewind to later. Changes nothing. Inline. */
static inline struct allot_pool_mark allot_pool_save(const struct allot_pool *pool);

/*
 * Frees every object allocated after mark was saved. Never dies for lack of memory.
 * A rewind to the newest mark, within the block being bumped from, is inline.
 *
 * A mark from another pool, or one that is no longer on the stack, is a BUG, checked
 * before anything changes: a mark ahead of the pool's position, one in a block the pool
 * no longer holds (even if a new block got its address), and one that one of the pool's
 * last 4 rewinds, clears, releases or combines (as src) dropped. A mark dropped longer
 * ago may go unnoticed; a valid mark is never refused. With ALLOT_CHECKS=0 only the
 * first two are checked (another pool's mark, a mark ahead of the pool).
 */
static inline void allot_pool_rewind(struct allot_pool *pool, struct allot_pool_mark mark);

/* ---- Freeing ------------------------------------------------------------ */

/*
 * Frees every object; used becomes 0. The arena keeps one block, as large as the blocks
 * the objects filled (a rewind does the same with what it frees), so that a pool filled
 * and cleared in a loop makes no heap call after the first round; footprint says what it
 * holds. release gives it back. Never dies: if the kept block cannot grow, it stays as
 * it is.
 */
void allot_pool_clear(struct allot_pool *pool);

/* Frees every object and returns all memory to the heap. The pool stays usable. */
void allot_pool_release(struct allot_pool *pool);

/*
 * Git's mem_pool_discard: with invalidate nonzero, every byte the pool handed out and
 * has not taken back is overwritten with 0xDD (as Git's) before its memory goes back to
 * the heap, so that a use after the discard reads garbage, not the object; then, as with
 * invalidate 0, allot_pool_release.
 */
void allot_pool_discard(struct allot_pool *pool, int invalidate);

/*
 * Moves every object of src into dst; they count as allocated just now in dst (a
 * rewind of dst to an older mark frees them). src is left empty and usable; its
 * marks are invalid. dst == src is a BUG.
 */
void allot_pool_combine(struct allot_pool *dst, struct allot_pool *src);

/* ---- Asking ------------------------------------------------------------- */

/*
 * 1 when ptr lies in memory the pool handed out and has not taken back, as Git's
 * mem_pool_contains answers (under arena, the padding between live objects counts
 * too); 0 for every other address, NULL included, and for an object that a clear,
 * release, rewind or combine (as src) took back. Walks the pool's blocks (under malloc,
 * its objects).
 */
int allot_pool_contains(const struct allot_pool *pool, const void *ptr);

/* Bytes asked for by the live objects. */
size_t allot_pool_used(const struct allot_pool *pool);

/* Bytes the pool holds from the heap, bookkeeping included. */
size_t allot_pool_footprint(const struct allot_pool *pool);

/* ---- Internals ---------------------------------------------------------- */

/* How many recent rewinds a pool remembers, to tell a dropped mark (see allot_pool_rewind). */
#define ALLOT__POOL_REWOUND 4

/*
 * A heap block a pool holds, at the start of what malloc returned: a block of objects
 * (or one large object) under arena, a block of the objects' records under malloc. prev
 * links the pool's chain, newest first, from pool->head.
 */
struct allot__chunk {
	struct allot__chunk *prev;
	size_t size; /* bytes taken from the heap; under arena, cur ends at (char *) cur + size */
	/*
	 * serial << 1 | bump. serial: pool->serial when the chunk was linked, so newer
	 * chunks have higher numbers and a chunk freed and another malloc'd at its address
	 * are told apart. bump (arena): a block objects are bumped from, not one large
	 * object's own.
	 */
	unsigned long long stamp;
	/*
	 * Where the bytes handed out from the chunk end: objects (under malloc, records) lie
	 * between the header and here. For the current block, pool->at.next says it instead;
	 * the strategy sets this when the block stops being the current one.
	 */
	char *live_end;
};

/*
 * Where the strategy bumps from: the block, the next free byte in it, and its end (all
 * NULL when there is none): objects under arena, records under malloc. A mark saves it
 * whole and a rewind puts it back whole; next orders positions within a block. Only the
 * strategy reads the rest (see alloc/pool_internal.h).
 */
struct allot__pool_at {
	struct allot__chunk *cur;
	char *next;
	char *end;
};

/* A rewind a pool remembers (for the mark checks). */
struct allot__rewound {
	unsigned long long rewind; /* the rewind's number */
	unsigned long long serial; /* where it went: the head chunk's serial, */
	const char *next;          /* and the bump position */
};

/*
 * The fields are allot's own: callers use the functions above. head is the newest
 * chunk (under malloc an object, under arena a block); spare is the strategy's own,
 * memory kept for reuse outside the chain. serial counts the chunks linked so far (each
 * chunk keeps its number), rewinds the rewinds, clears and releases; rewound[] holds
 * where the latest of them went, for allot_pool_rewind's checks (both are kept only with
 * ALLOT_CHECKS=1).
 */
struct allot_pool {
	struct allot__chunk *head;
	struct allot__pool_at at;
	struct allot__chunk *spare;
	size_t block_size;
	size_t used;
	size_t footprint;
	unsigned long long serial;
	unsigned long long rewinds;
	struct allot__rewound rewound[ALLOT__POOL_REWOUND];
};

#define ALLOT__REWOUND_NONE \
	{                   \
		0, 0, NULL  \
	}
#define ALLOT__POOL_INIT(bytes)                                                        \
	{                                                                              \
		NULL, {NULL, NULL, NULL}, NULL, (bytes), 0, 0, 0, 0,                   \
		{                                                                      \
			ALLOT__REWOUND_NONE, ALLOT__REWOUND_NONE, ALLOT__REWOUND_NONE, \
			    ALLOT__REWOUND_NONE                                        \
		}                                                                      \
	}

struct allot_pool_mark {
	const struct allot_pool *pool;
	struct allot__chunk *head;
	struct allot__pool_at at;
	size_t used;
	unsigned long long serial;  /* head's serial (0: no head) */
	unsigned long long rewinds; /* the pool's count when saved */
};

/* The serial number of chunk c (0 for none). */
static inline unsigned long long allot__chunk_serial(const struct allot__chunk *c)
{
	return c ? c->stamp >> 1 : 0;
}

/* The rewind that allot_pool_rewind does not do inline, checks and all. */
void allot__pool_rewind(struct allot_pool *pool, const struct allot_pool_mark *mark);

/* Remembers a rewind to mark that is not back where the latest went (with ALLOT_CHECKS). */
void allot__pool_remember_rewind(struct allot_pool *pool, const struct allot_pool_mark *mark);

static inline struct allot_pool_mark allot_pool_save(const struct allot_pool *pool)
{
	struct allot_pool_mark mark;

	mark.pool = pool;
	mark.head = pool->head;
	mark.at = pool->at;
	mark.used = pool->used;
	mark.serial = allot__chunk_serial(pool->head);
	mark.rewinds = ALLOT_CHECKS ? pool->rewinds : 0; /* (counted only with the checks) */
	return mark;
}

/*
 * Whether what a rewind within the current block takes back is bytes of that block
 * (arena), so that it is inline. Under malloc they are records of objects to free.
 */
#define ALLOT__POOL_BUMPS_OBJECTS (ALLOT_POOL_STRATEGY == ALLOT_POOL_ARENA)

/*
 * Inline: a rewind to the newest mark of the block being bumped from, with nothing to
 * free but what that block holds past the mark (under malloc: nothing at all). Such a
 * mark passes every check of allot__pool_rewind: it is the pool's, on its head chunk
 * (the same serial), not ahead of the pool, and no rewind came after it (its count).
 * The tools (alloc/memdebug.h) must be told what a rewind takes back: then it goes out
 * of line.
 */
static inline void allot_pool_rewind(struct allot_pool *pool, struct allot_pool_mark mark)
{
	struct allot__rewound *latest = &pool->rewound[0];

	if (ALLOT__MEMDEBUG ||
	    !ALLOT__LIKELY(mark.pool == pool && mark.head == pool->head &&
	                   (!ALLOT_CHECKS || mark.rewinds == pool->rewinds) &&
	                   mark.serial == allot__chunk_serial(pool->head) &&
	                   mark.used <= pool->used &&
	                   (uintptr_t) mark.at.next <= (uintptr_t) pool->at.next &&
	                   (ALLOT__POOL_BUMPS_OBJECTS || mark.at.next == pool->at.next))) {
		allot__pool_rewind(pool, &mark);
		return;
	}
	if (ALLOT_CHECKS) {
		++pool->rewinds;
		if (latest->rewind && latest->serial == mark.serial && latest->next == mark.at.next)
			latest->rewind =
			    pool->rewinds; /* back where the latest went: a scratch round */
		else
			allot__pool_remember_rewind(pool, &mark);
	}
	pool->at = mark.at;
	pool->used = mark.used;
}

/*
 * Whether allocations bump inline from the block being bumped: under arena, unless a tool
 * watches the arenas (alloc/memdebug.h: the objects have red zones, and the tool is told
 * of each), which takes every allocation out of line.
 */
#define ALLOT__POOL_BUMPS_INLINE (ALLOT__POOL_BUMPS_OBJECTS && !ALLOT__MEMDEBUG)

/*
 * The arena's bump: n bytes at alignment align (a power of two) from the block being
 * bumped from, when they fit there: then *data is where they start, and 1 is returned.
 * Else 0, and nothing changed. No block at all (at.next and at.end NULL) fits nothing.
 */
ALLOT__ALWAYS_INLINE int allot__pool_bump(struct allot_pool *pool, size_t n, size_t align,
                                          char **data)
{
	size_t pad = (size_t) (-(uintptr_t) pool->at.next & (align - 1));
	size_t avail = (size_t) ((uintptr_t) pool->at.end - (uintptr_t) pool->at.next);

	if (!ALLOT__LIKELY(avail >= pad && avail - pad >= n))
		return 0;
	*data = pool->at.next + pad;
	pool->at.next = *data + n;
	return 1;
}

/* Counts an object of len bytes just handed out: in used, and in the stats. */
ALLOT__ALWAYS_INLINE void allot__pool_count(struct allot_pool *pool, size_t len)
{
	pool->used += len;
	ALLOT__COUNT(pool_allocs, 1);
	ALLOT__COUNT(pool_bytes, len);
}

/* Whether align is one allot_pool_alloc_aligned takes: a power of two up to 4096. */
ALLOT__ALWAYS_INLINE int allot__pool_align_ok(size_t align)
{
	return align && !(align & (align - 1)) && align <= 4096;
}

/*
 * Under malloc: what the pool keeps of an object, to free it: its heap block, and the
 * block's size. The records lie in the record blocks pool->at bumps
 * (strategies/pool_malloc.c).
 */
struct allot__record {
	char *block;
	size_t size;
};

/*
 * Whether allocations under malloc call the heap inline: unless a tool watches the
 * pool's blocks, which must be told of the bytes past each object.
 */
#define ALLOT__POOL_MALLOCS_INLINE (ALLOT_POOL_STRATEGY == ALLOT_POOL_MALLOC && !ALLOT__MEMDEBUG)

/*
 * Records an object of len bytes in block, size bytes from the heap, at pool->at.next,
 * which the caller made sure has room; counts it.
 */
ALLOT__ALWAYS_INLINE void allot__pool_record(struct allot_pool *pool, char *block, size_t size,
                                             size_t len)
{
	struct allot__record *r = (struct allot__record *) (void *) pool->at.next;

	/*
	 * The record's stores between the two counters' keep compilers from adding both
	 * counters in one vector register, which costs a spill around the heap call.
	 */
	pool->used += len;
	r->block = block;
	r->size = size;
	pool->at.next = (char *) (r + 1);
	pool->footprint += size;
	ALLOT__COUNT(pool_allocs, 1);
	ALLOT__COUNT(pool_bytes, len);
	ALLOT__COUNT(pool_blocks, 1);
}

/*
 * The allocations that alloc/pool.h does not bump inline: those of allot_pool_alloc, and
 * those of allot_pool_alloc_aligned (align checked: a BUG of allot_pool_alloc_aligned).
 */
void *allot__pool_alloc(struct allot_pool *pool, size_t len);
void *allot__pool_alloc_aligned(struct allot_pool *pool, size_t len, size_t align);

/*
 * An object of len bytes at alignment align (a power of two), allocated inline and
 * counted: *data is where it starts, and 1 is returned. 0, with nothing changed, when the
 * strategy takes it out of line (allot__pool_take):
 *  - arena: bumped from the block being bumped from (an empty object takes a byte, so
 *    that its address is its own); 0 when it does not fit there.
 *  - malloc: a heap block of its own of at least align bytes (a heap aligns a block only
 *    as much as what fits in it), recorded; 0 when align is more than max_align_t's (the
 *    block needs slack), the block of records is full, or len with its record would
 *    overflow a size (allot__pool_take dies of it).
 *  - a tool watching the pool (alloc/memdebug.h): always 0.
 */
ALLOT__ALWAYS_INLINE int allot__pool_inline_object(struct allot_pool *pool, size_t len,
                                                   size_t align, void **data)
{
#if ALLOT__POOL_BUMPS_INLINE
	char *at;

	if (!ALLOT__LIKELY(allot__pool_bump(pool, len ? len : 1, align, &at)))
		return 0;
	allot__pool_count(pool, len);
	*data = at;
	return 1;
#elif ALLOT__POOL_MALLOCS_INLINE
	size_t size = len > align ? len : align;
	char *block;

	if (!ALLOT__LIKELY(align <= ALLOT__MAX_ALIGN && pool->at.next != pool->at.end &&
	                   len <= SIZE_MAX - sizeof(struct allot__record)))
		return 0;
	block = (char *) allot__malloc(size);
	allot__pool_record(pool, block, size, len);
	*data = block;
	return 1;
#else
	(void) pool;
	(void) len;
	(void) align;
	(void) data;
	return 0;
#endif
}

ALLOT__ALWAYS_INLINE void *allot_pool_alloc(struct allot_pool *pool, size_t len)
{
	void *data;

	return allot__pool_inline_object(pool, len, ALLOT__MAX_ALIGN, &data)
	           ? data
	           : allot__pool_alloc(pool, len);
}

ALLOT__ALWAYS_INLINE void *allot_pool_alloc_aligned(struct allot_pool *pool, size_t len,
                                                    size_t align)
{
	void *data;

	return ALLOT__LIKELY(allot__pool_align_ok(align)) &&
	               allot__pool_inline_object(pool, len, align, &data)
	           ? data
	           : allot__pool_alloc_aligned(pool, len, align);
}

/* The knobs pool.h depends on, for the link-time check (alloc/config.h). */
#if ALLOT_POOL_STRATEGY == ALLOT_POOL_ARENA
#define ALLOT__POOL_BUILT_WITH_ allot_library_built_with_pool_arena
#elif ALLOT_POOL_STRATEGY == ALLOT_POOL_MALLOC
#define ALLOT__POOL_BUILT_WITH_ allot_library_built_with_pool_malloc
#endif
#define ALLOT__POOL_BUILT_WITH                                                                  \
	ALLOT__PASTE(                                                                           \
	    ALLOT__PASTE(ALLOT__PASTE(ALLOT__PASTE(ALLOT__POOL_BUILT_WITH_, ALLOT__CHECKS_TAG), \
	                              ALLOT__STATS_TAG),                                        \
	                 ALLOT__MEMDEBUG_TAG),                                                  \
	    ALLOT__VERSION_TAG)
ALLOT__REQUIRE_SYMBOL(ALLOT__POOL_BUILT_WITH);

#ifdef __cplusplus
}
#endif

#endif /* ALLOT_POOL_H */
