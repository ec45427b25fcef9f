/* SPDX-License-Identifier: MIT */
/*
 * Errors: every size computation that can overflow, and every allocation that can fail,
 * reaches the die handler with its message, before anything the caller had changes.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "alloc/alloc.h"
#include "tests/check.h"

/* A size no heap gives, on any platform: no C library gives more than PTRDIFF_MAX bytes
 * (a 32-bit process on a 64-bit kernel gets SIZE_MAX / 2). Read from a volatile, or gcc
 * sees the constant reach malloc and warns that no object is that large. */
static size_t too_big(void)
{
	static volatile size_t n = (size_t) PTRDIFF_MAX + 1;

	return n;
}

/* SIZE_MAX in decimal, as the messages print it. */
static const char *size_max_text(void)
{
	static char text[32];

	snprintf(text, sizeof(text), "%llu", (unsigned long long) SIZE_MAX);
	return text;
}

static char expected[128];

static const char *message(const char *fmt, unsigned long long a, unsigned long long b)
{
	snprintf(expected, sizeof(expected), fmt, a, b);
	return expected;
}

static void noop_die(const char *msg)
{
	(void) msg;
}

ALLOT_TEST(die, set_die_returns_the_previous_handler)
{
	allot_die_fn before = allot_set_die(noop_die);

	CHECK(before != NULL);
	CHECK(allot_set_die(NULL) == noop_die);
	CHECK(allot_set_die(before) == before); /* NULL restored the default */
}

ALLOT_TEST(die, array_count_overflow)
{
	size_t nr = SIZE_MAX / 4 + 1;

	CHECK_DIES(
	    {
		    ALLOT_ARRAY(uint64_t, big, nr);
		    ALLOT_ARRAY_FREE(big);
	    },
	    message("size overflow: %llu * %llu", nr, sizeof(uint64_t)));
	CHECK_DIES(
	    {
		    ALLOT_ARRAY_DECL(uint64_t, big);

		    ALLOT_ARRAY_ALLOC(big, nr);
		    ALLOT_ARRAY_FREE(big);
	    },
	    message("size overflow: %llu * %llu", nr, sizeof(uint64_t)));
}

ALLOT_TEST(die, array_out_of_memory)
{
	/* Opaque to the compiler: no warning on a constant count past any object's size. */
	volatile size_t nr = SIZE_MAX - 4096;

	CHECK_DIES(
	    {
		    ALLOT_ARRAY(char, huge, nr);
		    allot_check_use(huge);
		    ALLOT_ARRAY_FREE(huge);
	    },
	    "out of memory allocating ");
}

ALLOT_TEST(die, pool_size_overflow)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	char *s = allot_pool_strdup(&pool, "kept");

	snprintf(expected, sizeof(expected), "size overflow: %s + ", size_max_text());
	CHECK_DIES(allot_pool_alloc(&pool, SIZE_MAX), expected);
	CHECK_DIES(allot_pool_alloc_aligned(&pool, SIZE_MAX - 8, 4096), "size overflow: ");
	CHECK_DIES(allot_pool_calloc(&pool, SIZE_MAX / 2, 3),
	           message("size overflow: %llu * %llu", SIZE_MAX / 2, 3));
	CHECK_STREQ(s, "kept");
	CHECK_EQ(allot_pool_used(&pool), 5);
	CHECK_STREQ(allot_pool_strdup(&pool, "still works"), "still works");
	allot_pool_release(&pool);
}

ALLOT_TEST(die, pool_out_of_memory)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	char *s = allot_pool_strdup(&pool, "kept");

	CHECK_DIES(allot_pool_alloc(&pool, too_big()), "out of memory allocating ");
	CHECK_STREQ(s, "kept");
	CHECK_EQ(allot_pool_used(&pool), 5);
	allot_pool_release(&pool);
}

ALLOT_TEST(die, path_size_overflow)
{
	struct allot_path p = ALLOT_PATH_INIT;

	allot_path_addstr(&p, "abc");
	CHECK_DIES(allot_path_grow(&p, SIZE_MAX), message("size overflow: 3 + %llu", SIZE_MAX, 0));
	CHECK_DIES(allot_path_grow(&p, SIZE_MAX - 3),
	           message("size overflow: %llu + 1", SIZE_MAX, 0));
	CHECK_DIES(allot_path_add(&p, "x", SIZE_MAX - 1), "size overflow: 3 + ");
	CHECK_DIES(allot_path_addhex(&p, (const unsigned char *) "", SIZE_MAX / 2 + 1),
	           message("size overflow: %llu * 2", SIZE_MAX / 2 + 1, 0));
	CHECK_STREQ(p.buf, "abc");
	CHECK_EQ(p.len, 3);
	allot_path_addch(&p, 'd');
	CHECK_STREQ(p.buf, "abcd");
	allot_path_release(&p);
}

ALLOT_TEST(die, path_out_of_memory)
{
	struct allot_path p = ALLOT_PATH_INIT;

	allot_path_addstr(&p, "abc");
	CHECK_DIES(allot_path_grow(&p, too_big()), "out of memory allocating ");
	CHECK_STREQ(p.buf, "abc");
	allot_path_release(&p);
}
