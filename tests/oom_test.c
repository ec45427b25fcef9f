/* SPDX-License-Identifier: MIT */
/*
 * Allocation failure, reached on purpose: each operation runs once with its 1st heap
 * call failing, once with its 2nd, and so on until it completes without a failure
 * (tests/failing_heap.h). Each failure must reach the die handler with "out of memory
 * allocating N bytes", N the size the heap was asked for; the die handler jumps back
 * (as Git's die-and-longjmp callers do), and then everything the caller owned must be
 * as it was, the pool and the path must keep working, and releasing them must give
 * every heap block back.
 *
 * Only in the suite variants, whose library is built with ALLOT_FAILING_HEAP.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/alloc.h"
#include "tests/check.h"
#include "tests/expect.h"
#include "tests/failing_heap.h"

#if FAILING_HEAP

#define MAX_OBJECTS 512

/* What the caller owns, and a model of what it must hold. */
struct fixture {
	struct allot_pool pool;
	struct allot_pool_mark mark; /* saved after the first half of the setup's objects */
	size_t objects_at_mark, used_at_mark;
	struct {
		unsigned char *ptr;
		size_t len;
	} objects[MAX_OBJECTS];
	size_t nr_objects, used;
	struct allot_path path;
	char text[8192]; /* what path must hold */
	size_t text_len;
	long live_before;
};

static unsigned char fill_byte(size_t i, size_t j)
{
	return (unsigned char) (i * 7 + j + 1);
}

/* Records a new pool object and fills it with its own pattern. */
static void keep(struct fixture *f, void *ptr, size_t len)
{
	size_t i = f->nr_objects, j;

	CHECK(i < MAX_OBJECTS);
	f->objects[i].ptr = ptr;
	f->objects[i].len = len;
	for (j = 0; j < len; j++)
		f->objects[i].ptr[j] = fill_byte(i, j);
	f->nr_objects++;
	f->used += len;
}

/* Appends to the model of the path. */
static void model_add(struct fixture *f, const char *s, size_t len)
{
	CHECK(f->text_len + len < sizeof(f->text));
	memcpy(f->text + f->text_len, s, len);
	f->text_len += len;
	f->text[f->text_len] = '\0';
}

static void verify(const struct fixture *f)
{
	size_t i, j;

	for (i = 0; i < f->nr_objects; i++)
		for (j = 0; j < f->objects[i].len; j++)
			if (f->objects[i].ptr[j] != fill_byte(i, j))
				allot_check_fail(__FILE__, __LINE__,
				                 "pool object %lu changed at byte %lu",
				                 (unsigned long) i, (unsigned long) j);
	CHECK_EQ(allot_pool_used(&f->pool), f->used);
	CHECK_EQ(f->path.len, f->text_len);
	CHECK_MEMEQ(f->path.buf, f->text, f->text_len + 1);
}

static void setup(struct fixture *f)
{
	size_t i;

	memset(f, 0, sizeof(*f));
	f->live_before = failing_heap_live();
	allot_pool_init(&f->pool, 1024); /* small blocks: new ones often */
	for (i = 0; i < 20; i++) {
		if (i == 10) {
			f->mark = allot_pool_save(&f->pool);
			f->objects_at_mark = f->nr_objects;
			f->used_at_mark = f->used;
		}
		keep(f, allot_pool_alloc(&f->pool, 40), 40);
	}
	allot_path_init(&f->path, 0);
	allot_path_addstr(&f->path, "before/the/failure");
	model_add(f, "before/the/failure", 18);
}

/* The pool and the path keep working after a failure. */
static void use(struct fixture *f)
{
	size_t i;

	for (i = 0; i < 40; i++)
		keep(f, allot_pool_alloc(&f->pool, 24), 24);
	keep(f, allot_pool_strdup(&f->pool, "after the failure"), 18);
	allot_path_addstr(&f->path, "/after");
	model_add(f, "/after", 6);
	for (i = 0; i < 30; i++) {
		allot_path_addf(&f->path, "/%02x", (unsigned) i);
		model_add(f, "/", 1);
		f->text_len += (size_t) sprintf(f->text + f->text_len, "%02x", (unsigned) i);
	}
	verify(f);
}

/* Releases both; every block allot took from the heap must be back. */
static void teardown(struct fixture *f)
{
	allot_pool_release(&f->pool);
	allot_path_release(&f->path);
	CHECK_EQ(allot_pool_footprint(&f->pool), 0);
	CHECK_EQ(failing_heap_live(), f->live_before);
}

/*
 * Runs op with its kth heap call failing, k = 1, 2, ..., until op completes with no
 * failure. absorbs: op may get over a failure without dying (a clear that cannot grow
 * the block it keeps, say); otherwise each failure must reach the die handler.
 */
static void each_failure(void (*op)(void *), int absorbs)
{
	static struct fixture f; /* static: large */
	char msg[256], expected[64];
	unsigned long k;
	int dies, failed;

	for (k = 1;; k++) {
		CHECK(k < 10000);
		setup(&f);
		failing_heap_fail_at(k);
		dies = allot_check_call(op, &f, msg, sizeof(msg));
		failed = failing_heap_failed();
		if (dies) {
			snprintf(expected, sizeof(expected), "out of memory allocating %lu bytes",
			         (unsigned long) failing_heap_failed_size());
			if (!failed)
				allot_check_fail(__FILE__, __LINE__,
				                 "died without a heap failure: %s", msg);
			CHECK_STREQ(msg, expected);
		} else {
			CHECK(!failed || absorbs);
		}
		verify(&f);
		use(&f);
		teardown(&f);
		if (!failed)
			return;
	}
}

static void pool_alloc_many(void *arg)
{
	struct fixture *f = arg;
	size_t i;

	for (i = 0; i < 60; i++)
		keep(f, allot_pool_alloc(&f->pool, 40), 40);
}

static void pool_alloc_large(void *arg)
{
	struct fixture *f = arg;

	keep(f, allot_pool_alloc(&f->pool, 5000), 5000);
	keep(f, allot_pool_alloc(&f->pool, 3), 3);
}

static void pool_alloc_aligned(void *arg)
{
	struct fixture *f = arg;
	size_t i;

	for (i = 0; i < 3; i++) {
		unsigned char *p = allot_pool_alloc_aligned(&f->pool, 100, 4096);

		CHECK_EQ((size_t) p % 4096, 0);
		keep(f, p, 100);
	}
}

static void pool_calloc(void *arg)
{
	struct fixture *f = arg;
	static const unsigned char zero[80];
	size_t i;

	for (i = 0; i < 30; i++) {
		void *p = allot_pool_calloc(&f->pool, 10, 8);

		CHECK_MEMEQ(p, zero, 80);
		keep(f, p, 80);
	}
}

static void pool_strings(void *arg)
{
	struct fixture *f = arg;
	static const char text[] = "a string copied into the pool";
	size_t i;

	for (i = 0; i < 30; i++) {
		char *dup = allot_pool_strdup(&f->pool, text), *ndup;

		CHECK_STREQ(dup, text);
		keep(f, dup, sizeof(text));
		ndup = allot_pool_strndup(&f->pool, text, 8);
		CHECK_STREQ(ndup, "a string");
		keep(f, ndup, 9);
	}
}

/* Back to the mark, then as many objects again: the arena reuses the block it kept. */
static void pool_rewind_refill(void *arg)
{
	struct fixture *f = arg;

	allot_pool_rewind(&f->pool, f->mark);
	f->nr_objects = f->objects_at_mark;
	f->used = f->used_at_mark;
	pool_alloc_many(f);
}

static void pool_clear_refill(void *arg)
{
	struct fixture *f = arg;

	pool_alloc_many(f); /* more than one block to clear */
	allot_pool_clear(&f->pool);
	f->nr_objects = 0;
	f->used = 0;
	pool_alloc_many(f);
}

/* Discarded (each invalidate), then as many objects again. */
static void pool_discard_refill(void *arg)
{
	struct fixture *f = arg;
	int invalidate;

	for (invalidate = 0; invalidate < 2; invalidate++) {
		pool_alloc_many(f);
		allot_pool_discard(&f->pool, invalidate);
		CHECK_EQ(allot_pool_footprint(&f->pool), 0);
		f->nr_objects = 0;
		f->used = 0;
	}
	pool_alloc_many(f);
}

static void pool_strfmt(void *arg)
{
	struct fixture *f = arg;
	char expect[1100];
	size_t i;

	for (i = 0; i < 20; i++) { /* longer and longer: some fit the block, some not */
		char *s =
		    allot_pool_strfmt(&f->pool, "%s/%0*d", "formatted", (int) (i * 50), (int) i);

		snprintf(expect, sizeof(expect), "%s/%0*d", "formatted", (int) (i * 50), (int) i);
		CHECK_STREQ(s, expect);
		keep(f, s, strlen(expect) + 1);
	}
}

static void pool_reserve_then_fill(void *arg)
{
	struct fixture *f = arg;

	allot_pool_reserve(&f->pool, 3000);
	pool_alloc_many(f);
}

static void array_heap(void *arg)
{
	struct fixture *f = arg;
	size_t i;
	ALLOT_ARRAY(int, a, ALLOT_ARRAY_INLINE_MAX + 100);

	for (i = 0; i < ALLOT_ARRAY_INLINE_MAX + 100; i++)
		a[i] = (int) i;
	CHECK_EQ(a[ALLOT_ARRAY_INLINE_MAX + 99], ALLOT_ARRAY_INLINE_MAX + 99);
	ALLOT_ARRAY_FREE(a);
	(void) f;
}

static void path_add(void *arg)
{
	struct fixture *f = arg;
	char piece[100];
	int i;

	memset(piece, 'p', sizeof(piece));
	for (i = 0; i < 4; i++) { /* past inl, then realloc'd */
		piece[0] = (char) ('0' + i);
		allot_path_add(&f->path, piece, sizeof(piece));
		model_add(f, piece, sizeof(piece));
	}
}

static void path_addch(void *arg)
{
	struct fixture *f = arg;
	int i;

	for (i = 0; i < 300; i++) {
		allot_path_addch(&f->path, 'a' + i % 26);
		model_add(f, (const char[]){(char) ('a' + i % 26)}, 1);
	}
}

static void path_addf(void *arg)
{
	struct fixture *f = arg;
	char name[151], out[200];
	int i, n;

	memset(name, 'n', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	for (i = 0; i < 3; i++) {
		allot_path_addf(&f->path, "/%s/%08x/%d", name, 0xbeefu + (unsigned) i, -i);
		n = snprintf(out, sizeof(out), "/%s/%08x/%d", name, 0xbeefu + (unsigned) i, -i);
		model_add(f, out, (size_t) n);
	}
}

static void path_addhex(void *arg)
{
	struct fixture *f = arg;
	unsigned char bytes[100];
	char hex[3];
	size_t i;

	for (i = 0; i < sizeof(bytes); i++)
		bytes[i] = (unsigned char) (i * 37);
	allot_path_addhex(&f->path, bytes, sizeof(bytes));
	for (i = 0; i < sizeof(bytes); i++) {
		snprintf(hex, sizeof(hex), "%02x", bytes[i]);
		model_add(f, hex, 2);
	}
}

static void path_adduint(void *arg)
{
	struct fixture *f = arg;
	char digits[32];
	uintmax_t v = 1;
	int i, n;

	for (i = 0; i < 40; i++, v = v * 3 + (uintmax_t) i) { /* past inl, then realloc'd */
		allot_path_adduint(&f->path, v);
		n = snprintf(digits, sizeof(digits), "%" PRIuMAX, v);
		model_add(f, digits, (size_t) n);
	}
}

/* The calls that grow by a size: insert, splice, addchars, addpath (of itself). */
static void path_splice_and_friends(void *arg)
{
	struct fixture *f = arg;
	static const char piece[] = "/a/piece/inserted";
	char copy[sizeof(f->text)];
	size_t n = sizeof(piece) - 1, i;

	for (i = 0; i < 10; i++) {
		allot_path_insert(&f->path, f->path.len, piece, n);
		model_add(f, piece, n);
		allot_path_splice(&f->path, 6, 0, "X", 1);
		memmove(f->text + 7, f->text + 6, f->text_len - 6 + 1);
		f->text[6] = 'X';
		f->text_len++;
	}
	allot_path_addchars(&f->path, 'z', 300);
	memset(copy, 'z', 300);
	model_add(f, copy, 300);
	allot_path_addpath(&f->path, &f->path);
	memcpy(copy, f->text, f->text_len);
	model_add(f, copy, f->text_len);
}

static void path_grow(void *arg)
{
	struct fixture *f = arg;

	allot_path_grow(&f->path, 5000);
	CHECK(allot_path_avail(&f->path) >= 5000);
}

static void path_init_hint(void *arg)
{
	struct fixture *f = arg;

	allot_path_release(&f->path);
	f->text_len = 0;
	f->text[0] = '\0';
	allot_path_init(&f->path, 1000);
	CHECK(allot_path_avail(&f->path) >= 1000);
}

/* Under the inline store, detach copies the bytes out of the struct to the heap. */
static void path_detach(void *arg)
{
	struct fixture *f = arg;
	size_t len;
	char *out = allot_path_detach(&f->path, &len);

	CHECK_EQ(len, f->text_len);
	CHECK_STREQ(out, f->text);
	free(out);
	f->live_before++; /* freed by free(), which the failing heap does not see */
	f->text_len = 0;
	f->text[0] = '\0';
}

ALLOT_TEST(oom, pool_alloc)
{
	each_failure(pool_alloc_many, 0);
	each_failure(pool_alloc_large, 0);
	each_failure(pool_alloc_aligned, 0);
	each_failure(pool_calloc, 0);
	each_failure(pool_strings, 0);
	each_failure(pool_strfmt, 0);
	each_failure(pool_reserve_then_fill, 0);
}

ALLOT_TEST(oom, pool_rewind_and_clear_never_die)
{
	each_failure(pool_rewind_refill, 1);
	each_failure(pool_clear_refill, 1);
	each_failure(pool_discard_refill, 1);
}

ALLOT_TEST(oom, array)
{
	each_failure(array_heap, 0);
}

ALLOT_TEST(oom, path)
{
	each_failure(path_add, 0);
	each_failure(path_addch, 0);
	each_failure(path_addf, 0);
	each_failure(path_addhex, 0);
	each_failure(path_adduint, 0);
	each_failure(path_grow, 0);
	each_failure(path_splice_and_friends, 0);
	each_failure(path_init_hint, 0);
	each_failure(path_detach, 0);
}

static void clear_pool(void *arg)
{
	allot_pool_clear(arg);
}

static void rewind_pool(void *arg)
{
	struct fixture *f = arg;

	allot_pool_rewind(&f->pool, f->mark);
}

/*
 * Under arena, a clear or rewind that drops several blocks grows the one it keeps; when
 * the heap says no, it keeps it as it is rather than die. (Under malloc: no heap call.)
 */
ALLOT_TEST(oom, clear_and_rewind_never_die)
{
	static struct fixture f;
	char msg[256];
	int round;

	for (round = 0; round < 2; round++) {
		setup(&f);
		pool_alloc_many(&f); /* several 1 KiB blocks after the mark's */
		failing_heap_fail_at(1);
		if (round == 0) {
			CHECK(!allot_check_call(clear_pool, &f.pool, msg, sizeof(msg)));
			f.nr_objects = f.used = 0;
		} else {
			CHECK(!allot_check_call(rewind_pool, &f, msg, sizeof(msg)));
			f.nr_objects = f.objects_at_mark;
			f.used = f.used_at_mark;
		}
		CHECK_EQ(failing_heap_failed(), EXPECT_POOL_KEEPS_A_BLOCK);
		verify(&f);
		use(&f);
		teardown(&f);
	}
}

/* The failures are reached at all: a test of the test. */
ALLOT_TEST(oom, each_operation_fails_somewhere)
{
	struct allot_path p = ALLOT_PATH_INIT;
	struct allot_pool pool = ALLOT_POOL_INIT;

	failing_heap_fail_at(1);
	CHECK_DIES(allot_path_grow(&p, 1000), "out of memory allocating ");
	CHECK(failing_heap_failed());
	failing_heap_fail_at(1);
	CHECK_DIES(allot_pool_alloc(&pool, 100), "out of memory allocating ");
	CHECK(failing_heap_failed());
	CHECK_EQ(allot_pool_footprint(&pool), 0);
	CHECK_STREQ(p.buf, "");
}

#endif /* FAILING_HEAP */
