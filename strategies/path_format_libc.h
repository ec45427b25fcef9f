/*
 * Path format "libc": allot_path_addf hands the whole format to the C library's
 * vsnprintf, writing straight into the path's free space; when the output does not fit,
 * the path grows to the size vsnprintf reported and it formats once more. A failure of
 * vsnprintf reaches the die handler with the path as it was. The builtin format hands
 * what it does not format itself to this one.
 *
 * The format hooks of alloc/path_internal.h; strategies/path_format.c includes this
 * file, and so does strategies/path_format_builtin.h.
 */
#ifndef ALLOT_STRATEGY_PATH_FORMAT_LIBC_H
#define ALLOT_STRATEGY_PATH_FORMAT_LIBC_H

#include <stdio.h>

#include "alloc/internal.h"
#include "alloc/path_internal.h"

#define LIBC_FAILED_MESSAGE "the C library could not format the arguments"

/* Dies: "<fn>: <what>", fn the API call (the message lives as long as the call). */
ALLOT__NORETURN static void die_in(const char *fn, const char *what)
{
	char msg[160];

	snprintf(msg, sizeof(msg), "%s: %s", fn, what);
	allot__die(msg);
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

static void mark_room_end(char *buf, size_t room)
{
	buf[room - 1] = ROOM_END_MARK;
}

static int fitted_in(const char *buf, size_t room, int n)
{
	return (size_t) n < room - 1 && buf[n] == '\0' && buf[room - 1] == ROOM_END_MARK;
}
#else
static void mark_room_end(char *buf, size_t room)
{
	(void) buf;
	(void) room;
}

static int fitted_in(const char *buf, size_t room, int n)
{
	(void) buf;
	return (size_t) n < room;
}
#endif

/*
 * vsnprintf of fmt into room bytes at buf (room may be 0), from *args: the length of the
 * whole output (it is in buf, NUL-terminated, when *fitted), or -1 when the C library
 * fails. A count not to be trusted is asked again, from a copy of again.
 */
static int libc_into(char *buf, size_t room, const char *fmt, va_list *args, va_list again,
                     int *fitted)
{
	va_list copy;
	int n;

	if (room)
		mark_room_end(buf, room);
	n = vsnprintf(room ? buf : NULL, room, fmt, *args);
	*fitted = n >= 0 && room && fitted_in(buf, room, n);
	if (n >= 0 && !*fitted && (size_t) n < room) {
		va_copy(copy, again);
		n = vsnprintf(NULL, 0, fmt, copy);
		va_end(copy);
	}
	return n;
}

static void allot__path_format_libc(struct allot_path *p, const char *fmt, va_list *args,
                                    va_list again)
{
	int n, fitted;

	if (!allot_path_avail(p))
		allot_path_grow(p, 64);
	n = libc_into(p->buf + p->len, p->alloc - p->len, fmt, args, again, &fitted);
	if (n >= 0 && !fitted) {
		/* the partial output goes: p is as it was if the grow dies */
		p->buf[p->len] = '\0';
		allot_path_grow(p, (size_t) n);
		n = vsnprintf(p->buf + p->len, p->alloc - p->len, fmt, again);
	}
	if (n < 0) {
		p->buf[p->len] = '\0'; /* vsnprintf may have written past len before it failed */
		die_in("allot_path_addf", LIBC_FAILED_MESSAGE);
	}
	p->len += (size_t) n;
}

static inline size_t allot__format_room_libc(char *buf, size_t room, const char *fmt, va_list *args,
                                             va_list again, int pass, int *fitted, const char *fn)
{
	int n = libc_into(buf, room, fmt, args, again, fitted);

	(void) pass; /* counted by nobody: this is the strategy, not a fallback */
	if (n < 0)
		die_in(fn, LIBC_FAILED_MESSAGE);
	return (size_t) n;
}

#endif /* ALLOT_STRATEGY_PATH_FORMAT_LIBC_H */
