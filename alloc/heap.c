/*
 * allot's own heap calls: counted, and never returning NULL (see alloc/internal.h).
 * They are the only calls allot makes to a heap, through the host's hooks ALLOT_MALLOC,
 * ALLOT_REALLOC and ALLOT_FREE (alloc/config.h declares the host's; by default the C
 * library's, from stdlib.h).
 */
#include <stdlib.h>

#include "alloc/internal.h"

void *allot__malloc(size_t n)
{
	size_t size = n ? n : 1;
	void *ptr = ALLOT_MALLOC(size);

	ALLOT__COUNT(heap_allocs, 1);
	if (!ptr)
		allot__die_oom(size);
	return ptr;
}

void *allot__try_realloc(void *ptr, size_t n)
{
	ALLOT__COUNT(heap_allocs, 1);
	return ALLOT_REALLOC(ptr, n ? n : 1);
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
	ALLOT_FREE(ptr);
}
