/* SPDX-License-Identifier: MIT */
/*
 * Formatter "libc": every call goes whole to the C library's vsnprintf, straight into
 * the room it is given (alloc/format_internal.h's allot__libc_format, which checks a
 * Windows count before it trusts it). A path that the output does not fit grows to the
 * size vsnprintf reported, and the call runs once more (alloc/path.c). %n goes to the C
 * library like the rest.
 *
 * The hook of alloc/format_internal.h; strategies/path_format.c includes this file when
 * ALLOT_PATH_FORMAT names it.
 */
#include "alloc/format_internal.h"

#ifdef ALLOT__STRATEGY_CODE /* compiled as a part of the files of alloc/ that format */

#define ALLOT__FORMAT_KEEPS 0 /* the C library reads every format */

ALLOT__ALWAYS_INLINE size_t allot__format(char *buf, size_t at, size_t size, const char *fmt,
                                          va_list *args, va_list again, unsigned flags,
                                          int *outcome)
{
	if (flags & ALLOT__FORMAT_OWN_ONLY) { /* the caller calls the C library itself */
		*outcome = ALLOT__FORMAT_NOT_MINE;
		return ALLOT__FORMAT_NO_END;
	}
	return allot__libc_format(buf, at, size, fmt, args, again, outcome);
}

#endif /* ALLOT__STRATEGY_CODE */
