/* SPDX-License-Identifier: MIT */
/* The heap side of ALLOT_ARRAY, shared by every array strategy (see alloc/array.h). */
#include "alloc/array.h"
#include "alloc/internal.h"

/* What the headers' translation units refer to (alloc/config.h, "Matching the library"). */
void ALLOT__ARRAY_BUILT_WITH(void)
{
}

void *allot__array_heap(size_t nr, size_t size)
{
	size_t bytes = allot__mul(nr, size);

	ALLOT__COUNT(array_calls, 1);
	ALLOT__COUNT(array_heap, 1);
	return allot__malloc(bytes);
}

void allot__array_free(void *ptr)
{
	allot__free(ptr);
}
