/* allot's own heap calls: counted, and never returning NULL (see alloc/internal.h). */
#include <stdlib.h>

#include "alloc/internal.h"

void *allot__malloc(size_t n)
{
	void *ptr = malloc(n ? n : 1);

	ALLOT__COUNT(heap_allocs, 1);
	if (!ptr)
		allot__die_oom(n);
	return ptr;
}

void *allot__realloc(void *ptr, size_t n)
{
	void *moved = realloc(ptr, n ? n : 1);

	ALLOT__COUNT(heap_allocs, 1);
	if (!moved)
		allot__die_oom(n);
	return moved;
}

void allot__free(void *ptr)
{
	if (!ptr)
		return;
	ALLOT__COUNT(heap_frees, 1);
	free(ptr);
}
