/* SPDX-License-Identifier: MIT */
/*
 * alloc/format.h: the printf family, for a host's own buffers and streams.
 *
 * A host keeps its own string builder (Git's strbuf) and its own streams, and formats
 * through vsnprintf and fprintf. These four calls take the same arguments and give the
 * same results, through the formatter ALLOT_PATH_FORMAT picks, the one behind
 * allot_path_addf and allot_pool_strfmt:
 *
 *   ALLOT_PATH_FORMAT_BUILTIN  allot formats %d %i %u %x %X %o %c %s %% itself, with every
 *                              flag, width, precision and hh h l ll j z t, in one pass;
 *                              any other call goes whole to the C library's function;
 *   ALLOT_PATH_FORMAT_LIBC     every call goes to the C library's function.
 *
 * Use: a builder's one formatting call, and a hot fprintf.
 *
 *     len = allot_vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, ap);
 *     allot_fprintf(stdout, ":%06o %06o %s %s %c\n", mode1, mode2, hex1, hex2, status);
 *
 * Promises, under either formatter:
 *  - Each call returns what the C library's call of the same name returns for the same
 *    arguments (snprintf, vsnprintf, fprintf, vfprintf, as this translation unit sees
 *    them: on MinGW, msvcrt's or MinGW's own printf, by __USE_MINGW_ANSI_STDIO), and
 *    produces the same bytes.
 *  - allot_snprintf and allot_vsnprintf return the length of the whole output, and
 *    write at most size - 1 bytes of it and a NUL; with size 0 they write nothing, and
 *    buf may be NULL. Nothing is written past size.
 *  - allot_fprintf and allot_vfprintf format into room on the stack and write it with
 *    one fwrite; a longer output goes to the C library's vfprintf, whole. A stream error
 *    is as fprintf has it: a negative return, and the stream's error flag set.
 *  - None of them calls the die handler, allocates, or keeps state: they are as
 *    thread-safe as the C library's.
 *
 * The caller must not:
 *  - pass a format and arguments that the C library's call would not accept (the
 *    builtin hands such calls to it, %n included);
 *  - expect the stream's output to interleave with another thread's at a finer grain
 *    than one call.
 */
#ifndef ALLOT_FORMAT_H
#define ALLOT_FORMAT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "alloc/compiler.h"
#include "alloc/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Into a buffer ------------------------------------------------------ */

/* snprintf: fmt formatted into the size bytes at buf. */
int allot_snprintf(char *buf, size_t size, const char *fmt, ...) ALLOT__PRINTF_FORMAT(3, 4);

/* vsnprintf: allot_snprintf with a va_list, which it uses up as vsnprintf does. */
int allot_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap) ALLOT__PRINTF_FORMAT(3, 0);

/* ---- Onto a stream ------------------------------------------------------ */

/* fprintf: fmt formatted onto out. */
int allot_fprintf(FILE *out, const char *fmt, ...) ALLOT__PRINTF_FORMAT(2, 3);

/* vfprintf: allot_fprintf with a va_list, which it uses up as vfprintf does. */
int allot_vfprintf(FILE *out, const char *fmt, va_list ap) ALLOT__PRINTF_FORMAT(2, 0);

/*
 * On MinGW, the printf family a translation unit's stdio.h chose, for the link-time
 * check (alloc/config.h): the library formats as one of them.
 */
#if defined(__MINGW32__) && __USE_MINGW_ANSI_STDIO
#define ALLOT__FORMAT_BUILT_WITH \
	ALLOT__PASTE(allot_library_built_with_printf_mingw, ALLOT__VERSION_TAG)
#elif defined(__MINGW32__)
#define ALLOT__FORMAT_BUILT_WITH \
	ALLOT__PASTE(allot_library_built_with_printf_msvcrt, ALLOT__VERSION_TAG)
#endif
#ifdef ALLOT__FORMAT_BUILT_WITH
ALLOT__REQUIRE_SYMBOL(ALLOT__FORMAT_BUILT_WITH);
#endif

#ifdef __cplusplus
}
#endif

#endif /* ALLOT_FORMAT_H */
