/* SPDX-License-Identifier: MIT */
/*
 * alloc/format.c: every call of alloc/format.h, and the formatter's out-of-line hook and
 * digit tables (alloc/format_internal.h), over the formatter that strategies/path_format.c
 * brings in.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "alloc/format.h"
#include "alloc/format_internal.h"
#include "alloc/internal.h"

#define ALLOT__STRATEGY_CODE 1
#include "strategies/path_format.c"

#ifdef ALLOT__FORMAT_BUILT_WITH
/* What format.h's translation units refer to (alloc/config.h, "Matching the library"). */
void ALLOT__FORMAT_BUILT_WITH(void)
{
}
#endif

const char allot__hex_pairs[2 * 256 + 1] =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
    "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
    "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
    "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
    "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
    "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
    "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
    "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
const char allot__decimal_pairs[2 * 100 + 1] =
    "0001020304050607080910111213141516171819202122232425262728293031"
    "3233343536373839404142434445464748495051525354555657585960616263"
    "6465666768697071727374757677787980818283848586878889909192939495"
    "96979899";
const char allot__octal_pairs[2 * 64 + 1] =
    "0001020304050607101112131415161720212223242526273031323334353637"
    "4041424344454647505152535455565760616263646566677071727374757677";

size_t allot__format_room(char *buf, size_t size, const char *fmt, va_list *args, va_list again,
                          unsigned flags, int *outcome)
{
	return allot__format(buf, 0, size, fmt, args, again, flags, outcome);
}

void allot__format_check(int outcome, const char *fn)
{
	if (outcome == ALLOT__FORMAT_FAILED)
		allot__die_in(fn, "the C library could not format the arguments");
	if (outcome == ALLOT__FORMAT_PERCENT_N)
		allot__die_in(fn, "%n is not supported (it would write through a pointer)");
}

/*
 * Room on the stack: for a stream's output (one fwrite when it fits), and for a whole
 * output that allot_vsnprintf must cut (its bytes before size - 1).
 */
#define STACK_ROOM 1024

/*
 * allot_vsnprintf when the output is longer than the buffer: the first size - 1 bytes and
 * a NUL, from a pass into room on the stack when the whole fits there, else from the C
 * library. Out of line: most calls fit.
 */
ALLOT__NOINLINE int cut_to_size(char *buf, size_t size, const char *fmt, va_list ap, size_t n)
{
	char whole[STACK_ROOM];
	va_list args;
	int outcome;

	if (!size)
		return (int) n;
	if (n >= sizeof(whole))
		return vsnprintf(buf, size, fmt, ap);
	va_copy(args, ap);
	if (allot__format(whole, 0, sizeof(whole), fmt, &args, ap,
	                  ALLOT__FORMAT_OWN_ONLY | ALLOT__FORMAT_HAS_ROOM, &outcome) != n) {
		va_end(args);
		return vsnprintf(buf, size, fmt, ap); /* (the arguments changed: theirs to say) */
	}
	va_end(args);
	memcpy(buf, whole, size - 1);
	buf[size - 1] = '\0';
	return (int) n;
}

int allot_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	va_list args;
	size_t n;
	int outcome;

	va_copy(args, ap);
	n = allot__format(buf, 0, size, fmt, &args, ap, ALLOT__FORMAT_OWN_ONLY, &outcome);
	va_end(args);
	if (ALLOT__LIKELY(n < size))
		return (int) n;
	if (outcome == ALLOT__FORMAT_TOO_LONG)
		return cut_to_size(buf, size, fmt, ap, n);
	return vsnprintf(buf, size, fmt, ap); /* not the formatter's own */
}

int allot_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = allot_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

/*
 * The C library's vfprintf, with a stream error as a negative return. MinGW's own
 * vfprintf and Wine's msvcrt return the count of bytes they could not write.
 */
static int stream_vfprintf(FILE *out, const char *fmt, va_list ap)
{
#ifdef _WIN32
	int had_error = ferror(out);
	int n = vfprintf(out, fmt, ap);

	return n >= 0 && !had_error && ferror(out) ? -1 : n;
#else
	return vfprintf(out, fmt, ap);
#endif
}

int allot_vfprintf(FILE *out, const char *fmt, va_list ap)
{
	char room[STACK_ROOM];
	va_list args;
	size_t n;
	int outcome;

	va_copy(args, ap);
	n = allot__format(room, 0, sizeof(room), fmt, &args, ap,
	                  ALLOT__FORMAT_OWN_ONLY | ALLOT__FORMAT_HAS_ROOM, &outcome);
	va_end(args);
	if (ALLOT__LIKELY(n < sizeof(room)))
		return fwrite(room, 1, n, out) == n ? (int) n : -1;
	return stream_vfprintf(out, fmt, ap); /* longer than the room, or not the formatter's own */
}

int allot_fprintf(FILE *out, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = allot_vfprintf(out, fmt, ap);
	va_end(ap);
	return n;
}
