/*
 * The path format of this build, picked by ALLOT_PATH_FORMAT, and allot_path_addf and
 * vaddf written over its hook (alloc/path_internal.h).
 */
#include <stdarg.h>

#include "alloc/internal.h"
#include "alloc/path_internal.h"
#include "alloc/pool_internal.h"

#if ALLOT_PATH_FORMAT == ALLOT_PATH_FORMAT_BUILTIN
#include "strategies/path_format_builtin.h"
#define FORMAT      allot__path_format_builtin
#define FORMAT_ROOM allot__format_room_builtin
#elif ALLOT_PATH_FORMAT == ALLOT_PATH_FORMAT_LIBC
#include "strategies/path_format_libc.h"
#define FORMAT      allot__path_format_libc
#define FORMAT_ROOM allot__format_room_libc
#endif

/*
 * addf starts both lists with va_start: a va_copy of a list just started costs a
 * store-forwarding stall on x86-64, a fifth of a short path's formatting.
 */
void allot_path_addf(struct allot_path *p, const char *fmt, ...)
{
	va_list args, again;

	ALLOT__PATH_CHECK(p, "allot_path_addf");
	ALLOT__COUNT(path_addf, 1);
	va_start(args, fmt);
	va_start(again, fmt);
	FORMAT(p, fmt, &args, again);
	va_end(again);
	va_end(args);
}

void allot_path_vaddf(struct allot_path *p, const char *fmt, va_list ap)
{
	va_list args;

	ALLOT__PATH_CHECK(p, "allot_path_vaddf");
	ALLOT__COUNT(path_addf, 1);
	va_copy(args, ap);
	FORMAT(p, fmt, &args, ap);
	va_end(args);
}

size_t allot__vformat_room(char *buf, size_t room, const char *fmt, va_list *args, va_list again,
                           int pass, int *fitted, const char *fn)
{
	return FORMAT_ROOM(buf, room, fmt, args, again, pass, fitted, fn);
}
