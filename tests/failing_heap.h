/* SPDX-License-Identifier: MIT */
/*
 * tests/failing_heap.h: a heap that fails when told to, for the tests of allocation
 * failure. Every suite variant builds allot with it as the host's heap hooks
 * (-DALLOT_MALLOC=allot_failing_malloc -DALLOT_REALLOC=allot_failing_realloc
 * -DALLOT_FREE=allot_failing_free, and -DALLOT_FAILING_HEAP to tell the tests), so all
 * of allot's heap calls come here; it passes them on to malloc, realloc and free unless
 * a failure is armed.
 *
 * It never asks the C library for more than FAILING_HEAP_MAX bytes (a request beyond
 * fails, as a real heap's would), so that no test hands the real heap, or Valgrind,
 * an impossible size.
 */
#ifndef ALLOT_TESTS_FAILING_HEAP_H
#define ALLOT_TESTS_FAILING_HEAP_H

#include <stddef.h>

#if defined(ALLOT_FAILING_HEAP)
#define FAILING_HEAP 1
#else
#define FAILING_HEAP 0 /* the library under test calls the heap directly */
#endif

/* Requests beyond this fail: far more than any test needs, far less than a sign bit. */
#define FAILING_HEAP_MAX ((size_t) 1 << 30)

/* The nth heap call (malloc or realloc) from now fails, and only that one; 0: none. */
void failing_heap_fail_at(unsigned long nth);

/* Whether the failure armed by failing_heap_fail_at happened; then also disarms it. */
int failing_heap_failed(void);

/* The size of the latest request that failed (armed or beyond FAILING_HEAP_MAX). */
size_t failing_heap_failed_size(void);

/* Blocks handed out and not freed yet (through allot; a detached buffer the caller frees
 * with free() stays counted). */
long failing_heap_live(void);

/*
 * While fn is set, every block that allot allocates is remembered with its size, and
 * fn(block, size) sees each one just before allot frees it (for a test of what allot
 * leaves in memory it gives back). NULL stops watching. Not thread-safe: for one test
 * at a time, and at most FAILING_HEAP_WATCHED blocks live.
 */
#define FAILING_HEAP_WATCHED 4096
void failing_heap_watch_frees(void (*fn)(const unsigned char *block, size_t size));

/*
 * While on (and while a watcher is set), a request of fewer than 16 bytes gets a block at
 * 8 modulo 16, as tcmalloc, jemalloc and mimalloc hand out (C allows it: no object that
 * needs 16 fits in it); every other block is malloc's. Such blocks must be freed while
 * the watcher is still set.
 */
void failing_heap_small_blocks_at_8(int on);

/* Whether [ptr, ptr + len) lies within one watched block that is live. */
int failing_heap_holds(const void *ptr, size_t len);

#endif /* ALLOT_TESTS_FAILING_HEAP_H */
