/*
 * The pool strategy of this build, picked by ALLOT_POOL_STRATEGY, and the API calls
 * that are written over its allot__pool_take (the hooks: alloc/pool_internal.h).
 */
#include <stdarg.h>

#include "alloc/internal.h"
#include "alloc/pool_internal.h"

#if ALLOT_POOL_STRATEGY == ALLOT_POOL_ARENA
#include "strategies/pool_arena.h"
#elif ALLOT_POOL_STRATEGY == ALLOT_POOL_MALLOC
#include "strategies/pool_malloc.h"
#endif

void *allot_pool_alloc(struct allot_pool *pool, size_t len)
{
	return allot__pool_take(pool, len, ALLOT__ALIGN);
}

void *allot_pool_alloc_aligned(struct allot_pool *pool, size_t len, size_t align)
{
	allot__pool_check_align(align);
	return allot__pool_take(pool, len, align);
}

char *allot__pool_alloc_string(struct allot_pool *pool, size_t len)
{
	return allot__pool_take(pool, len, 1);
}

void allot_pool_reserve(struct allot_pool *pool, size_t bytes)
{
	allot__pool_reserve(pool, bytes);
}

char *allot_pool_vstrfmt(struct allot_pool *pool, const char *fmt, va_list ap)
{
	size_t room, n;
	char *at = allot__pool_room(pool, &room), *s;
	va_list args, again;
	int fitted;

	/* One pass into the free space; when the output fits, it is the new object. */
	va_copy(args, ap);
	va_copy(again, ap);
	n = allot__vformat_room(at, room, fmt, &args, again, 1, &fitted, "allot_pool_strfmt");
	va_end(again);
	va_end(args);
	if (fitted)
		return allot__pool_take(pool, n + 1, 1); /* at: it fits, at alignment 1 */
	/* Otherwise an object of the size counted, and a second pass into it. */
	s = allot__pool_take(pool, allot__add(n, 1), 1);
	va_copy(args, ap);
	va_copy(again, ap);
	if (allot__vformat_room(s, n + 1, fmt, &args, again, 2, &fitted, "allot_pool_strfmt") != n)
		allot__bug("allot_pool_strfmt: the arguments changed between two passes");
	va_end(again);
	va_end(args);
	s[n] = '\0'; /* (an exact fit, which a Windows count cannot be trusted for: it is n) */
	return s;
}

char *allot_pool_strfmt(struct allot_pool *pool, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = allot_pool_vstrfmt(pool, fmt, ap);
	va_end(ap);
	return s;
}
