/* SPDX-License-Identifier: MIT */
/*
 * Misuse that allot can tell is reported as "BUG: ...", and leaves what the caller
 * had as it was: marks that are no longer on the pool's stack, and a path that is not
 * what allot left (ALLOT_CHECKS=1, the default without NDEBUG). A mark ahead of the pool
 * is reported in every build.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc/alloc.h"
#include "tests/check.h"
#include "tests/expect.h"

#define NOT_ON_STACK "BUG: allot_pool_rewind: the mark is not on the pool's stack"

#if ALLOT_CHECKS
/* The classic: two nested marks rewound to in the wrong order, in one block. */
ALLOT_TEST(misuse, rewind_to_a_mark_an_earlier_rewind_dropped)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	struct allot_pool_mark outer, inner;
	char *kept = allot_pool_strdup(&pool, "kept");
	int i;

	outer = allot_pool_save(&pool);
	allot_pool_alloc(&pool, 16);
	inner = allot_pool_save(&pool);
	allot_pool_alloc(&pool, 16);
	allot_pool_rewind(&pool, outer);
	/* The pool grows past where inner was: position alone cannot tell any more. */
	for (i = 0; i < 4; i++)
		allot_pool_alloc(&pool, 16);
	CHECK_DIES(allot_pool_rewind(&pool, inner), NOT_ON_STACK);
	CHECK_EQ(allot_pool_used(&pool), 5 + 4 * 16);
	allot_pool_rewind(&pool, outer); /* outer itself is still on the stack */
	allot_pool_rewind(&pool, outer); /* and stays there */
	CHECK_EQ(allot_pool_used(&pool), 5);
	CHECK_STREQ(kept, "kept");
	allot_pool_release(&pool);
}

/*
 * Under malloc, the object a mark points at is freed by the rewind, and the next
 * object may well get its address: a mark must not be fooled by that.
 */
static void rewind_after_reuse(struct allot_pool *pool)
{
	struct allot_pool_mark outer, inner;

	outer = allot_pool_save(pool);
	allot_pool_alloc(pool, 100);
	inner = allot_pool_save(pool);
	allot_pool_rewind(pool, outer);
	allot_pool_alloc(pool, 100); /* often at the freed object's address */
	allot_pool_alloc(pool, 100);
	CHECK_DIES(allot_pool_rewind(pool, inner), NOT_ON_STACK);
}

ALLOT_TEST(misuse, rewind_to_a_mark_whose_object_was_freed_and_its_address_reused)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	int round;

	for (round = 0; round < 8; round++)
		rewind_after_reuse(&pool);
	allot_pool_release(&pool);
}

ALLOT_TEST(misuse, marks_after_clear_release_and_combine)
{
	struct allot_pool pool = ALLOT_POOL_INIT, other = ALLOT_POOL_INIT;
	struct allot_pool_mark empty = allot_pool_save(&pool), m;

	allot_pool_alloc(&pool, 10);
	m = allot_pool_save(&pool);
	allot_pool_alloc(&pool, 10);
	allot_pool_clear(&pool);
	allot_pool_alloc(&pool, 30);
	CHECK_DIES(allot_pool_rewind(&pool, m), NOT_ON_STACK);
	allot_pool_rewind(&pool, empty); /* the bottom of the stack always is */

	allot_pool_alloc(&pool, 10);
	m = allot_pool_save(&pool);
	allot_pool_release(&pool);
	allot_pool_alloc(&pool, 30);
	CHECK_DIES(allot_pool_rewind(&pool, m), NOT_ON_STACK);

	/* combine: src's marks are dropped; dst's older marks still work */
	allot_pool_release(&pool);
	allot_pool_alloc(&pool, 7);
	m = allot_pool_save(&pool);
	allot_pool_alloc(&other, 10);
	{
		struct allot_pool_mark in_other = allot_pool_save(&other);

		allot_pool_alloc(&other, 10);
		allot_pool_combine(&pool, &other);
		allot_pool_alloc(&other, 30);
		CHECK_DIES(allot_pool_rewind(&other, in_other), NOT_ON_STACK);
	}
	CHECK_EQ(allot_pool_used(&pool), 27);
	allot_pool_rewind(&pool, m); /* frees what combine brought */
	CHECK_EQ(allot_pool_used(&pool), 7);
	allot_pool_release(&pool);
	allot_pool_release(&other);
}

#endif /* ALLOT_CHECKS */

ALLOT_TEST(misuse, rewind_to_a_mark_of_a_later_position)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	struct allot_pool_mark early, late;

	early = allot_pool_save(&pool);
	allot_pool_alloc(&pool, 10);
	late = allot_pool_save(&pool);
	allot_pool_rewind(&pool, early);
	CHECK_DIES(allot_pool_rewind(&pool, late), NOT_ON_STACK);
	CHECK_EQ(allot_pool_used(&pool), 0);
	allot_pool_release(&pool);
}

#if ALLOT_CHECKS
static struct allot_path victim;

static void grow_victim(void *unused)
{
	(void) unused;
	allot_path_addstr(&victim, "x");
}

/* A write into a path with no capacity (the shared empty string): caught at the next call. */
ALLOT_TEST(misuse, write_into_a_detached_path_without_growing)
{
	struct allot_path p = ALLOT_PATH_INIT, q = ALLOT_PATH_INIT;
	char *out;

	allot_path_addstr(&p, "some/path");
	out = allot_path_detach(&p, NULL);
	p.buf[0] = 'x'; /* the bug: p has no capacity left after detach */
	CHECK_DIES(allot_path_addstr(&q, "a"),
	           "BUG: allot_path_add: a path with no capacity had its buffer written to");
	CHECK_STREQ(p.buf, ""); /* the BUG mended the shared empty string */
	allot_path_addstr(&p, "works again");
	CHECK_STREQ(p.buf, "works again");
	CHECK_STREQ(out, "some/path");
	free(out);
	allot_path_release(&p);
	allot_path_release(&q);
}

ALLOT_TEST(misuse, a_path_that_was_never_initialised)
{
	char msg[256];

	memset(&victim, 0x5a, sizeof(victim)); /* what the stack might hold */
	victim.buf = (char *) &victim.len;     /* a pointer to memory that exists */
	CHECK(allot_check_call(grow_victim, NULL, msg, sizeof(msg)));
	CHECK_STREQ(msg, "BUG: allot_path_add: the path is not initialised, or is corrupted "
	                 "(len beyond its capacity)");
}

#if EXPECT_PATH_SHORT_IN_STRUCT
ALLOT_TEST(misuse, a_path_copied_by_assignment)
{
	struct allot_path p = ALLOT_PATH_INIT;
	char msg[256];

	allot_path_addstr(&p, "short");
	victim = p; /* the bug: its buf is p's inl */
	CHECK(allot_check_call(grow_victim, NULL, msg, sizeof(msg)));
	CHECK_STREQ(msg, "BUG: allot_path_add: the path was copied by assignment (move it "
	                 "with allot_path_move)");
	CHECK_STREQ(p.buf, "short");
	allot_path_release(&p);
}
#endif
#endif /* ALLOT_CHECKS */
