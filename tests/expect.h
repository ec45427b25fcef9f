/* SPDX-License-Identifier: MIT */
/*
 * What each strategy does that a test can see: one table per pattern.
 *
 * A strategy changes speed and memory, never results, so nearly every check holds under
 * every strategy. The few that look at how a strategy gets there test one of the
 * expectations below, never the strategy's name. A new value of a knob adds its row to
 * its pattern's table; a value without a row fails the build here.
 */
#ifndef ALLOT_TESTS_EXPECT_H
#define ALLOT_TESTS_EXPECT_H

#include "alloc/config.h"

/* ---- Pool ------------------------------------------------------------------------ */

/*
 * EXPECT_POOL_SHARES_BLOCKS: small objects lie next to each other in heap blocks. The
 * footprint grows a block at a time, starting at the pool's block size; a heap call is
 * made only for a new block; the bytes past the last object are not handed out yet.
 * 0: each object is a heap block of its own, with a header.
 *
 * EXPECT_POOL_KEEPS_A_BLOCK: clear and rewind keep one block for reuse, grown to what
 * the pool used, so rounds of the same work make no heap call after the first. Growing
 * it is the one heap call clear and rewind make; when the heap refuses, they keep the
 * block as it is.
 *
 * EXPECT_POOL_RESERVES_AHEAD: allot_pool_reserve takes the room from the heap (and an
 * overflowing size dies there). 0: reserve does nothing.
 *
 * EXPECT_POOL_POPULATES_GROWN_BLOCKS: on Linux, a block taken after the pool's first is
 * resident before an object in it is written (pool_test.c checks it there). 0: objects
 * are heap blocks of their own, whose pages fault in as the heap's do.
 */
#if ALLOT_POOL_STRATEGY == ALLOT_POOL_ARENA
#define EXPECT_POOL_SHARES_BLOCKS          1
#define EXPECT_POOL_KEEPS_A_BLOCK          1
#define EXPECT_POOL_RESERVES_AHEAD         1
#define EXPECT_POOL_POPULATES_GROWN_BLOCKS 1
#elif ALLOT_POOL_STRATEGY == ALLOT_POOL_MALLOC
#define EXPECT_POOL_SHARES_BLOCKS          0
#define EXPECT_POOL_KEEPS_A_BLOCK          0
#define EXPECT_POOL_RESERVES_AHEAD         0
#define EXPECT_POOL_POPULATES_GROWN_BLOCKS 0
#else
#error "tests/expect.h: the pool strategy has no row in the pool's table"
#endif

/* ---- Path ------------------------------------------------------------------------ */

/*
 * EXPECT_PATH_SHORT_IN_STRUCT: a short path lives inside struct allot_path, with no
 * heap call; a struct copied by assignment points into the original, and allot's
 * functions report it as misuse.
 */
#if ALLOT_PATH_STORE == ALLOT_PATH_STORE_INLINE
#define EXPECT_PATH_SHORT_IN_STRUCT 1
#elif ALLOT_PATH_STORE == ALLOT_PATH_STORE_HEAP
#define EXPECT_PATH_SHORT_IN_STRUCT 0
#else
#error "tests/expect.h: the path store has no row in the path store's table"
#endif

/*
 * EXPECT_PATH_FORMAT_OWN: the format is allot's own code. It counts the calls it hands
 * to the C library apart (path_addf_fallback), and refuses %n with a BUG: message. 0:
 * every call is the C library's vsnprintf, %n included.
 */
#if ALLOT_PATH_FORMAT == ALLOT_PATH_FORMAT_BUILTIN
#define EXPECT_PATH_FORMAT_OWN 1
#elif ALLOT_PATH_FORMAT == ALLOT_PATH_FORMAT_LIBC
#define EXPECT_PATH_FORMAT_OWN 0
#else
#error "tests/expect.h: the path format has no row in the path format's table"
#endif

/* ---- Array ----------------------------------------------------------------------- */

/*
 * EXPECT_ARRAY_SMALL_ON_HEAP: an array of up to ALLOT_ARRAY_INLINE_MAX elements is a
 * heap call too. 0: it never touches the heap. (Beyond the maximum, every strategy
 * goes to the heap.)
 */
#if ALLOT_ARRAY_STRATEGY == ALLOT_ARRAY_HEAP
#define EXPECT_ARRAY_SMALL_ON_HEAP 1
#elif ALLOT_ARRAY_STRATEGY == ALLOT_ARRAY_ALLOCA || ALLOT_ARRAY_STRATEGY == ALLOT_ARRAY_INLINE
#define EXPECT_ARRAY_SMALL_ON_HEAP 0
#else
#error "tests/expect.h: the array strategy has no row in the array's table"
#endif

#endif
