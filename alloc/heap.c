/* SPDX-License-Identifier: MIT */
/*
 * allot's realloc calls, declared in alloc/heap.h (with malloc and free, inline, and what
 * they promise): counted, and never returning NULL unless asked. And allot__populate,
 * the one call allot makes to the system's memory manager.
 */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1 /* madvise and sysconf, whatever the host's -std */
#endif

#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14's; musl 1.2.3 does not name it */
#endif
#endif

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

void allot__populate(void *ptr, size_t n)
{
#if defined(__linux__)
	long page = sysconf(_SC_PAGESIZE);
	uintptr_t start, end;

	if (page <= 0)
		return;
	start = ((uintptr_t) ptr + (uintptr_t) page - 1) & ~((uintptr_t) page - 1);
	end = ((uintptr_t) ptr + n) & ~((uintptr_t) page - 1);
	if (end > start) /* a kernel before 5.14 refuses: the pages fault in as they are used */
		(void) madvise((void *) start, end - start, MADV_POPULATE_WRITE);
#else
	(void) ptr;
	(void) n;
#endif
}
