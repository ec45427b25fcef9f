/* SPDX-License-Identifier: MIT */
/* The heap of tests/failing_heap.h. Counters are atomic: the threads tests use it too. */
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
} watched[FAILING_HEAP_WATCHED];

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

static void remember(void *ptr, size_t n)
{
	size_t i;

	if (!watcher || !ptr)
		return;
	i = slot_of(NULL);
	if (i == FAILING_HEAP_WATCHED)
		abort(); /* more blocks live than a watching test may have */
	watched[i].ptr = ptr;
	watched[i].size = n;
}

/* Forgets ptr, and returns its size (0: a block allocated before the watching began). */
static size_t forget(const void *ptr)
{
	size_t i = slot_of(ptr), size;

	if (i == FAILING_HEAP_WATCHED)
		return 0;
	size = watched[i].size;
	watched[i].ptr = NULL;
	return size;
}

void *allot_failing_malloc(size_t n)
{
	void *ptr = fails(n) ? NULL : malloc(n);

	if (ptr)
		__atomic_add_fetch(&live, 1, __ATOMIC_SEQ_CST);
	remember(ptr, n);
	return ptr;
}

void *allot_failing_realloc(void *ptr, size_t n)
{
	size_t was = watcher && ptr ? slot_of(ptr) : FAILING_HEAP_WATCHED;
	void *moved = fails(n) ? NULL : realloc(ptr, n);

	if (moved && was != FAILING_HEAP_WATCHED)
		watched[was].ptr = NULL; /* (the slot, not the pointer realloc took) */
	remember(moved, n);
	return moved;
}

void allot_failing_free(void *ptr)
{
	if (ptr)
		__atomic_sub_fetch(&live, 1, __ATOMIC_SEQ_CST);
	if (ptr && watcher) {
		size_t size = forget(ptr);

		if (size)
			watcher(ptr, size);
	}
	free(ptr);
}
