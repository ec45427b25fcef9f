/* SPDX-License-Identifier: MIT */
/*
 * alloc/format_internal.h: the seam between the formatter and the calls that format
 * (allot_path_addf in alloc/path.c, allot_pool_strfmt in alloc/pool.c, the printf family
 * in alloc/format.c). Not part of the API.
 *
 * The formatter is one file, strategies/path_format_<name>.c, that strategies/path_format.c
 * includes when ALLOT_PATH_FORMAT names it; alloc/path.c and alloc/format.c include
 * strategies/path_format.c, so that the formatter inlines into addf and the printf
 * family. It defines one hook:
 *
 *     ALLOT__ALWAYS_INLINE size_t allot__format(char *buf, size_t at, size_t size,
 *                                              const char *fmt, va_list *args,
 *                                              va_list again, unsigned flags,
 *                                              int *outcome);
 *
 * which formats fmt with the arguments into buf from at on, up to size (at < size; or
 * size, at and buf 0), byte for byte as this platform's vsnprintf, and returns where the
 * whole output ends: at plus its length. When that is below size, the output is all in
 * buf and the NUL after it. Otherwise *outcome says why (one of the ALLOT__FORMAT_*
 * outcomes below). The hook reads *args first, and uses it up; again holds the same
 * arguments, untouched, for the C library: the hook reads only copies of it. flags, a
 * constant at each call, are ALLOT__FORMAT_* flags.
 *
 * A formatter also defines ALLOT__FORMAT_KEEPS, 1 when it keeps formats that are string
 * literals (alloc/path.h's allot_path_addf), else 0. Keeping, it defines two more hooks:
 *
 *     ALLOT__ALWAYS_INLINE const struct allot__kept_format *allot__format_kept(const char *fmt);
 *
 * in the file that defines ALLOT__FORMAT_KEEPS_HERE before it includes the formatter
 * (alloc/path.c): for fmt, a string literal, what the formatter keeps of it, or NULL when
 * it keeps nothing (the caller then formats with allot__format). Thread-safe; never
 * allocates. And
 *
 *     ALLOT__ALWAYS_INLINE size_t allot__format_run(char *buf, size_t at, size_t size,
 *                                                  const char *fmt,
 *                                                  const struct allot__kept_format *kept,
 *                                                  va_list *args, va_list again,
 *                                                  unsigned flags, int *outcome);
 *
 * allot__format for fmt, by what allot__format_kept returned for it, with the same
 * contract; flags include ALLOT__FORMAT_SCRATCH_ROOM.
 *
 * A file of strategies/ compiled on its own is empty: its code is inside #ifdef
 * ALLOT__STRATEGY_CODE, which the files of alloc/ that include it define.
 */
#ifndef ALLOT_FORMAT_INTERNAL_H
#define ALLOT_FORMAT_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "alloc/internal.h"

/*
 * What the hook returns, and *outcome says, when the output does not end within the
 * room (the hook does not write *outcome when it does).
 */
#define ALLOT__FORMAT_TOO_LONG  1             /* the end is counted; buf holds some of the bytes */
#define ALLOT__FORMAT_FAILED    2             /* the C library could not format the arguments */
#define ALLOT__FORMAT_PERCENT_N 3             /* the format has a %n, which allot never runs */
#define ALLOT__FORMAT_NOT_MINE  4             /* ALLOT__FORMAT_OWN_ONLY, and the C library's call */
#define ALLOT__FORMAT_NO_END    ((size_t) -1) /* the end returned with the last three */

/* What a formatter keeps of a format that is a string literal (its own). */
struct allot__kept_format;

/* Flags. */
#define ALLOT__FORMAT_COUNT    1u /* a call handed to the C library counts in the stats */
#define ALLOT__FORMAT_OWN_ONLY 2u /* the calls the C library formats are left to the caller */
#define ALLOT__FORMAT_HAS_ROOM 4u /* size is not 0 */
#define ALLOT__FORMAT_INT_ROOM 8u /* size - at <= INT_MAX + 1: an output that fits fits an int */
/* The room past the output is the caller's scratch: the hook may leave any bytes there. */
#define ALLOT__FORMAT_SCRATCH_ROOM 16u

/*
 * The hook, out of line, for allot_pool_strfmt (alloc/format.c defines it): one call
 * formats into an arena's free space, which is no hot path of a host.
 */
size_t allot__format_room(char *buf, size_t size, const char *fmt, va_list *args, va_list again,
                          unsigned flags, int *outcome);

/* Dies for an outcome that is a failure: "<fn>: <why>"; returns for any other. */
void allot__format_check(int outcome, const char *fn);

/*
 * "000102...ff", "0001...99", "0001...77": every pair of digits in base 16 (lower case),
 * 10 and 8, for writing two digits at a time.
 */
extern const char allot__hex_pairs[2 * 256 + 1];
extern const char allot__decimal_pairs[2 * 100 + 1];
extern const char allot__octal_pairs[2 * 64 + 1];

/*
 * Writes v's digits in base radix (8, 10 or 16) backwards from end, two per division
 * from pairs (that base's table above); returns where they start. The value 0 has no
 * digits.
 */
ALLOT__ALWAYS_INLINE char *allot__digits_before(char *end, uintmax_t v, unsigned radix,
                                                const char *pairs)
{
	while (v >= radix * radix) {
		end -= 2;
		memcpy(end, pairs + 2 * (v % (radix * radix)), 2);
		v /= radix * radix;
	}
	if (v >= radix) {
		end -= 2;
		memcpy(end, pairs + 2 * v, 2);
	} else if (v) {
		*--end = pairs[2 * v + 1];
	}
	return end;
}

/*
 * The hook's contract, for the C library's vsnprintf: from *args, with a copy of again
 * for a second count. On Windows a count is checked before it is trusted, and asked
 * again when it cannot be:
 *
 * Wine's msvcrt.dll (under which allot's Windows builds are tested) gets the count wrong
 * when it truncates: it fills the room and returns the bytes before the conversion that
 * did not fit, which may be less than the room or more. So a count is trusted only if the
 * NUL is where it says and the room's last byte, marked before the call, is untouched;
 * any other count is asked again. (That
 * conversion's bytes are padding, the character of a %c, or a %s's: the mark, 'Z', could
 * only be a %s byte, and a %s does not start with the NUL.)
 */
#if defined(_WIN32)
#define ALLOT__ROOM_END_MARK 'Z'
#define ALLOT__COUNT_CHECKED 1
#else
#define ALLOT__ROOM_END_MARK 0
#define ALLOT__COUNT_CHECKED 0
#endif

static inline size_t allot__libc_format(char *buf, size_t at, size_t size, const char *fmt,
                                        va_list *args, va_list again, int *outcome)
{
	char *to = size ? buf + at : NULL;
	size_t room = size - at;
	va_list copy;
	int n, fitted;

	if (ALLOT__COUNT_CHECKED && room)
		to[room - 1] = ALLOT__ROOM_END_MARK;
	n = vsnprintf(to, room, fmt, *args);
	if (ALLOT__COUNT_CHECKED)
		fitted = n >= 0 && room && (size_t) n < room - 1 && to[n] == '\0' &&
		         to[room - 1] == ALLOT__ROOM_END_MARK;
	else
		fitted = n >= 0 && (size_t) n < room;
	if (fitted)
		return at + (size_t) n;
	if (n >= 0 && (ALLOT__COUNT_CHECKED || (size_t) n < room)) { /* a count not to be trusted */
		va_copy(copy, again);
		n = vsnprintf(NULL, 0, fmt, copy);
		va_end(copy);
		if (n >= 0 && (size_t) n < room) { /* it fitted exactly */
			to[n] = '\0';
			return at + (size_t) n;
		}
	}
	if (n < 0) {
		*outcome = ALLOT__FORMAT_FAILED;
		return ALLOT__FORMAT_NO_END;
	}
	*outcome = ALLOT__FORMAT_TOO_LONG;
	return at + (size_t) n;
}

/* Room for the digits of any uintmax_t in base 8 or more, and a NUL. */
#define ALLOT__DIGITS_ROOM (3 * sizeof(uintmax_t) + 1)

#endif /* ALLOT_FORMAT_INTERNAL_H */
