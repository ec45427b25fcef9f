/* allot's own heap calls: counted, and never returning NULL (see alloc/internal.h). */
#include <stdlib.h>

#include "alloc/internal.h"

/*
 * ALLOT_FAILING_HEAP (tests only): every heap call goes to tests/failing_heap.c, a heap
 * that can be told to fail its Nth call, so that each allocation failure can be
 * reached on purpose. Otherwise, the linked heap backend's malloc.
 */
#ifdef ALLOT_FAILING_HEAP
void *allot_failing_malloc(size_t n);
void *allot_failing_realloc(void *ptr, size_t n);
void allot_failing_free(void *ptr);
#define HEAP_MALLOC(n)       allot_failing_malloc(n)
#define HEAP_REALLOC(ptr, n) allot_failing_realloc((ptr), (n))
#define HEAP_FREE(ptr)       allot_failing_free(ptr)
#else
#define HEAP_MALLOC(n)       malloc(n)
#define HEAP_REALLOC(ptr, n) realloc((ptr), (n))
#define HEAP_FREE(ptr)       free(ptr)
#endif

void *allot__malloc(size_t n)
{
	size_t size = n ? n : 1;
	void *ptr = HEAP_MALLOC(size);

	ALLOT__COUNT(heap_allocs, 1);
	if (!ptr)
		allot__die_oom(size);
	return ptr;
}

void *allot__try_realloc(void *ptr, size_t n)
{
	ALLOT__COUNT(heap_allocs, 1);
	return HEAP_REALLOC(ptr, n ? n : 1);
}

void *allot__realloc(void *ptr, size_t n)
{
	size_t size = n ? n : 1;
	void *moved = allot__try_realloc(ptr, size);

	if (!moved)
		allot__die_oom(size);
	return moved;
}

void allot__free(void *ptr)
{
	if (!ptr)
		return;
	ALLOT__COUNT(heap_frees, 1);
	HEAP_FREE(ptr);
}
