/*
 * Path format "libc": allot_path_addf hands the whole format to the C library's
 * vsnprintf, writing straight into the path's free space; when the output does not fit,
 * the path grows to the size vsnprintf reported and it formats once more. A failure of
 * vsnprintf reaches the die handler with the path as it was. The builtin format hands
 * what it does not format itself to this one.
 *
 * The format hook of alloc/path_internal.h; strategies/path_format.c includes this file,
 * and so does strategies/path_format_builtin.h.
 */
#ifndef ALLOT_STRATEGY_PATH_FORMAT_LIBC_H
#define ALLOT_STRATEGY_PATH_FORMAT_LIBC_H

#include <stdio.h>

#include "alloc/internal.h"
#include "alloc/path_internal.h"

static void libc_failed(struct allot_path *p)
{
	if (p->alloc)
		p->buf[p->len] = '\0'; /* vsnprintf may have written past len before it failed */
	allot__die("allot_path_addf: the C library could not format the arguments");
}

#if defined(_WIN32)
/*
 * Wine's msvcrt.dll (under which allot's Windows builds are tested) gets the count wrong
 * when it truncates: it fills the room and returns the bytes before the conversion that
 * did not fit. So on Windows a count is trusted only if the NUL is where it says and the
 * room's last byte, marked before the call, is untouched; an exact fit is asked again.
 * (That conversion's bytes are padding, the character of a %c, or a %s's: the mark,
 * 'Z', could only be a %s byte, and a %s does not start with the NUL.)
 */
#define ROOM_END_MARK 'Z'

static void mark_room_end(struct allot_path *p)
{
	p->buf[p->alloc - 1] = ROOM_END_MARK; /* the room, not the NUL: avail >= 1 */
}

static int fitted(const struct allot_path *p, int n)
{
	return (size_t) n < allot_path_avail(p) && p->buf[p->len + (size_t) n] == '\0' &&
	       p->buf[p->alloc - 1] == ROOM_END_MARK;
}
#else
static void mark_room_end(struct allot_path *p)
{
	(void) p;
}

static int fitted(const struct allot_path *p, int n)
{
	return (size_t) n <= allot_path_avail(p);
}
#endif

static void allot__path_format_libc(struct allot_path *p, const char *fmt, va_list *args,
                                    va_list again)
{
	va_list copy;
	int n;

	if (!allot_path_avail(p))
		allot_path_grow(p, 64);
	mark_room_end(p);
	n = vsnprintf(p->buf + p->len, p->alloc - p->len, fmt, *args);
	if (n >= 0 && !fitted(p, n)) {
		/* the partial output goes: p is as it was if the grow dies */
		p->buf[p->len] = '\0';
		if ((size_t) n <= allot_path_avail(p)) { /* a count not to be trusted: ask again */
			va_copy(copy, again);
			n = vsnprintf(NULL, 0, fmt, copy);
			va_end(copy);
			if (n < 0)
				libc_failed(p);
		}
		allot_path_grow(p, (size_t) n);
		n = vsnprintf(p->buf + p->len, p->alloc - p->len, fmt, again);
	}
	if (n < 0)
		libc_failed(p);
	p->len += (size_t) n;
}

#endif /* ALLOT_STRATEGY_PATH_FORMAT_LIBC_H */
