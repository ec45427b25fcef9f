/* SPDX-License-Identifier: MIT */
/*
 * allot's realloc calls, declared in alloc/heap.h (with malloc and free, inline, and what
 * they promise): counted, and never returning NULL unless asked.
 */
#include <stdlib.h>

#include "alloc/internal.h"

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
