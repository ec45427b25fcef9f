/* SPDX-License-Identifier: MIT */
/*
 * alloc/stats.h: what the counters count under ALLOT_STATS=1, and that they stay zero
 * (the counting compiled out) under ALLOT_STATS=0.
 */
#include <string.h>

#include "alloc/alloc.h"
#include "tests/check.h"
#include "tests/expect.h"

static struct allot_stats since_reset(void)
{
	struct allot_stats s;

	allot_stats_get(&s);
	return s;
}

/* Writes 0 .. nr-1 into arr and returns their sum, read back. */
static int fill_and_sum(int *arr, size_t nr)
{
	size_t i;
	int sum = 0;

	for (i = 0; i < nr; i++)
		arr[i] = (int) i;
	for (i = 0; i < nr; i++)
		sum += arr[i];
	return sum;
}

/* One ALLOT_ARRAY of nr ints, used and freed. */
static int use_one_line_array(size_t nr)
{
	int sum;
	ALLOT_ARRAY(int, arr, nr);

	sum = fill_and_sum(arr, nr);
	ALLOT_ARRAY_FREE(arr);
	return sum;
}

/* The same with ALLOT_ARRAY_DECL and ALLOT_ARRAY_ALLOC. */
static int use_two_step_array(size_t nr)
{
	int sum;
	ALLOT_ARRAY_DECL(int, arr);

	ALLOT_ARRAY_ALLOC(arr, nr);
	sum = fill_and_sum(arr, nr);
	ALLOT_ARRAY_FREE(arr);
	return sum;
}

/* Both forms must count alike: the test below runs once with each. */
static int (*use_array)(size_t nr);

static void count_arrays(void)
{
	struct allot_stats s;
	size_t i;

	allot_stats_reset();
	for (i = 0; i <= ALLOT_ARRAY_INLINE_MAX; i++)
		use_array(i);
	s = since_reset();
#if ALLOT_STATS
	CHECK_EQ(s.array_calls, ALLOT_ARRAY_INLINE_MAX + 1);
#if EXPECT_ARRAY_SMALL_ON_HEAP
	CHECK_EQ(s.array_heap, ALLOT_ARRAY_INLINE_MAX + 1);
	CHECK_EQ(s.heap_allocs, ALLOT_ARRAY_INLINE_MAX + 1);
	CHECK_EQ(s.heap_frees, ALLOT_ARRAY_INLINE_MAX + 1);
#else /* alloca and inline: small counts never touch the heap */
	CHECK_EQ(s.array_heap, 0);
	CHECK_EQ(s.heap_allocs, 0);
	CHECK_EQ(s.heap_frees, 0);
#endif
	allot_stats_reset();
	use_array(ALLOT_ARRAY_INLINE_MAX + 1); /* beyond: every strategy goes to the heap */
	s = since_reset();
	CHECK_EQ(s.array_calls, 1);
	CHECK_EQ(s.array_heap, 1);
	CHECK_EQ(s.heap_allocs, 1);
	CHECK_EQ(s.heap_frees, 1);
#else
	CHECK_EQ(s.array_calls, 0);
	CHECK_EQ(s.heap_allocs, 0);
#endif
}

ALLOT_TEST(stats, arrays)
{
	use_array = use_one_line_array;
	count_arrays();
}

ALLOT_TEST(stats, two_step_arrays)
{
	use_array = use_two_step_array;
	count_arrays();
}

ALLOT_TEST(stats, pools)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	struct allot_stats s;
	int i;

	allot_stats_reset();
	for (i = 0; i < 100; i++)
		allot_pool_alloc(&pool, 24);
	s = since_reset();
#if ALLOT_STATS
	CHECK_EQ(s.pool_allocs, 100);
	CHECK_EQ(s.pool_bytes, 2400);
#if !EXPECT_POOL_SHARES_BLOCKS
	CHECK_EQ(s.pool_blocks, 100);
	/* and the blocks of the objects' records, a few dozen records each */
	CHECK(s.heap_allocs > 100 && s.heap_allocs <= 100 + 100 / 32);
#else
	CHECK_EQ(s.pool_blocks, 1); /* 100 small objects fit one block */
	CHECK_EQ(s.heap_allocs, 1);
#endif
	allot_pool_release(&pool);
	s = since_reset();
	CHECK_EQ(s.heap_frees, s.heap_allocs); /* release gave every block back */
#else
	CHECK_EQ(s.pool_allocs, 0);
	allot_pool_release(&pool);
#endif
}

ALLOT_TEST(stats, paths)
{
	struct allot_path p = ALLOT_PATH_INIT;
	struct allot_stats s;

	allot_stats_reset();
	allot_path_addstr(&p, "short/path");
	allot_path_addf(&p, "/%d", 7);
	s = since_reset();
#if ALLOT_STATS
	CHECK_EQ(s.path_addf, 1);
	CHECK_EQ(s.path_addf_fallback, 0);
	CHECK(s.path_grows >= 1);
#if EXPECT_PATH_SHORT_IN_STRUCT
	CHECK_EQ(s.heap_allocs, 0); /* a short path lives in the struct */
#else
	CHECK(s.heap_allocs >= 1);
#endif
#else
	CHECK_EQ(s.path_addf, 0);
	CHECK_EQ(s.path_grows, 0);
#endif
	allot_path_release(&p);
	s = since_reset();
	CHECK_EQ(s.heap_frees, s.heap_allocs);
}

ALLOT_TEST(stats, print_lists_every_counter)
{
	static const char *const names[] = {
	    "array_calls", "array_heap", "pool_allocs",        "pool_bytes",  "pool_blocks",
	    "path_grows",  "path_addf",  "path_addf_fallback", "heap_allocs", "heap_frees",
	};
	char text[2048];
	FILE *out = tmpfile();
	size_t n, i;

	CHECK(out != NULL);
	allot_stats_print(out);
	rewind(out);
	n = fread(text, 1, sizeof(text) - 1, out);
	text[n] = '\0';
	fclose(out);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		CHECK(strstr(text, names[i]) != NULL);
}

#if defined(__unix__) || defined(__MINGW32__)
#include <pthread.h>

enum { THREADS = 4, ROUNDS = 20000 };

/*
 * Each thread: its own arrays, pool and path, as the rule is; the counters are shared.
 * Returns non-NULL if the thread's path or pool objects were not what it wrote.
 */
static void *count_in_a_thread(void *arg)
{
	static char failed;
	struct allot_pool pool = ALLOT_POOL_INIT;
	struct allot_path path = ALLOT_PATH_INIT;
	unsigned id = (unsigned) (size_t) arg;
	int i, bad = 0;

	for (i = 0; i < ROUNDS; i++) {
		unsigned *kept;

		use_one_line_array(ALLOT_ARRAY_INLINE_MAX + 1); /* always the heap */
		kept = allot_pool_alloc(&pool, 8);
		*kept = id;
		allot_path_reset(&path);
		allot_path_addf(&path, "objects/%02x/%d", id, i);
		bad |= *kept != id || strncmp(path.buf, "objects/0", 9) != 0 ||
		       path.buf[9] != (char) ('0' + id);
	}
	allot_path_release(&path);
	allot_pool_release(&pool);
	return bad ? &failed : NULL;
}

ALLOT_TEST(stats, counters_are_exact_across_threads)
{
	pthread_t threads[THREADS];
	struct allot_stats s;
	int i;

	allot_stats_reset();
	for (i = 0; i < THREADS; i++)
		CHECK_EQ(pthread_create(&threads[i], NULL, count_in_a_thread, (void *) (size_t) i),
		         0);
	for (i = 0; i < THREADS; i++) {
		void *bad;

		CHECK_EQ(pthread_join(threads[i], &bad), 0);
		CHECK(bad == NULL);
	}
	s = since_reset();
#if ALLOT_STATS
	CHECK_EQ(s.array_calls, THREADS * ROUNDS);
	CHECK_EQ(s.array_heap, THREADS * ROUNDS);
	CHECK_EQ(s.pool_allocs, THREADS * ROUNDS);
	CHECK_EQ(s.pool_bytes, THREADS * ROUNDS * 8);
	CHECK_EQ(s.path_addf, THREADS * ROUNDS);
	CHECK_EQ(s.path_addf_fallback, 0);
#else
	CHECK_EQ(s.array_calls, 0);
#endif
}
#endif
