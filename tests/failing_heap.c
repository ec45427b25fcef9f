/* SPDX-License-Identifier: MIT */
/* The heap of tests/failing_heap.h. Counters are atomic: the threads tests use it too. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tests/failing_heap.h"

void *allot_failing_malloc(size_t n);
void *allot_failing_realloc(void *ptr, size_t n);
void allot_failing_free(void *ptr);

static unsigned long countdown; /* 0: nothing armed */
static int fired;
static size_t failed_size;
static long live;

void failing_heap_fail_at(unsigned long nth)
{
	__atomic_store_n(&fired, 0, __ATOMIC_SEQ_CST);
	__atomic_store_n(&countdown, nth, __ATOMIC_SEQ_CST);
}

int failing_heap_failed(void)
{
	__atomic_store_n(&countdown, 0, __ATOMIC_SEQ_CST);
	return __atomic_exchange_n(&fired, 0, __ATOMIC_SEQ_CST);
}

size_t failing_heap_failed_size(void)
{
	return __atomic_load_n(&failed_size, __ATOMIC_SEQ_CST);
}

long failing_heap_live(void)
{
	return __atomic_load_n(&live, __ATOMIC_SEQ_CST);
}

/* Whether this request fails: beyond FAILING_HEAP_MAX, or the armed one. */
static int fails(size_t n)
{
	unsigned long left = __atomic_load_n(&countdown, __ATOMIC_SEQ_CST);
	int armed = 0;

	while (left && !__atomic_compare_exchange_n(&countdown, &left, left - 1, 0,
	                                            __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
		;
	if (left == 1) {
		armed = 1;
		__atomic_store_n(&fired, 1, __ATOMIC_SEQ_CST);
	}
	if (!armed && n <= FAILING_HEAP_MAX)
		return 0;
	__atomic_store_n(&failed_size, n, __ATOMIC_SEQ_CST);
	return 1;
}

static void (*watcher)(const unsigned char *block, size_t size);
static struct {
	void *ptr;
	size_t size;
	void *real; /* what malloc returned, when ptr is a block at 8 modulo 16 */
} watched[FAILING_HEAP_WATCHED];
static int small_at_8;

void failing_heap_small_blocks_at_8(int on)
{
	small_at_8 = on;
}

int failing_heap_holds(const void *ptr, size_t len)
{
	const char *p = ptr;
	size_t i;

	for (i = 0; i < FAILING_HEAP_WATCHED; i++) {
		const char *block = watched[i].ptr;

		if (block && p >= block && p + len <= block + watched[i].size)
			return 1;
	}
	return 0;
}

void failing_heap_watch_frees(void (*fn)(const unsigned char *block, size_t size))
{
	memset(watched, 0, sizeof(watched));
	watcher = fn;
}

/* The slot of ptr among the watched blocks (NULL: a free slot); FAILING_HEAP_WATCHED: none. */
static size_t slot_of(const void *ptr)
{
	size_t i;

	for (i = 0; i < FAILING_HEAP_WATCHED && watched[i].ptr != ptr; i++)
		;
	return i;
}

static void remember(void *ptr, size_t n, void *real)
{
	size_t i;

	if (!watcher || !ptr)
		return;
	i = slot_of(NULL);
	if (i == FAILING_HEAP_WATCHED)
		abort(); /* more blocks live than a watching test may have */
	watched[i].ptr = ptr;
	watched[i].size = n;
	watched[i].real = real;
}

/*
 * Forgets ptr: returns its size (0: a block allocated before the watching began), and
 * sets *real to what malloc returned for it.
 */
static size_t forget(void *ptr, void **real)
{
	size_t i = slot_of(ptr), size;

	*real = ptr;
	if (i == FAILING_HEAP_WATCHED)
		return 0;
	size = watched[i].size;
	*real = watched[i].real;
	watched[i].ptr = NULL;
	return size;
}

void *allot_failing_malloc(size_t n)
{
	void *ptr = NULL, *real = NULL;

	if (!fails(n)) {
		int shift = watcher && small_at_8 && n < 16;

		real = malloc(shift ? 32 : n);
		ptr = real;
		if (real && shift) /* at 8 modulo 16, 8 bytes or more before the end */
			ptr = (char *) real + ((uintptr_t) real % 16 == 8 ? 16 : 8);
	}
	if (ptr)
		__atomic_add_fetch(&live, 1, __ATOMIC_SEQ_CST);
	remember(ptr, n, real);
	return ptr;
}

void *allot_failing_realloc(void *ptr, size_t n)
{
	size_t was = watcher && ptr ? slot_of(ptr) : FAILING_HEAP_WATCHED;
	void *moved;

	if (was != FAILING_HEAP_WATCHED && watched[was].real != ptr) { /* a block at 8 */
		moved = allot_failing_malloc(n);
		if (moved) {
			memcpy(moved, ptr, watched[was].size < n ? watched[was].size : n);
			allot_failing_free(ptr);
		}
		return moved;
	}
	moved = fails(n) ? NULL : realloc(ptr, n);
	if (moved && was != FAILING_HEAP_WATCHED)
		watched[was].ptr = NULL; /* (the slot, not the pointer realloc took) */
	remember(moved, n, moved);
	return moved;
}

void allot_failing_free(void *ptr)
{
	void *real = ptr;

	if (ptr)
		__atomic_sub_fetch(&live, 1, __ATOMIC_SEQ_CST);
	if (ptr && watcher) {
		size_t size = forget(ptr, &real);

		if (size)
			watcher(ptr, size);
	}
	free(real);
}
