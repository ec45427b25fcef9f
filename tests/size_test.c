/* SPDX-License-Identifier: MIT */
/*
 * Size arithmetic at the edges: every API that takes a size or a count gets values
 * near SIZE_MAX, near SIZE_MAX / 2, just past what the heap gives, and counts whose
 * product with an element size or a factor overflows. Each call is made only where the
 * size it asks for cannot be given on this platform (impossible(), below: a 32-bit heap
 * gives 1.4 GB), and must reach the die handler with a message that tells the truth:
 * "size overflow: A + B" or "A * B" where the sum or product really does not fit in a
 * size_t and one operand is at least the size asked for, or "out of memory allocating
 * N bytes" with N at least the size asked for. Either way, nothing the caller had
 * changes, and the pool and the path keep working.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "alloc/alloc.h"
#include "tests/check.h"
#include "tests/expect.h"
#include "tests/failing_heap.h"

/* Sizes near the top, and counts whose products overflow (and, with the failing heap,
 * one it refuses). */
static const size_t edges[] = {
    SIZE_MAX,
    SIZE_MAX - 1,
    SIZE_MAX - 15,
    SIZE_MAX - 4095,
    SIZE_MAX / 2 + 1,
    SIZE_MAX / 2,
    SIZE_MAX / 2 - 1,
    SIZE_MAX / 3 + 1,
    SIZE_MAX / 16 + 1,
    SIZE_MAX / 4096 + 1,
#if FAILING_HEAP
    FAILING_HEAP_MAX + 1,
#endif
};

#define NR_EDGES (sizeof(edges) / sizeof(edges[0]))

/*
 * Whether n objects of size each cannot be given here: the product overflows a size_t,
 * or it is more than a heap can give. Every C library refuses more than PTRDIFF_MAX
 * bytes (a pointer difference must hold an object's size); a 64-bit process has at most
 * 2^57 bytes of address space on any CPU, so 2^62 is out of reach there too; and the
 * failing heap refuses more than FAILING_HEAP_MAX.
 */
static int impossible(size_t n, size_t size)
{
	size_t bytes;

	if (size && n > SIZE_MAX / size)
		return 1;
	bytes = n * size;
#if FAILING_HEAP
	if (bytes > FAILING_HEAP_MAX)
		return 1;
#endif
	return bytes > (size_t) PTRDIFF_MAX || (SIZE_MAX > 0xffffffffu && bytes >> 31 >> 31);
}

/* What the calls below work on, and what they were given. */
static struct {
	struct allot_pool pool;
	struct allot_path path;
	size_t a, b; /* the arguments */
} t;

/* Whether msg, from a call given size, tells the truth (see the top of the file). */
static int truthful(const char *msg, size_t size)
{
	unsigned long long a, b;
	char op, tail;

	if (sscanf(msg, "size overflow: %llu %c %llu%c", &a, &op, &b, &tail) == 3) {
		if (a < size && b < size)
			return 0;
		if (op == '+')
			return a > SIZE_MAX - b;
		return op == '*' && b && a > SIZE_MAX / b;
	}
	if (sscanf(msg, "out of memory allocating %llu bytes%c", &a, &tail) == 1)
		return a >= size;
	return 0;
}

/* Calls fn with t.a (and t.b); if it dies, the message must be truthful about size. */
static int call(void (*fn)(void *), size_t size, const char *what)
{
	char msg[256];

	if (!allot_check_call(fn, NULL, msg, sizeof(msg)))
		return 0;
	if (!truthful(msg, size))
		allot_check_fail(__FILE__, __LINE__, "%s(%llu, %llu): \"%s\"", what,
		                 (unsigned long long) t.a, (unsigned long long) t.b, msg);
	return 1;
}

/* Calls fn as call() does, where n objects of size each cannot be given (impossible()),
 * and then it must die: returns 1 if it was called, 0 if not. */
static int call_impossible(void (*fn)(void *), size_t n, size_t size, const char *what)
{
	if (!impossible(n, size))
		return 0;
	if (!call(fn, n > SIZE_MAX / (size ? size : 1) ? SIZE_MAX / size : n * size, what))
		allot_check_fail(__FILE__, __LINE__, "%s(%llu, %llu) did not die", what,
		                 (unsigned long long) t.a, (unsigned long long) t.b);
	return 1;
}

static void pool_alloc(void *unused)
{
	(void) unused;
	allot_pool_alloc(&t.pool, t.a);
}

static void pool_alloc_aligned(void *unused)
{
	(void) unused;
	allot_pool_alloc_aligned(&t.pool, t.a, t.b);
}

static void pool_calloc(void *unused)
{
	(void) unused;
	allot_pool_calloc(&t.pool, t.a, t.b);
}

static void pool_strndup(void *unused)
{
	(void) unused;
	CHECK_STREQ(allot_pool_strndup(&t.pool, "short", t.a), "short");
}

struct three {
	char c[3];
};

static void array_bytes(void *unused)
{
	ALLOT_ARRAY(char, a, t.a);
	(void) unused;
	allot_check_use(a);
	ALLOT_ARRAY_FREE(a);
}

static void array_three(void *unused)
{
	ALLOT_ARRAY(struct three, a, t.a);
	(void) unused;
	allot_check_use(a);
	ALLOT_ARRAY_FREE(a);
}

static void array_u64(void *unused)
{
	ALLOT_ARRAY(uint64_t, a, t.a);
	(void) unused;
	allot_check_use(a);
	ALLOT_ARRAY_FREE(a);
}

static void path_grow(void *unused)
{
	(void) unused;
	allot_path_grow(&t.path, t.a);
}

static void path_add(void *unused)
{
	(void) unused;
	allot_path_add(&t.path, "x", t.a); /* grows (and dies) before it reads */
}

static void path_addhex(void *unused)
{
	(void) unused;
	allot_path_addhex(&t.path, (const unsigned char *) "", t.a);
}

static void path_init_hint(void *unused)
{
	struct allot_path p;

	(void) unused;
	allot_path_init(&p, t.a);
	allot_path_release(&p);
}

/* The pool and path the calls work on, each with something in it: returns the pool's. */
static char *set_up(void)
{
	allot_pool_init(&t.pool, 0);
	allot_path_init(&t.path, 0);
	allot_path_addstr(&t.path, "a/path");
	return allot_pool_strdup(&t.pool, "kept");
}

/* Nothing the caller had changed, and both still work. */
static void check_intact(const char *kept)
{
	CHECK_STREQ(kept, "kept");
	CHECK_EQ(allot_pool_used(&t.pool), 5);
	CHECK_STREQ(t.path.buf, "a/path");
	CHECK_EQ(t.path.len, 6);
}

ALLOT_TEST(size, every_api_at_the_edges)
{
	static const size_t factors[] = {1, 2, 3, 8, 16, 4096};
	static const struct {
		void (*fn)(void *);
		const char *name;
		size_t element; /* the size asked for is t.a times this */
	} one_size[] = {
	    {pool_alloc, "allot_pool_alloc", 1},
	    {array_bytes, "ALLOT_ARRAY(char)", 1},
	    {array_three, "ALLOT_ARRAY(struct three)", 3},
	    {array_u64, "ALLOT_ARRAY(uint64_t)", 8},
	    {path_grow, "allot_path_grow", 1},
	    {path_add, "allot_path_add", 1},
	    {path_addhex, "allot_path_addhex", 2},
	    {path_init_hint, "allot_path_init", 1},
	};
	char *kept;
	size_t i, j, k, calls = 0;

#if FAILING_HEAP
	long live = failing_heap_live();
#endif

	kept = set_up();
	for (i = 0; i < NR_EDGES; i++) {
		t.a = edges[i];
		t.b = 0;
		for (j = 0; j < sizeof(one_size) / sizeof(one_size[0]); j++) {
			calls += (size_t) call_impossible(one_size[j].fn, t.a, one_size[j].element,
			                                  one_size[j].name);
			check_intact(kept);
		}
		for (k = 0; k < sizeof(factors) / sizeof(factors[0]); k++) {
			t.b = factors[k];
			if (t.b != 1 && t.b != 3) { /* alignments: powers of two */
				calls += (size_t) call_impossible(pool_alloc_aligned, t.a, 1,
				                                  "allot_pool_alloc_aligned");
				check_intact(kept);
			}
			/* calloc(edge, factor), then calloc(factor, edge) */
			calls += (size_t) call_impossible(pool_calloc, edges[i], factors[k],
			                                  "allot_pool_calloc");
			t.a = factors[k];
			t.b = edges[i];
			calls += (size_t) call_impossible(pool_calloc, edges[i], factors[k],
			                                  "allot_pool_calloc");
			t.a = edges[i];
			check_intact(kept);
		}
	}
	for (i = 0; i < NR_EDGES; i++) { /* strndup stops at the NUL: any len works */
		t.a = edges[i];
		CHECK(!call(pool_strndup, 6, "allot_pool_strndup"));
	}
	CHECK_EQ(allot_pool_used(&t.pool), 5 + 6 * NR_EDGES);
	/* The first five edges are past PTRDIFF_MAX everywhere: 8 + 4 aligned + 12 calloc
	 * calls each, at the least. */
	CHECK(calls >= 5 * 24);
	CHECK_STREQ(allot_pool_strdup(&t.pool, "still works"), "still works");
	allot_path_addstr(&t.path, "/still/works");
	CHECK_STREQ(t.path.buf, "a/path/still/works");
	allot_pool_release(&t.pool);
	allot_path_release(&t.path);
#if FAILING_HEAP
	CHECK_EQ(failing_heap_live(), live); /* every block given back */
#endif
}

/* setlen beyond the capacity, at the edges too, is a BUG and changes nothing. */
static void path_setlen(void *unused)
{
	(void) unused;
	allot_path_setlen(&t.path, t.a);
}

ALLOT_TEST(size, setlen_at_the_edges)
{
	char msg[256];
	size_t i;

	allot_path_init(&t.path, 0);
	allot_path_addstr(&t.path, "a/path");
	for (i = 0; i < NR_EDGES; i++) {
		t.a = edges[i];
		CHECK(allot_check_call(path_setlen, NULL, msg, sizeof(msg)));
		CHECK_STREQ(msg, "BUG: allot_path_setlen: len is beyond the path's capacity");
		CHECK_STREQ(t.path.buf, "a/path");
	}
	t.a = allot_path_avail(&t.path) + t.path.len + 1; /* one past the capacity */
	CHECK(allot_check_call(path_setlen, NULL, msg, sizeof(msg)));
	t.a--; /* the capacity itself is fine */
	CHECK(!allot_check_call(path_setlen, NULL, msg, sizeof(msg)));
	CHECK_EQ(t.path.len, t.a);
	allot_path_release(&t.path);
}

static void pool_reserve(void *unused)
{
	(void) unused;
	allot_pool_reserve(&t.pool, t.a);
}

static void path_addchars(void *unused)
{
	(void) unused;
	allot_path_addchars(&t.path, 'x', t.a);
}

static const char never_read[1];

static void path_insert(void *unused)
{
	(void) unused;
	allot_path_insert(&t.path, 1, never_read, t.a); /* dies growing: no byte is read */
}

static void path_splice(void *unused)
{
	(void) unused;
	allot_path_splice(&t.path, 1, 2, never_read, t.a);
}

/* reserve (under arena) and the path calls that grow by a size: each edge that cannot be
 * given here dies, truthfully. */
ALLOT_TEST(size, reserve_and_splice_at_the_edges)
{
	char *kept;
	size_t i, dies = 0, edges_called = 0;

#if FAILING_HEAP
	long live = failing_heap_live();
#endif

	kept = set_up();
	for (i = 0; i < NR_EDGES; i++) {
		t.a = edges[i];
		if (!impossible(edges[i], 1))
			continue; /* a heap may give it */
		edges_called++;
		dies += (size_t) call(pool_reserve, edges[i], "allot_pool_reserve");
		check_intact(kept);
		dies += (size_t) call(path_addchars, edges[i], "allot_path_addchars");
		check_intact(kept);
		dies += (size_t) call(path_insert, edges[i], "allot_path_insert");
		check_intact(kept);
		dies += (size_t) call(path_splice, edges[i] - 2, "allot_path_splice");
		check_intact(kept);
	}
	CHECK(edges_called >= 5); /* the edges past PTRDIFF_MAX */
	CHECK_EQ(dies, edges_called * (3 + EXPECT_POOL_RESERVES_AHEAD));
	allot_pool_release(&t.pool);
	allot_path_release(&t.path);
#if FAILING_HEAP
	CHECK_EQ(failing_heap_live(), live);
#endif
}
