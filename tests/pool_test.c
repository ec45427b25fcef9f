/* SPDX-License-Identifier: MIT */
/* Behaviour of alloc/pool.h that every pool strategy must show. */
#define _DEFAULT_SOURCE /* mincore, on Linux */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "alloc/alloc.h"
#include "alloc/memdebug.h" /* ALLOT__REDZONE: the tools' gap after each object */
#include "tests/check.h"
#include "tests/expect.h"
#include "tests/failing_heap.h"

#define MAX_ALIGN _Alignof(max_align_t)

static int aligned(const void *p, size_t align)
{
	return ((uintptr_t) p & (align - 1)) == 0;
}

/* A reproducible pseudo-random sequence (xorshift), so failures replay. */
static uint32_t next_rand(uint32_t *state)
{
	uint32_t x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *state = x;
}

/*
 * Pools promise max_align_t alignment, and the malloc strategy takes it from malloc: on
 * every platform it must cover the basic types (x86_64 glibc, musl and MinGW: 16).
 */
ALLOT_TEST(pool, max_align_t_covers_every_basic_type)
{
	struct allot_pool pool = ALLOT_POOL_INIT;

	CHECK(MAX_ALIGN >= _Alignof(long double));
	CHECK(MAX_ALIGN >= _Alignof(long long));
	CHECK(MAX_ALIGN >= _Alignof(double));
	CHECK(MAX_ALIGN >= _Alignof(void *));
	CHECK(aligned(allot_pool_alloc(&pool, sizeof(long double)), _Alignof(long double)));
	allot_pool_release(&pool);
}

ALLOT_TEST(pool, init_is_empty)
{
	struct allot_pool a = ALLOT_POOL_INIT, b;

	allot_pool_init(&b, 0);
	CHECK_EQ(allot_pool_used(&a), 0);
	CHECK_EQ(allot_pool_footprint(&a), 0);
	CHECK_EQ(allot_pool_used(&b), 0);
	CHECK_EQ(allot_pool_footprint(&b), 0);
	allot_pool_release(&a);
	allot_pool_release(&b);
}

ALLOT_TEST(pool, every_pointer_is_max_aligned)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	size_t len;

	for (len = 0; len < 300; len++) {
		void *p = allot_pool_alloc(&pool, len);

		CHECK(p != NULL);
		CHECK(aligned(p, MAX_ALIGN));
		memset(p, 0xab, len);
	}
	for (len = 1; len < 70000; len = len * 3 + 1) /* past a block's quarter and a whole block */
		CHECK(aligned(allot_pool_alloc(&pool, len), MAX_ALIGN));
	allot_pool_release(&pool);
}

ALLOT_TEST(pool, alloc_aligned_up_to_4096)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	size_t align, len;

	for (align = 1; align <= 4096; align *= 2) {
		for (len = 0; len < 5000; len = len * 2 + 1) {
			char *p = allot_pool_alloc_aligned(&pool, len, align);

			CHECK(aligned(p, align));
			memset(p, 0x5a, len);
			CHECK(aligned(allot_pool_alloc(&pool, 3),
			              MAX_ALIGN)); /* and after an odd one */
		}
	}
	allot_pool_release(&pool);
}

ALLOT_TEST(pool, alloc_aligned_rejects_bad_alignment)
{
	struct allot_pool pool = ALLOT_POOL_INIT;

	CHECK_DIES(allot_pool_alloc_aligned(&pool, 8, 3), "BUG: allot_pool_alloc_aligned: align");
	CHECK_DIES(allot_pool_alloc_aligned(&pool, 8, 8192),
	           "BUG: allot_pool_alloc_aligned: align");
	CHECK_DIES(allot_pool_alloc_aligned(&pool, 8, 0), "BUG: allot_pool_alloc_aligned: align");
	CHECK_EQ(allot_pool_used(&pool), 0);
	/* With a block to bump from (where the arena allocates inline), the same. */
	allot_pool_alloc(&pool, 8);
	CHECK_DIES(allot_pool_alloc_aligned(&pool, 8, 3), "BUG: allot_pool_alloc_aligned: align");
	CHECK_DIES(allot_pool_alloc_aligned(&pool, 8, 8192),
	           "BUG: allot_pool_alloc_aligned: align");
	CHECK_DIES(allot_pool_alloc_aligned(&pool, 8, 0), "BUG: allot_pool_alloc_aligned: align");
	CHECK_EQ(allot_pool_used(&pool), 8);
	allot_pool_release(&pool);
}

#define NOBJ 3000

/* Fills objects of random sizes with their own byte, then checks every one is intact. */
ALLOT_TEST(pool, objects_never_overlap)
{
	struct allot_pool pool;
	static unsigned char *obj[NOBJ];
	static size_t len[NOBJ];
	uint32_t seed = 12345;
	size_t i, j, used = 0;

	allot_pool_init(&pool, 4096); /* small blocks: many block boundaries */
	for (i = 0; i < NOBJ; i++) {
		len[i] = next_rand(&seed) % (i % 100 == 0 ? 9000 : 200);
		obj[i] = i % 3 ? allot_pool_alloc(&pool, len[i])
		               : allot_pool_alloc_aligned(&pool, len[i], (size_t) 1 << (i % 13));
		memset(obj[i], (int) (i & 0xff), len[i]);
		used += len[i];
	}
	CHECK_EQ(allot_pool_used(&pool), used);
	CHECK(allot_pool_footprint(&pool) >= used);
	for (i = 0; i < NOBJ; i++)
		for (j = 0; j < len[i]; j++)
			if (obj[i][j] != (unsigned char) (i & 0xff))
				CHECK_EQ(obj[i][j], i & 0xff);
	allot_pool_release(&pool);
}

ALLOT_TEST(pool, zero_length_objects_are_distinct)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	char *p[64];
	int i, j;

	for (i = 0; i < 64; i++)
		p[i] = allot_pool_alloc(&pool, (size_t) (i % 2)); /* 0, 1, 0, 1, ... */
	for (i = 0; i < 64; i++) {
		CHECK(p[i] != NULL);
		for (j = 0; j < i; j++)
			CHECK(p[i] != p[j]);
	}
	CHECK_EQ(allot_pool_used(&pool), 32);
	allot_pool_release(&pool);
}

ALLOT_TEST(pool, calloc_zeroes)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	unsigned char *dirty, *p;
	size_t i;

	dirty = allot_pool_alloc(&pool, 4000);
	memset(dirty, 0xff, 4000);
	allot_pool_clear(&pool); /* the arena hands the same bytes out again */
	p = allot_pool_calloc(&pool, 1000, 4);
	for (i = 0; i < 4000; i++)
		CHECK_EQ(p[i], 0);
	CHECK_EQ(allot_pool_used(&pool), 4000);
	CHECK(allot_pool_calloc(&pool, 0, 16) != NULL);
	allot_pool_release(&pool);
}

ALLOT_TEST(pool, strdup_and_strndup)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	const char text[] = "objects/ab/cdef";

	CHECK_STREQ(allot_pool_strdup(&pool, text), text);
	CHECK_STREQ(allot_pool_strdup(&pool, ""), "");
	CHECK_STREQ(allot_pool_strndup(&pool, text, 7), "objects");
	CHECK_STREQ(allot_pool_strndup(&pool, text, 100), text); /* stops at the NUL */
	CHECK_STREQ(allot_pool_strndup(&pool, "a\0b", 3), "a");
	CHECK_EQ(allot_pool_used(&pool), sizeof(text) + 1 + 8 + sizeof(text) + 2);
	allot_pool_release(&pool);
}

ALLOT_TEST(pool, rewind_frees_what_came_after)
{
	struct allot_pool pool;
	struct allot_pool_mark m1, m2;
	char *a, *b, *c;

	allot_pool_init(&pool, 1024);
	a = allot_pool_strdup(&pool, "first");
	m1 = allot_pool_save(&pool);
	b = allot_pool_strdup(&pool, "second");
	m2 = allot_pool_save(&pool);
	c = allot_pool_alloc(&pool, 5000); /* a block of its own under arena */
	memset(c, 1, 5000);
	allot_pool_alloc(&pool, 700);

	allot_pool_rewind(&pool, m2);
	CHECK_EQ(allot_pool_used(&pool), 6 + 7);
	CHECK_STREQ(a, "first");
	CHECK_STREQ(b, "second");
	allot_pool_rewind(&pool, m2); /* the same mark again: nothing more to free */
	CHECK_EQ(allot_pool_used(&pool), 13);

	allot_pool_rewind(&pool, m1); /* drops m2 */
	CHECK_EQ(allot_pool_used(&pool), 6);
	CHECK_STREQ(a, "first");
	CHECK_DIES(allot_pool_rewind(&pool, m2), "BUG: allot_pool_rewind: the mark is not on");
	CHECK_EQ(allot_pool_used(&pool), 6);

	b = allot_pool_strdup(&pool, "again");
	CHECK_STREQ(b, "again");
	CHECK_STREQ(a, "first");
	allot_pool_release(&pool);
}

/*
 * A mark among hundreds of objects (under malloc, their records span several record
 * blocks of growing sizes): a rewind frees what came after it and keeps what came
 * before, byte for byte; the pool goes on from there; a release leaves no block.
 */
ALLOT_TEST(pool, rewind_among_many_objects_keeps_those_before)
{
	enum { BEFORE = 150, AFTER = 700 };
	struct allot_pool pool;
	struct allot_pool_mark mark;
	unsigned char *kept[BEFORE];
	size_t used = 0, i, j;
	long live = FAILING_HEAP ? failing_heap_live() : 0;

	allot_pool_init(&pool, 0);
	for (i = 0; i < BEFORE; i++) {
		kept[i] = allot_pool_alloc(&pool, 1 + i % 40);
		memset(kept[i], (int) i, 1 + i % 40);
		used += 1 + i % 40;
	}
	mark = allot_pool_save(&pool);
	for (i = 0; i < 2; i++) { /* twice: the second time over the first's memory */
		for (j = 0; j < AFTER; j++)
			memset(allot_pool_alloc(&pool, 8 + j % 100), 0xAB, 8 + j % 100);
		allot_pool_rewind(&pool, mark);
		CHECK_EQ(allot_pool_used(&pool), used);
	}
	for (i = 0; i < BEFORE; i++)
		for (j = 0; j < 1 + i % 40; j++)
			CHECK_EQ(kept[i][j], (unsigned char) i);
	allot_pool_clear(&pool);
	CHECK_EQ(allot_pool_used(&pool), 0);
	memset(allot_pool_alloc(&pool, 64), 1, 64);
	allot_pool_release(&pool);
	if (FAILING_HEAP)
		CHECK_EQ(failing_heap_live(), live);
}

/*
 * What the heap holds for small objects: under arena, blocks that start below 64 KiB
 * (no block just past a C library's size class) and double up to 1 MiB, so that a pool
 * of many megabytes makes a few heap calls; under malloc, each object its own size.
 */
ALLOT_TEST(pool, footprint_of_small_objects)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	size_t i, blocks = 0, last = 0, bytes = 8 * 1024 * 1024;

	allot_pool_alloc(&pool, 64);
	if (EXPECT_POOL_SHARES_BLOCKS) {
		CHECK_EQ(allot_pool_footprint(&pool), 64 * 1024 - 64);
		for (i = 64; i < bytes; i += 64) {
			allot_pool_alloc(&pool, 64);
			if (allot_pool_footprint(&pool) != last) {
				last = allot_pool_footprint(&pool);
				blocks++;
			}
		}
		/*
		 * 64 K, 128 K, ... 1 M, then 1 M blocks: 12 for 8 MiB (15 with the tools' red
		 * zones), where 64 KiB blocks took 129.
		 */
		CHECK(blocks <= 16);
		CHECK(allot_pool_footprint(&pool) < 2 * bytes);
	} else { /* each object is its own size and no more: the records are apart */
		size_t first = allot_pool_footprint(&pool);

		for (i = 0; i < 40; i++) /* with the first, their records fit one record block */
			allot_pool_alloc(&pool, 64);
		CHECK_EQ(allot_pool_footprint(&pool), first + 40 * 64);
	}
	allot_pool_release(&pool);
	CHECK_EQ(allot_pool_footprint(&pool), 0);
}

ALLOT_TEST(pool, rewind_in_a_loop_keeps_the_footprint_flat)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	struct allot_pool_mark mark;
	size_t footprint = 0;
	int round, i;

	allot_pool_strdup(&pool, "keep");
	mark = allot_pool_save(&pool);
	for (round = 0; round < 50; round++) {
		for (i = 0; i < 2000; i++)
			allot_pool_alloc(&pool, 48);
		allot_pool_rewind(&pool, mark);
		CHECK_EQ(allot_pool_used(&pool), 5);
		if (round == 1)
			footprint = allot_pool_footprint(&pool);
		if (round > 1)
			CHECK_EQ(allot_pool_footprint(&pool), footprint);
	}
	allot_pool_release(&pool);
}

ALLOT_TEST(pool, rewind_rejects_a_mark_of_another_pool)
{
	struct allot_pool a = ALLOT_POOL_INIT, b = ALLOT_POOL_INIT;
	struct allot_pool_mark mark;

	allot_pool_alloc(&a, 10);
	allot_pool_alloc(&b, 10);
	mark = allot_pool_save(&a);
	CHECK_DIES(allot_pool_rewind(&b, mark),
	           "BUG: allot_pool_rewind: the mark belongs to another");
	CHECK_EQ(allot_pool_used(&b), 10);
	allot_pool_release(&a);
	allot_pool_release(&b);
}

ALLOT_TEST(pool, clear_then_reuse)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	int round, i;

	for (round = 0; round < 3; round++) {
		char *p[100];

		for (i = 0; i < 100; i++) {
			p[i] = allot_pool_alloc(&pool, 100);
			memset(p[i], i, 100);
		}
		for (i = 0; i < 100; i++)
			CHECK_EQ(p[i][99], i);
		allot_pool_clear(&pool);
		CHECK_EQ(allot_pool_used(&pool), 0);
		/* Kept for reuse: a block (arena) or the objects' records (malloc), no object. */
		CHECK(allot_pool_footprint(&pool) <= 64 * 1024);
#if EXPECT_POOL_KEEPS_A_BLOCK
		CHECK(allot_pool_footprint(&pool) > 0);
#else
		CHECK(allot_pool_footprint(&pool) < 100 * 100);
#endif
	}
	allot_pool_release(&pool);
}

ALLOT_TEST(pool, release_then_reuse)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	int round;

	for (round = 0; round < 3; round++) {
		char *s = allot_pool_strdup(&pool, "still usable");

		allot_pool_alloc(&pool, 100000);
		CHECK_STREQ(s, "still usable");
		allot_pool_release(&pool);
		CHECK_EQ(allot_pool_used(&pool), 0);
		CHECK_EQ(allot_pool_footprint(&pool), 0);
	}
}

ALLOT_TEST(pool, combine_moves_objects)
{
	struct allot_pool dst = ALLOT_POOL_INIT, src = ALLOT_POOL_INIT;
	struct allot_pool_mark before;
	char *d, *s, *big;
	size_t footprint;

	d = allot_pool_strdup(&dst, "dst");
	before = allot_pool_save(&dst);
	s = allot_pool_strdup(&src, "src");
	big = allot_pool_alloc(&src, 30000);
	memset(big, 7, 30000);
	footprint = allot_pool_footprint(&dst) + allot_pool_footprint(&src);

	allot_pool_combine(&dst, &src);
	CHECK_EQ(allot_pool_used(&dst), 4 + 4 + 30000);
	CHECK_EQ(allot_pool_used(&src), 0);
	CHECK_EQ(allot_pool_footprint(&dst) + allot_pool_footprint(&src), footprint);
	CHECK_STREQ(d, "dst");
	CHECK_STREQ(s, "src");
	CHECK_EQ(big[29999], 7);

	/* src stays usable; dst keeps allocating */
	CHECK_STREQ(allot_pool_strdup(&src, "new"), "new");
	CHECK_STREQ(allot_pool_strdup(&dst, "more"), "more");

	/* combined objects count as allocated after every older mark of dst */
	allot_pool_rewind(&dst, before);
	CHECK_EQ(allot_pool_used(&dst), 4);
	CHECK_STREQ(d, "dst");

	allot_pool_combine(&dst, &src);
	CHECK_EQ(allot_pool_used(&dst), 8);
	CHECK_DIES(allot_pool_combine(&dst, &dst), "BUG: allot_pool_combine");
	allot_pool_release(&dst);
	allot_pool_release(&src);
	CHECK_EQ(allot_pool_footprint(&dst), 0);
	CHECK_EQ(allot_pool_footprint(&src), 0);
}

ALLOT_TEST(pool, combine_into_empty_pool)
{
	struct allot_pool dst = ALLOT_POOL_INIT, src = ALLOT_POOL_INIT;
	char *s;

	s = allot_pool_strdup(&src, "moved");
	allot_pool_combine(&dst, &src);
	CHECK_STREQ(s, "moved");
	CHECK_STREQ(allot_pool_strdup(&dst, "next"), "next");
	CHECK_STREQ(s, "moved");
	CHECK_EQ(allot_pool_used(&dst), 11);
	allot_pool_release(&dst);
	allot_pool_release(&src);
}

ALLOT_TEST(pool, used_is_the_same_under_every_strategy)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	uint32_t seed = 99;
	size_t total = 0;
	int i;

	for (i = 0; i < 1000; i++) {
		size_t n = next_rand(&seed) % 300;

		allot_pool_alloc(&pool, n);
		total += n;
	}
	CHECK_EQ(allot_pool_used(&pool), total);
	allot_pool_release(&pool);
}

/* Filled and cleared in a loop, a pool settles: no heap call per round after the first. */
ALLOT_TEST(pool, clear_in_a_loop_settles)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	struct allot_stats before, after;
	size_t footprint = 0;
	int round, i;

	for (round = 0; round < 5; round++) {
		allot_stats_get(&before);
		for (i = 0; i < 3000; i++) /* about 200 KiB: several blocks under arena */
			allot_pool_alloc(&pool, 16 + (size_t) (i * 37) % 113);
		allot_pool_clear(&pool);
		allot_stats_get(&after);
		if (round == 1)
			footprint = allot_pool_footprint(&pool);
		if (round < 2)
			continue;
		CHECK_EQ(allot_pool_footprint(&pool), footprint);
#if ALLOT_STATS && EXPECT_POOL_KEEPS_A_BLOCK
		CHECK_EQ(after.heap_allocs - before.heap_allocs, 0);
		CHECK_EQ(after.heap_frees - before.heap_frees, 0);
#elif ALLOT_STATS && !EXPECT_POOL_SHARES_BLOCKS
		CHECK_EQ(after.pool_blocks - before.pool_blocks, 3000); /* one block per object */
#endif
	}
	allot_pool_release(&pool);
	CHECK_EQ(allot_pool_footprint(&pool), 0);
}

/* ALLOT_POOL_INIT_BLOCK is allot_pool_init with a block size, and the size survives release. */
ALLOT_TEST(pool, init_block_sets_the_block_size)
{
	struct allot_pool a = ALLOT_POOL_INIT_BLOCK(4096), b;

	allot_pool_init(&b, 4096);
	allot_pool_alloc(&a, 10);
	allot_pool_alloc(&b, 10);
	CHECK_EQ(allot_pool_footprint(&a), allot_pool_footprint(&b));
	if (EXPECT_POOL_SHARES_BLOCKS)
		CHECK_EQ(allot_pool_footprint(&a), 4096);
	allot_pool_release(&a);
	CHECK_EQ(allot_pool_footprint(&a), 0);
	allot_pool_alloc(&a, 10);
	CHECK_EQ(allot_pool_footprint(&a), allot_pool_footprint(&b));
	allot_pool_release(&a);
	allot_pool_release(&b);
}

#if defined(__linux__) && EXPECT_POOL_POPULATES_GROWN_BLOCKS
/* How many of the pages wholly inside the n bytes at p are resident. */
static size_t resident_pages(const char *p, size_t n, size_t *pages)
{
	size_t page = (size_t) sysconf(_SC_PAGESIZE), i, resident = 0;
	uintptr_t start = ((uintptr_t) p + page - 1) & ~(uintptr_t) (page - 1);
	uintptr_t end = ((uintptr_t) p + n) & ~(uintptr_t) (page - 1);
	unsigned char vec[1024];

	*pages = end > start ? (size_t) (end - start) / page : 0;
	CHECK(*pages <= sizeof(vec));
	CHECK_EQ(mincore((void *) start, *pages * page, vec), 0);
	for (i = 0; i < *pages; i++)
		resident += vec[i] & 1;
	return resident;
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* as alloc/heap.c */
#endif

/*
 * Whether this kernel makes fresh pages resident when asked (MADV_POPULATE_WRITE, Linux
 * 5.14): if not, why, in why (size bytes). Kernels before 5.14 refuse; qemu-user answers
 * 0 and populates nothing.
 */
static int kernel_populates(char *why, size_t size)
{
	size_t page = (size_t) sysconf(_SC_PAGESIZE), n = 16 * page, pages, resident;
	char *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int ret;

	CHECK(p != MAP_FAILED);
	ret = madvise(p, n, MADV_POPULATE_WRITE);
	if (ret) {
		snprintf(why, size, "madvise(MADV_POPULATE_WRITE) returned %d", ret);
	} else {
		resident = resident_pages(p, n, &pages);
		if (resident != pages)
			snprintf(why, size,
			         "madvise(MADV_POPULATE_WRITE) returned 0, and %zu of "
			         "%zu fresh pages are resident after it",
			         resident, pages);
		ret = resident != pages;
	}
	CHECK_EQ(munmap(p, n), 0);
	return !ret;
}

/*
 * A block taken after the pool's first is resident before any object in it is written:
 * filled object by object, its pages would each fault in on the first write. 4 MiB
 * blocks: the C library maps each afresh, so no page is resident from an earlier use.
 * Where the kernel (or an emulator) does not populate what it is asked to, the arena's
 * pages fault in as they are used: there is nothing to check, and the test says so.
 */
ALLOT_TEST(pool, grown_blocks_are_resident_before_use)
{
	size_t block = (size_t) 4 << 20, objects = 0, pages, resident;
	struct allot_pool pool = ALLOT_POOL_INIT_BLOCK(block);
	size_t first;
	char why[160];
	char *o;

	if (!kernel_populates(why, sizeof(why)))
		allot_check_skip("this kernel does not populate pages: %s", why);

	allot_pool_alloc(&pool, 64);
	first = allot_pool_footprint(&pool);
	do {
		o = allot_pool_alloc(&pool, 1024);
		objects++;
	} while (allot_pool_footprint(&pool) == first && objects < 1 << 20);
	resident = resident_pages(o + 1024, block / 2, &pages);
	CHECK(pages > 0);
	CHECK_EQ(resident, pages);
	memset(o, 1, 1024);
	allot_pool_release(&pool);
}
#endif

/* An alignment below max_align_t's is kept as asked: strings and small types pack. */
ALLOT_TEST(pool, small_alignments_pad_nothing)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	char *a = allot_pool_alloc_aligned(&pool, 3, 1);
	char *b = allot_pool_alloc_aligned(&pool, 5, 1);
	char *s = allot_pool_strdup(&pool, "xy");
	short *h = allot_pool_alloc_aligned(&pool, sizeof(short), _Alignof(short));
	char *t = allot_pool_strfmt(&pool, "%d", 42);

	CHECK(aligned(h, _Alignof(short)));
	CHECK_EQ(allot_pool_used(&pool), 3 + 5 + 3 + sizeof(short) + 3);
	if (EXPECT_POOL_SHARES_BLOCKS && !ALLOT__REDZONE) {
		CHECK(b == a + 3);
		CHECK(s == b + 5);
		CHECK((char *) h == s + 3 + ((uintptr_t) (s + 3) & 1));
		CHECK(t == (char *) h + sizeof(short));
	}
	allot_pool_release(&pool);
}

/* Formats under tests/format_test.c's promise, with a va_list of its own. */
static char *strfmt_twice(struct allot_pool *pool, const char *fmt, ...)
{
	va_list ap;
	char *first, *second;

	va_start(ap, fmt);
	first = allot_pool_vstrfmt(pool, fmt, ap);
	second = allot_pool_vstrfmt(pool, fmt, ap); /* ap is not used up */
	va_end(ap);
	CHECK_STREQ(first, second);
	CHECK(first != second);
	return first;
}

ALLOT_TEST(pool, strfmt_formats_as_snprintf)
{
	struct allot_pool pool = ALLOT_POOL_INIT_BLOCK(256);
	static char *kept[200];
	char expect[64];
	size_t used = 0, i;
	char *big;

	for (i = 0; i < 200; i++) {
		kept[i] = allot_pool_strfmt(&pool, "%s/%02x/%-*d|%c", "dir", (unsigned) i,
		                            (int) (i % 20), (int) i * 1000, 'a' + (int) (i % 26));
		snprintf(expect, sizeof(expect), "%s/%02x/%-*d|%c", "dir", (unsigned) i,
		         (int) (i % 20), (int) i * 1000, 'a' + (int) (i % 26));
		CHECK_STREQ(kept[i], expect);
		used += strlen(expect) + 1;
	}
	CHECK_EQ(allot_pool_used(&pool), used);
	big = strfmt_twice(&pool, "%5000d|%s", 7, "end"); /* more than a block */
	CHECK_EQ(strlen(big), 5004);
	CHECK_STREQ(big + 4999, "7|end");
	CHECK_EQ(allot_pool_used(&pool), used + 2 * 5005);
	for (i = 0; i < 200; i++) { /* the earlier strings are intact */
		snprintf(expect, sizeof(expect), "%s/%02x/%-*d|%c", "dir", (unsigned) i,
		         (int) (i % 20), (int) i * 1000, 'a' + (int) (i % 26));
		CHECK_STREQ(kept[i], expect);
	}
	CHECK_STREQ(strfmt_twice(&pool, "%s", ""), "");
	allot_pool_release(&pool);
}

#if EXPECT_PATH_FORMAT_OWN
ALLOT_TEST(pool, strfmt_refuses_percent_n)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	int n = 0;

	allot_pool_strfmt(&pool, "x");
	CHECK_DIES(allot_pool_strfmt(&pool, "%d%n", 1, &n),
	           "allot_pool_strfmt: %n is not supported");
	CHECK_EQ(n, 0);
	CHECK_EQ(allot_pool_used(&pool), 2);
	allot_pool_release(&pool);
}
#endif

ALLOT_TEST(pool, contains_what_it_handed_out)
{
	struct allot_pool pool = ALLOT_POOL_INIT_BLOCK(1024), other = ALLOT_POOL_INIT;
	struct allot_pool_mark mark = allot_pool_save(&pool);
	static char *obj[100];
	static size_t len[100];
	char *foreign, local = 0;
	size_t i;

	CHECK(!allot_pool_contains(&pool, NULL));
	CHECK(!allot_pool_contains(&pool, &local));
	for (i = 0; i < 100; i++) {
		if (i == 50)
			mark = allot_pool_save(&pool);
		len[i] = i % 10 == 9 ? 400 : 1 + i % 7 * 5; /* some larger than a block's quarter */
		obj[i] = allot_pool_alloc(&pool, len[i]);
	}
	foreign = allot_pool_alloc(&other, 8);
	for (i = 0; i < 100; i++) {
		CHECK(allot_pool_contains(&pool, obj[i]));
		CHECK(allot_pool_contains(&pool, obj[i] + len[i] - 1));
		CHECK(!allot_pool_contains(&other, obj[i]));
	}
	CHECK(!allot_pool_contains(&pool, foreign));
	CHECK(!allot_pool_contains(&pool, &local));
	allot_pool_rewind(&pool, mark);
	for (i = 0; i < 100; i++)
		CHECK_EQ(allot_pool_contains(&pool, obj[i]), i < 50);
	allot_pool_combine(&other, &pool);
	for (i = 0; i < 50; i++) {
		CHECK(allot_pool_contains(&other, obj[i]));
		CHECK(!allot_pool_contains(&pool, obj[i]));
	}
	CHECK(allot_pool_contains(&other, foreign));
	allot_pool_clear(&other);
	CHECK(!allot_pool_contains(&other, obj[0]));
	CHECK(!allot_pool_contains(&other, foreign));
	foreign = allot_pool_alloc(&other, 8);
	allot_pool_release(&other);
	CHECK(!allot_pool_contains(&other, foreign));
	allot_pool_release(&pool);
}

/* Rounded up to their alignments, objects of up to the reserved bytes make no heap call. */
ALLOT_TEST(pool, reserve_makes_room_ahead)
{
	struct allot_pool pool = ALLOT_POOL_INIT_BLOCK(1024);
	size_t total = 0, i, footprint;

	allot_pool_alloc(&pool, 100);
	footprint = allot_pool_footprint(&pool);
	allot_pool_reserve(&pool, 0);
	CHECK_EQ(allot_pool_footprint(&pool), footprint);
	allot_pool_reserve(&pool, 5000);
	if (!EXPECT_POOL_RESERVES_AHEAD)
		CHECK_EQ(allot_pool_footprint(&pool), footprint); /* nothing to do */
	footprint = allot_pool_footprint(&pool);
	for (i = 0;; i++) {
		size_t align = (size_t) 1 << (i % 6), len = 1 + i % 37;
		size_t rounded = (len + align - 1) & ~(align - 1);

		if (total + rounded > 5000)
			break;
		total += rounded;
		CHECK(aligned(allot_pool_alloc_aligned(&pool, len, align), align));
	}
	if (EXPECT_POOL_RESERVES_AHEAD)
		CHECK_EQ(allot_pool_footprint(&pool), footprint);
	allot_pool_release(&pool);
}

/*
 * A pool used as scratch space: save, allocate, rewind, over and over. Under arena it
 * stays in one block and makes no heap call after the first round.
 */
ALLOT_TEST(pool, scratch_rounds_stay_in_one_block)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	struct allot_stats before, after;
	size_t footprint = 0;
	int i;

	for (i = 0; i < 1000; i++) {
		struct allot_pool_mark mark = allot_pool_save(&pool);
		char *s = allot_pool_strfmt(&pool, "dir/%d", i);
		void *o = allot_pool_alloc(&pool, 24);

		CHECK(allot_pool_contains(&pool, s) && allot_pool_contains(&pool, o));
		allot_pool_rewind(&pool, mark);
		CHECK(!allot_pool_contains(&pool, s) && !allot_pool_contains(&pool, o));
		CHECK_EQ(allot_pool_used(&pool), 0);
		if (i == 0) {
			footprint = allot_pool_footprint(&pool);
			allot_stats_get(&before);
		}
		CHECK_EQ(allot_pool_footprint(&pool), footprint);
	}
	allot_stats_get(&after);
	if (EXPECT_POOL_KEEPS_A_BLOCK)
		CHECK_EQ(after.heap_allocs, before.heap_allocs);
	allot_pool_release(&pool);
}

/*
 * The objects of a discard, and what the heap saw of them as their memory went back:
 * each object lies in one freed block, and holds the pattern (invalidate) or its own
 * bytes (not). Not where the tools watch the arena: they forbid the bytes it took back
 * (tests/poison_cases.c has them report a read after the discard).
 */
#if FAILING_HEAP && !ALLOT__MEMDEBUG
#define DISCARD_OBJECTS 600
static struct {
	unsigned char *ptr;
	size_t len;
	int seen, intact, dd;
} discarded[DISCARD_OBJECTS];
static size_t nr_discarded;

static void see_free(const unsigned char *block, size_t size)
{
	size_t i, j;

	for (i = 0; i < nr_discarded; i++) {
		int intact = 1, dd = 1;

		if (discarded[i].ptr < block || discarded[i].ptr + discarded[i].len > block + size)
			continue;
		for (j = 0; j < discarded[i].len; j++) {
			intact &= discarded[i].ptr[j] == (unsigned char) (i + j);
			dd &= discarded[i].ptr[j] == 0xDD;
		}
		discarded[i].seen++;
		discarded[i].intact = intact;
		discarded[i].dd = dd;
	}
}

static void see_nothing(const unsigned char *block, size_t size)
{
	(void) block;
	(void) size;
}

/*
 * A heap may align a block of fewer than 16 bytes to 8 only (tcmalloc, jemalloc and
 * mimalloc do): every object, small ones too, is still aligned for any type and inside
 * the heap's memory.
 */
ALLOT_TEST(pool, objects_aligned_and_inside_when_small_blocks_are_at_8)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	size_t len;

	failing_heap_watch_frees(see_nothing);
	failing_heap_small_blocks_at_8(1);
	for (len = 0; len <= 40; len++) {
		char *ptr = allot_pool_alloc(&pool, len);

		CHECK(aligned(ptr, MAX_ALIGN));
		CHECK(failing_heap_holds(ptr, len ? len : 1));
		memset(ptr, 'x', len);
		ptr = allot_pool_alloc_aligned(&pool, len, 8);
		CHECK(aligned(ptr, 8));
		CHECK(failing_heap_holds(ptr, len ? len : 1));
		memset(ptr, 'y', len);
	}
	allot_pool_release(&pool);
	failing_heap_small_blocks_at_8(0);
	failing_heap_watch_frees(NULL);
}

ALLOT_TEST(pool, discard_invalidates_every_object_before_freeing)
{
	int invalidate;

	for (invalidate = 0; invalidate < 2; invalidate++) {
		struct allot_pool pool = ALLOT_POOL_INIT_BLOCK(4096);
		size_t i, j;

		failing_heap_watch_frees(see_free);
		nr_discarded = 0;
		for (i = 0; i < DISCARD_OBJECTS; i++) { /* small ones, and blocks of their own */
			size_t len = i % 50 == 0 ? 3000 : 1 + i % 97;
			unsigned char *ptr = i % 3 || len > 17
			                         ? allot_pool_alloc(&pool, len)
			                         : (unsigned char *) allot_pool_strndup(
			                               &pool, "0123456789abcdef", len - 1);

			for (j = 0; j < len; j++)
				ptr[j] = (unsigned char) (i + j);
			discarded[i].ptr = ptr;
			discarded[i].len = len;
			discarded[i].seen = 0;
			nr_discarded++;
		}
		allot_pool_discard(&pool, invalidate);
		failing_heap_watch_frees(NULL);
		CHECK_EQ(allot_pool_footprint(&pool), 0);
		CHECK_EQ(allot_pool_used(&pool), 0);
		for (i = 0; i < nr_discarded; i++) {
			CHECK_EQ(discarded[i].seen, 1);
			CHECK_EQ(invalidate ? discarded[i].dd : discarded[i].intact, 1);
		}
		/* the pool stays usable */
		CHECK_STREQ(allot_pool_strdup(&pool, "again"), "again");
		allot_pool_release(&pool);
	}
}
#endif
