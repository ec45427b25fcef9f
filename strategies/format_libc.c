/*
 * Path format "libc": allot_path_vaddf hands the whole format to the C library's
 * vsnprintf, writing straight into the path's free space (see allot__path_vaddf_libc).
 */
#include "alloc/internal.h"
#include "alloc/path_internal.h"

#if ALLOT_PATH_FORMAT == ALLOT_FORMAT_LIBC

void allot_path_vaddf(struct allot_path *p, const char *fmt, va_list ap)
{
	ALLOT__COUNT(path_addf, 1);
	allot__path_vaddf_libc(p, fmt, ap);
}

#endif
