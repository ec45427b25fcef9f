/*
 * Path format "libc": allot_path_addf hands the whole format to the C library's
 * vsnprintf, writing straight into the path's free space (see allot__path_vaddf_libc).
 */
#include "alloc/internal.h"
#include "alloc/path_internal.h"

#if ALLOT_PATH_FORMAT == ALLOT_PATH_FORMAT_LIBC

static void format_path(struct allot_path *p, const char *fmt, va_list *args, va_list again)
{
	ALLOT__COUNT(path_addf, 1);
	allot__path_vaddf_libc(p, fmt, args, again);
}

ALLOT__DEFINE_ADDF(format_path)

#endif
