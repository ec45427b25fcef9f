/*
 * Path format "libc": allot_path_vaddf hands the format to the C library's vsnprintf,
 * writing straight into the path's free space; when the output does not fit, it grows
 * the path to the exact size vsnprintf reported and formats once more.
 */
#include <stdio.h>

#include "alloc/internal.h"
#include "alloc/path_internal.h"

#if ALLOT_PATH_FORMAT == ALLOT_FORMAT_LIBC

static void format_failed(struct allot_path *p)
{
	p->buf[p->len] = '\0'; /* vsnprintf may have written past len before it failed */
	allot__die("allot_path_addf: the C library could not format the arguments");
}

void allot_path_vaddf(struct allot_path *p, const char *fmt, va_list ap)
{
	va_list copy;
	int n;

	ALLOT__COUNT(path_addf, 1);
	if (!allot_path_avail(p))
		allot_path_grow(p, 64);
	va_copy(copy, ap);
	n = vsnprintf(p->buf + p->len, p->alloc - p->len, fmt, copy);
	va_end(copy);
	if (n < 0)
		format_failed(p);
	if ((size_t) n > allot_path_avail(p)) {
		allot_path_grow(p, (size_t) n);
		n = vsnprintf(p->buf + p->len, p->alloc - p->len, fmt, ap);
		if (n < 0)
			format_failed(p);
	}
	p->len += (size_t) n;
}

#endif
