/* SPDX-License-Identifier: MIT */
/*
 * Formatter "builtin": formats the conversions that paths and lines use (%d %i %u %x %X
 * %o %c %s %%, every flag of "-+ #0", width and precision, also "*", length modifiers hh
 * h l ll j z t) itself, straight into the room it is given, and hands every other call
 * whole to the C library.
 *
 * How a call runs:
 *  - One pass writes the output into the room while it fits and counts it all. When it
 *    fitted, that was the only pass: no temporary buffer, no copy. When it did not, the
 *    caller makes room for the length counted and calls again (alloc/path.c), or takes
 *    it from the C library (the printf family's truncation, alloc/format.c).
 *  - A format with anything else (%p, floating point, wide characters, positional
 *    arguments, a modifier or flag C does not define, a null %s, output over INT_MAX)
 *    goes whole to vsnprintf (alloc/format_internal.h's allot__libc_format), counted in
 *    path_addf_fallback when the caller asks. The bytes written by then are dropped.
 *  - %n, with whatever flags or modifiers, is refused (ALLOT__FORMAT_PERCENT_N), also
 *    after a conversion that sends the call to libc: allot never writes through a %n
 *    pointer. The printf family, which asks for its own calls only, hands it on.
 *
 * The output is the platform's vsnprintf output byte for byte. Where platforms read the
 * C standard differently, or C leaves a case open, this file follows the platform it is
 * built for (the PLATFORM_* switches below); where that platform is a DLL chosen at run
 * time (msvcrt.dll: Windows' and Wine's differ), those cases go to the DLL itself.
 *
 * The hook of alloc/format_internal.h; strategies/path_format.c includes this file when
 * ALLOT_PATH_FORMAT names it.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h> /* on MinGW, settles __USE_MINGW_ANSI_STDIO */
#include <string.h>

#include "alloc/format_internal.h"
#include "alloc/internal.h"

#ifdef ALLOT__STRATEGY_CODE /* compiled as a part of the files of alloc/ that format */

#define ALLOT__FORMAT_KEEPS ALLOT__KNOWS_STRING_LITERALS

#if defined(__MINGW32__) && !__USE_MINGW_ANSI_STDIO
/*
 * msvcrt.dll's printf, whichever the system has. It does not know hh j z t (and not ll
 * in older versions), pads %s and %c with zeros for "0", cuts %c by precision and keeps
 * "0" with a precision; these cases go to the DLL, so the bytes are the running one's.
 */
#define PLATFORM_MSVCRT 1
#elif defined(__MINGW32__)
/*
 * MinGW-w64's own printf (linked in, __USE_MINGW_ANSI_STDIO=1): the space flag also
 * applies to %u, and "%#.0o" of 0 prints nothing.
 */
#define PLATFORM_MINGW 1
#endif

#ifndef PLATFORM_MSVCRT
#define PLATFORM_MSVCRT 0
#endif
#ifndef PLATFORM_MINGW
#define PLATFORM_MINGW 0
#endif

/* The signed type of size_t's width, for %zd (C names none): ptrdiff_t on these platforms. */
ALLOT__STATIC_ASSERT(sizeof(ptrdiff_t) == sizeof(size_t), ptrdiff_t_is_as_wide_as_size_t);

enum flag { MINUS = 1, PLUS = 2, SPACE = 4, HASH = 8, ZERO = 16 };
enum length { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_J, LEN_Z, LEN_T, LEN_OTHER };
enum outcome { DONE, FALLBACK, PERCENT_N };

/* One conversion specification, as parsed; the values of "*" are read later. */
struct spec {
	unsigned flags;
	int width; /* -1: none; -2: "*" */
	int prec;  /* -1: none; -2: "*" */
	enum length length;
	char conv;      /* the conversion character; 0 at the end of the format */
	int positional; /* "N$" was given */
};

/*
 * The output cursor. Bytes go to buf[pos] while pos + n <= limit; past that they are
 * only counted, so that the caller learns the size to make room for.
 */
struct out {
	char *buf;
	size_t start; /* where this call's output begins */
	size_t pos;   /* where the next byte goes (or would go) */
	size_t limit; /* output goes below it, the NUL at it: room - 1, or 0 for no room */
};

/* Reserves n bytes at the cursor: where to write them, or NULL if they do not fit. */
ALLOT__ALWAYS_INLINE char *reserve_bytes(struct out *o, size_t n)
{
	char *at = o->pos + n <= o->limit ? o->buf + o->pos : NULL;

	o->pos += n;
	return at;
}

/*
 * Copies n bytes, without a call for the short pieces paths are made of (a name, a
 * directory, a hex digit pair): overlapping 16-, 8- or 4-byte moves, which compilers
 * inline.
 */
ALLOT__ALWAYS_INLINE void copy_bytes(char *to, const char *from, size_t n)
{
	if (n > 64) {
		memcpy(to, from, n);
	} else if (n > 32) { /* the first 32 bytes and the last 32 */
		memcpy(to, from, 16);
		memcpy(to + 16, from + 16, 16);
		memcpy(to + n - 32, from + n - 32, 16);
		memcpy(to + n - 16, from + n - 16, 16);
	} else if (n >= 16) {
		memcpy(to, from, 16);
		memcpy(to + n - 16, from + n - 16, 16);
	} else if (n >= 8) {
		memcpy(to, from, 8);
		memcpy(to + n - 8, from + n - 8, 8);
	} else if (n >= 4) {
		memcpy(to, from, 4);
		memcpy(to + n - 4, from + n - 4, 4);
	} else if (n) { /* 1 to 3 bytes: first, middle and last, overlapping */
		to[0] = from[0];
		to[n / 2] = from[n / 2];
		to[n - 1] = from[n - 1];
	}
}

/*
 * SCAN_BLOCKS: a %s's length is found 16 bytes at a time, inline. The loads are 16-byte
 * aligned, so none reaches into a page the string does not, but they read bytes before
 * the string and after its NUL: the tools (ASan, Valgrind, TSan) would see those, so
 * their builds call strlen.
 */
#if defined(__SSE2__) && ALLOT__GNUC && !ALLOT__MEMDEBUG && !ALLOT__THREAD_SANITIZER
#define SCAN_BLOCKS 1
#include <emmintrin.h>

/* The NUL bytes of the aligned block at p, one bit each. */
ALLOT__ALWAYS_INLINE unsigned nul_bits(const char *p)
{
	__m128i block = _mm_load_si128((const __m128i *) (const void *) p);

	return (unsigned) _mm_movemask_epi8(_mm_cmpeq_epi8(block, _mm_setzero_si128()));
}

ALLOT__ALWAYS_INLINE size_t string_length(const char *s)
{
	size_t skip = (size_t) ((uintptr_t) s & 15);
	const char *p = s - skip;
	unsigned nul = nul_bits(p) >> skip;

	if (nul)
		return (unsigned) __builtin_ctz(nul);
	for (;;) {
		p += 16;
		nul = nul_bits(p);
		if (nul)
			return (size_t) (p - s) + (unsigned) __builtin_ctz(nul);
	}
}
#else
#define SCAN_BLOCKS 0
#endif

/* strlen inline: by blocks, or with the shortest strings (a path's "xx") inline. */
ALLOT__ALWAYS_INLINE size_t short_strlen(const char *s)
{
#if SCAN_BLOCKS
	return string_length(s);
#else
	if (!s[0])
		return 0;
	if (!s[1])
		return 1;
	if (!s[2])
		return 2;
	return 3 + strlen(s + 3);
#endif
}

ALLOT__ALWAYS_INLINE void put_bytes(struct out *o, const char *s, size_t n)
{
	if (ALLOT__LIKELY(o->pos + n <= o->limit))
		copy_bytes(o->buf + o->pos, s, n);
	o->pos += n;
}

#if SCAN_BLOCKS
/*
 * One block of put_short_string(): the 16 bytes of s at i (a constant), stored at to + i
 * if the room, room bytes from to, has them. Returns 1 when the string ends in them, its
 * length in *n; 0 when it goes on; -1 when the room ends before the block does, with the
 * string going on or ending past the room.
 */
ALLOT__ALWAYS_INLINE int short_string_block(char *to, const char *s, size_t i, size_t room,
                                            size_t *n)
{
	__m128i block = _mm_loadu_si128((const __m128i *) (const void *) (s + i));
	unsigned nul = (unsigned) _mm_movemask_epi8(_mm_cmpeq_epi8(block, _mm_setzero_si128()));

	if (nul) {
		*n = i + (unsigned) __builtin_ctz(nul);
		if (ALLOT__LIKELY(i + 16 <= room))
			_mm_storeu_si128((__m128i *) (void *) (to + i), block);
		else if (*n <= room)
			copy_bytes(to + i, s + i, *n - i);
		return 1;
	}
	if (i + 16 > room)
		return -1;
	_mm_storeu_si128((__m128i *) (void *) (to + i), block);
	return 0;
}

/*
 * The blocks of put_short_string(): returns short_string_block()'s answer for the first
 * block that ends the string or the room, or 0 when 64 bytes of s hold no NUL.
 */
ALLOT__ALWAYS_INLINE int short_string_blocks(char *to, const char *s, size_t room, size_t *n)
{
	int r;

	if ((r = short_string_block(to, s, 0, room, n)) == 0 &&
	    (r = short_string_block(to, s, 16, room, n)) == 0 &&
	    (r = short_string_block(to, s, 32, room, n)) == 0)
		r = short_string_block(to, s, 48, room, n);
	return r;
}
#endif

/*
 * Appends the string s in one pass, finding its NUL and copying it 16 bytes at a time,
 * when s is shorter than 64 bytes and its first 64 bytes lie in its page (so that no load
 * reaches a page s does not). A block that has the room is stored whole: the bytes it
 * holds past the NUL land in the room past the output (which the caller lets the
 * formatter use: ALLOT__FORMAT_SCRATCH_ROOM), where the next bytes of the output or the
 * NUL after it go over them. With 64 bytes of room, every block has it, and none is
 * checked (the blocks see a constant room); with 64 + after, 2 is returned: the room has
 * after bytes past the string. Otherwise 1 when the string was appended, and 0 for any
 * other string, when the room ends before the string does, or for a room below 0: then
 * put_bytes() appends it (over the blocks stored by then, which hold the same bytes).
 * The loads read past the NUL: as SCAN_BLOCKS, only without the tools.
 */
ALLOT__ALWAYS_INLINE int put_short_string(struct out *o, const char *s, size_t after)
{
#if SCAN_BLOCKS
	char *to = o->buf + o->pos;
	/* Below 0 when the output is past the room already, or the room is over PTRDIFF_MAX. */
	ptrdiff_t room = (ptrdiff_t) (o->limit - o->pos);
	size_t n = 0;
	int r;

	if (((uintptr_t) s & 4095) > 4096 - 64)
		return 0;
	if (ALLOT__LIKELY(room >= 64))
		r = short_string_blocks(to, s, 64, &n);
	else if (room >= 0)
		r = short_string_blocks(to, s, (size_t) room, &n);
	else
		return 0;
	if (r <= 0)
		return 0;
	o->pos += n;
	return room >= (ptrdiff_t) (64 + after) ? 2 : 1;
#else
	(void) o;
	(void) s;
	(void) after;
	return 0;
#endif
}

ALLOT__ALWAYS_INLINE void fill_bytes(struct out *o, char c, size_t n)
{
	char *at = reserve_bytes(o, n);

	if (!at)
		return;
	while (n--)
		*at++ = c;
}

/* Reads a decimal number; returns NULL when it exceeds INT_MAX (vsnprintf fails then). */
static const char *parse_count(const char *fmt, int *out)
{
	int n = 0;

	while (*fmt >= '0' && *fmt <= '9') {
		int digit = *fmt++ - '0';

		if (n > (INT_MAX - digit) / 10)
			return NULL;
		n = n * 10 + digit;
	}
	*out = n;
	return fmt;
}

/*
 * Parses the specification after a '%' (not "%%"), without reading any argument. Returns
 * where the format goes on, or NULL for a count over INT_MAX. s->conv is the conversion
 * character as found: the caller decides what it supports.
 */
ALLOT__ALWAYS_INLINE const char *parse_spec(const char *fmt, struct spec *s)
{
	s->flags = 0;
	s->width = -1;
	s->prec = -1;
	s->length = LEN_NONE;
	s->positional = 0;
	if (*fmt >= '1' && *fmt <= '9') { /* "N$" or a width */
		int n;
		const char *after = parse_count(fmt, &n);

		if (!after)
			return NULL;
		if (*after == '$') {
			s->positional = 1;
			fmt = after + 1;
		}
	}
	for (;; fmt++) {
		if (*fmt == '-')
			s->flags |= MINUS;
		else if (*fmt == '+')
			s->flags |= PLUS;
		else if (*fmt == ' ')
			s->flags |= SPACE;
		else if (*fmt == '#')
			s->flags |= HASH;
		else if (*fmt == '0')
			s->flags |= ZERO;
		else
			break;
	}
	if (*fmt == '*') {
		s->width = -2;
		fmt++;
	} else if (*fmt >= '1' && *fmt <= '9') {
		fmt = parse_count(fmt, &s->width);
		if (!fmt)
			return NULL;
	}
	if (*fmt == '.') {
		fmt++;
		if (*fmt == '*') {
			s->prec = -2;
			fmt++;
		} else {
			fmt = parse_count(fmt, &s->prec);
			if (!fmt)
				return NULL;
		}
	}
	switch (*fmt) {
	case 'h':
		s->length = fmt[1] == 'h' ? LEN_HH : LEN_H;
		fmt += s->length == LEN_HH ? 2 : 1;
		break;
	case 'l':
		s->length = fmt[1] == 'l' ? LEN_LL : LEN_L;
		fmt += s->length == LEN_LL ? 2 : 1;
		break;
	case 'j':
		fmt++;
		s->length = LEN_J;
		break;
	case 'z':
		fmt++;
		s->length = LEN_Z;
		break;
	case 't':
		fmt++;
		s->length = LEN_T;
		break;
	case 'L':
	case 'q':
	case 'I':
		fmt++;
		s->length = LEN_OTHER;
		break;
	}
	s->conv = *fmt;
	return *fmt ? fmt + 1 : fmt;
}

/* Whether the format from fmt on has a %n: a call going to libc still must not run it. */
static int has_percent_n(const char *fmt)
{
	struct spec s;

	while ((fmt = strchr(fmt, '%')) != NULL) {
		fmt++;
		if (*fmt == '%') {
			fmt++;
			continue;
		}
		fmt = parse_spec(fmt, &s);
		if (!fmt)
			return 0; /* a count over INT_MAX: vsnprintf fails before any %n */
		if (s.conv == 'n')
			return 1;
	}
	return 0;
}

/* Whether this platform's printf is reproduced for s here, or the call goes to libc. */
static int supported(const struct spec *s)
{
	int text = s->conv == 'c' || s->conv == 's';

	if (s->positional || s->length == LEN_OTHER || (text && s->length != LEN_NONE))
		return 0;
	if (PLATFORM_MSVCRT) {
		if (s->length != LEN_NONE && s->length != LEN_H && s->length != LEN_L)
			return 0;
		if (text ? (s->flags & ZERO) || (s->conv == 'c' && s->prec != -1)
		         : (s->flags & ZERO) && s->prec != -1)
			return 0;
		if (s->conv == 'o' && (s->flags & HASH))
			return 0;
	}
	return 1;
}

ALLOT__ALWAYS_INLINE uintmax_t get_unsigned(va_list *ap, enum length length)
{
	switch (length) {
	case LEN_HH:
		return (unsigned char) va_arg(*ap, unsigned int);
	case LEN_H:
		return (unsigned short) va_arg(*ap, unsigned int);
	case LEN_L:
		return va_arg(*ap, unsigned long);
	case LEN_LL:
		return va_arg(*ap, unsigned long long);
	case LEN_J:
		return va_arg(*ap, uintmax_t);
	case LEN_Z:
	case LEN_T: /* the unsigned type of ptrdiff_t's width is size_t's */
		return va_arg(*ap, size_t);
	default:
		return va_arg(*ap, unsigned int);
	}
}

ALLOT__ALWAYS_INLINE intmax_t get_signed(va_list *ap, enum length length)
{
	switch (length) {
	case LEN_HH:
		return (signed char) va_arg(*ap, int);
	case LEN_H:
		return (short) va_arg(*ap, int);
	case LEN_L:
		return va_arg(*ap, long);
	case LEN_LL:
		return va_arg(*ap, long long);
	case LEN_J:
		return va_arg(*ap, intmax_t);
	case LEN_Z:
	case LEN_T:
		return va_arg(*ap, ptrdiff_t);
	default:
		return va_arg(*ap, int);
	}
}

/* Writes `width` worth of padding around a body of n bytes: spaces before it. */
ALLOT__ALWAYS_INLINE size_t pad_before(struct out *o, const struct spec *s, size_t n)
{
	size_t pad = s->width > 0 && (size_t) s->width > n ? (size_t) s->width - n : 0;

	if (pad && !(s->flags & MINUS))
		fill_bytes(o, ' ', pad);
	return pad;
}

ALLOT__ALWAYS_INLINE void pad_after(struct out *o, const struct spec *s, size_t pad)
{
	if (pad && (s->flags & MINUS))
		fill_bytes(o, ' ', pad);
}

ALLOT__ALWAYS_INLINE void format_text(struct out *o, const struct spec *s, const char *text,
                                      size_t n)
{
	size_t pad = pad_before(o, s, n);

	put_bytes(o, text, n);
	pad_after(o, s, pad);
}

/* How many digits v has in base radix (8, 10 or 16, a constant); the value 0 has none. */
ALLOT__ALWAYS_INLINE size_t count_digits(uintmax_t v, unsigned radix)
{
	uintmax_t power = 1;
	size_t n = 0;

	if (radix != 10) {
		for (; v; v /= radix)
			n++;
		return n;
	}
	while (v >= power) {
		n++;
		if (power > UINTMAX_MAX / 10) /* v has the most digits a uintmax_t has */
			break;
		power *= 10;
	}
	return n;
}

/*
 * Writes an integer conversion of the magnitude v (negative: a '-' goes before it) for
 * conv, s->conv as a constant (so that each conversion gets code of its own): its sign or
 * "0x", the zeros that precision, "#o" or the 0 flag ask for, its digits, and the spaces
 * that make up the width, all in one piece. The digits go straight into the output: no
 * array on the stack, so no stack protector's canary in the functions this inlines into.
 */
ALLOT__ALWAYS_INLINE void format_integer(struct out *o, const struct spec *s, char conv,
                                         uintmax_t v, int negative)
{
	unsigned radix = conv == 'o' ? 8 : conv == 'x' || conv == 'X' ? 16 : 10;
	size_t ndigits = count_digits(v, radix), nprefix = 0, zeros = 0, body, pad = 0;
	char first = 0, second = conv; /* the prefix: a sign, or "0x" */
	char *at, *end;

	if (conv == 'x' || conv == 'X') {
		if ((s->flags & HASH) && ndigits) {
			first = '0';
			nprefix = 2;
		}
	} else if (conv != 'o') {
		first = negative ? '-' : s->flags & PLUS ? '+' : s->flags & SPACE ? ' ' : 0;
		nprefix = first != 0;
	}
	if (s->prec < 0) {
		if (!ndigits)
			zeros = 1; /* the value 0 is "0" */
	} else if ((size_t) s->prec > ndigits) {
		zeros = (size_t) s->prec - ndigits;
	}
	/* "#o": the first digit is a 0 (and 0 with precision 0 prints "0"), except MinGW's. */
	if (conv == 'o' && (s->flags & HASH) && !zeros && (PLATFORM_MINGW ? ndigits : 1))
		zeros = 1;
	body = nprefix + zeros + ndigits;
	if (s->width > 0 && (size_t) s->width > body) {
		if ((s->flags & (ZERO | MINUS)) == ZERO && s->prec < 0)
			zeros +=
			    (size_t) s->width - body; /* the padding goes after sign and "0x" */
		else
			pad = (size_t) s->width - body;
		body = (size_t) s->width - pad;
	}
	at = reserve_bytes(o, pad + body);
	if (!at)
		return;
	if (!(s->flags & MINUS))
		for (; pad; pad--)
			*at++ = ' ';
	if (nprefix)
		*at++ = first;
	if (nprefix > 1)
		*at++ = second;
	for (; zeros; zeros--)
		*at++ = '0';
	end = at + ndigits;
	allot__digits_before(end, v, radix,
	                     radix == 8    ? allot__octal_pairs
	                     : radix == 16 ? allot__hex_pairs
	                                   : allot__decimal_pairs);
	if (conv == 'X')
		for (; at < end; at++)
			if (*at > '9')
				*at = (char) (*at - 'a' + 'A');
	for (at = end; pad; pad--)
		*at++ = ' ';
}

/* An unsigned conversion conv (a constant), without the flags in ignored. */
ALLOT__ALWAYS_INLINE enum outcome format_unsigned(struct out *o, struct spec *s, char conv,
                                                  unsigned ignored, va_list *ap)
{
	s->flags &= ~ignored;
	format_integer(o, s, conv, get_unsigned(ap, s->length), 0);
	return DONE;
}

/*
 * Formats the conversion s, already parsed, with its arguments from ap. Returns FALLBACK
 * for what only libc formats: a null %s ("(null)" or a crash: the platform's own
 * business), or a conversion this file does not take.
 */
ALLOT__ALWAYS_INLINE enum outcome convert(struct out *o, struct spec *s, va_list *ap)
{
	switch (s->conv) {
	case 'd':
	case 'i': {
		intmax_t v = get_signed(ap, s->length);

		/* the magnitude of INTMAX_MIN fits uintmax_t: negate in unsigned */
		format_integer(o, s, 'd', v < 0 ? -(uintmax_t) v : (uintmax_t) v, v < 0);
		return DONE;
	}
	case 'u': /* MinGW's printf keeps the space flag for %u */
		return format_unsigned(o, s, 'u', PLATFORM_MINGW ? PLUS : PLUS | SPACE, ap);
	case 'x':
		return format_unsigned(o, s, 'x', PLUS | SPACE, ap);
	case 'X':
		return format_unsigned(o, s, 'X', PLUS | SPACE, ap);
	case 'o':
		return format_unsigned(o, s, 'o', PLUS | SPACE, ap);
	case 'c': {
		char c = (char) (unsigned char) va_arg(*ap, int);

		format_text(o, s, &c, 1);
		return DONE;
	}
	case 's': {
		const char *str = va_arg(*ap, const char *);
		size_t n = 0;

		if (!str)
			return FALLBACK;
		if (s->prec < 0)
			n = short_strlen(str);
		else
			while (n < (size_t) s->prec && str[n]) /* no byte past prec is read */
				n++;
		format_text(o, s, str, n);
		return DONE;
	}
	default:
		return FALLBACK;
	}
}

/*
 * Formats the one specification at *fmt (just after its '%') into o, reading its
 * arguments from ap, and moves *fmt past it. Returns FALLBACK for a specification it
 * does not reproduce, PERCENT_N for a %n. Out of line: format_all() stays small.
 */
ALLOT__NOINLINE enum outcome format_spec(struct out *o, const char **fmt, va_list *ap)
{
	struct spec s;
	const char *f = *fmt;

	if (*f == '%') {
		put_bytes(o, "%", 1);
		*fmt = f + 1;
		return DONE;
	}
	f = parse_spec(f, &s);
	if (!f)
		return FALLBACK;
	*fmt = f;
	if (s.conv == 'n')
		return PERCENT_N;
	if (!supported(&s))
		return FALLBACK;
	if (s.width == -2) {
		int w = va_arg(*ap, int);

		if (w == INT_MIN)
			return FALLBACK; /* no width of that size: vsnprintf fails */
		if (w < 0) {
			s.flags |= MINUS;
			w = -w;
		}
		s.width = w;
	}
	if (s.prec == -2) {
		int prec = va_arg(*ap, int);

		s.prec = prec < 0 ? -1 : prec;
	}
	return convert(o, &s, ap);
}

/* Sets s to a specification with nothing but its conversion: a plain "%s", say. */
ALLOT__ALWAYS_INLINE void plain_spec(struct spec *s, char conv)
{
	s->flags = 0;
	s->width = -1;
	s->prec = -1;
	s->length = LEN_NONE;
	s->conv = conv;
	s->positional = 0;
}

/*
 * Writes the last width digits of v in base 1 << shift (a constant: 3 or 4) at at, two at
 * a time from pairs, from the last.
 */
ALLOT__ALWAYS_INLINE void fixed_digits(char *at, int width, unsigned v, unsigned shift,
                                       const char *pairs)
{
	int i;

	ALLOT__UNROLL_4
	for (i = width - 2; i >= 0; i -= 2, v >>= 2 * shift)
		memcpy(at + i, pairs + 2 * (size_t) (v & ((1u << 2 * shift) - 1)), 2);
	if (i == -1)
		at[0] = pairs[2 * (size_t) (v & ((1u << shift) - 1)) + 1];
}

/*
 * "%0<width><conv>" for conv 'o' or 'x' (shift 3 or 4, pairs that base's table), conv a
 * constant and width one at format_all's "%02x" and "%06o": width digits when v has no
 * more, else all of v's.
 */
ALLOT__ALWAYS_INLINE void zero_padded(struct out *o, unsigned v, int width, unsigned shift,
                                      const char *pairs, char conv)
{
	struct spec s;

	if ((unsigned) width * shift < 32 && v >= 1u << ((unsigned) width * shift)) {
		plain_spec(&s, conv);
		s.flags = ZERO;
		s.width = width;
		format_integer(o, &s, conv, v, 0);
		return;
	}
	if (ALLOT__LIKELY(o->pos + (size_t) width <= o->limit))
		fixed_digits(o->buf + o->pos, width, v, shift, pairs);
	o->pos += (size_t) width;
}

/*
 * The integer specifications paths use most, parsed without parse_spec: %d %i %u %x %X
 * %o with at most the 0 flag and a one-digit width ("%02x", "%06o"). small_integer_head
 * sets s to the flag and width at f (just after the '%') and returns where the conversion
 * character is; small_integer_conv says whether it is one of these.
 */
ALLOT__ALWAYS_INLINE const char *small_integer_head(const char *f, struct spec *s)
{
	plain_spec(s, 0);
	if (*f == '0') {
		s->flags = ZERO;
		f++;
	}
	if (*f >= '1' && *f <= '9')
		s->width = *f++ - '0';
	s->conv = *f;
	return f;
}

ALLOT__ALWAYS_INLINE int small_integer_conv(char c)
{
	switch (c) {
	case 'd':
	case 'i':
	case 'u':
	case 'x':
	case 'X':
	case 'o':
		return 1;
	default:
		return 0;
	}
}

/* Formats the small integer s (small_integer_head, a conversion small_integer_conv takes). */
ALLOT__ALWAYS_INLINE void small_integer_run(struct out *o, struct spec *s, va_list *ap)
{
	if (s->flags == ZERO && s->width > 0 && (s->conv == 'o' || s->conv == 'x')) {
		if (s->conv == 'o') /* "%04o" */
			zero_padded(o, va_arg(*ap, unsigned), s->width, 3, allot__octal_pairs, 'o');
		else /* "%08x" */
			zero_padded(o, va_arg(*ap, unsigned), s->width, 4, allot__hex_pairs, 'x');
		return;
	}
	convert(o, s, ap); /* DONE: no integer goes to libc */
}

/* A small integer formatted into o: where the format goes on, or NULL for another specification. */
ALLOT__ALWAYS_INLINE const char *small_integer(struct out *o, const char *f, va_list *ap)
{
	struct spec s;

	f = small_integer_head(f, &s);
	if (s.flags == ZERO && s.width > 0 && (*f == 'o' || *f == 'x')) {
		small_integer_run(o, &s, ap);
		return f + 1;
	}
	if (!small_integer_conv(*f))
		return NULL;
	convert(o, &s, ap);
	return f + 1;
}

/*
 * Formats fmt into o, reading the arguments from ap: literal text, a plain %s or %c and
 * the small integers, the bulk of path formats, in a loop that keeps the cursor in
 * registers; every other specification through format_spec. Stops at the first
 * specification it does not reproduce (FALLBACK) or at a %n (PERCENT_N); o then holds
 * garbage.
 */
ALLOT__ALWAYS_INLINE enum outcome format_all(struct out *o, const char *fmt, va_list *ap,
                                             unsigned flags)
{
	struct out w = *o; /* no pointer to it leaves here: it stays in registers */
	struct spec s;
	const char *next;
	enum outcome r;

	for (;;) {
		char c = *fmt;

		while (c != '%') { /* literal text, up to the next specification */
			if (!c)
				goto done;
			if (w.pos < w.limit)
				w.buf[w.pos] = c;
			w.pos++;
			c = *++fmt;
		}
		if (fmt[1] == 's') { /* a plain %s: no width or precision to look at */
			const char *str = va_arg(*ap, const char *);

			if (!str)
				return FALLBACK;
			if (!(flags & ALLOT__FORMAT_SCRATCH_ROOM) || !put_short_string(&w, str, 0))
				put_bytes(&w, str, short_strlen(str));
			fmt += 2;
			continue;
		} else if (fmt[1] == '0' && fmt[2] == '2' && fmt[3] == 'x') {
			/*
			 * "%02x", Git's loose-object directories, and "%06o", its modes: the digits
			 * as small_integer below writes them, without a loop on the width
			 * (//benches:peers, path/loose and line/raw).
			 */
			zero_padded(&w, va_arg(*ap, unsigned), 2, 4, allot__hex_pairs, 'x');
			fmt += 4;
			continue;
		} else if (fmt[1] == '0' && fmt[2] == '6' && fmt[3] == 'o') {
			zero_padded(&w, va_arg(*ap, unsigned), 6, 3, allot__octal_pairs, 'o');
			fmt += 4;
			continue;
		} else if (fmt[1] == 'c') {
			plain_spec(&s, 'c');
			r = convert(&w, &s, ap);
			fmt += 2;
		} else if ((next = small_integer(&w, fmt + 1, ap)) != NULL) {
			r = DONE;
			fmt = next;
		} else { /* copies, so that neither the cursor nor fmt lives in memory */
			struct out slow = w;
			const char *f = fmt + 1;

			r = format_spec(&slow, &f, ap);
			w.pos = slow.pos;
			fmt = f;
		}
		if (r != DONE)
			return r;
	}
done:
	o->pos = w.pos;
	return DONE;
}

/*
 * Kept formats. A format that is a string literal (its bytes never change) is read once:
 * allot_path_addf's calls with one (alloc/path.h) keep what they read as ops, and later
 * calls run the ops, without reading the format. Each op is a conversion that format_all
 * formats itself, formatted by the same code (a plain %s or %c, "%02x", "%06o", a small
 * integer), or none, with the literal text after it, up to KEPT_TEXT bytes (more text
 * takes ops of no conversion; "%%" is text). A format with anything else, or more than
 * KEPT_OPS ops, is kept as one not to run: its calls read it, as without keeping.
 */
#define KEPT_TEXT 8
#define KEPT_OPS  16

/* One bit each: the runner tests them in turn (no table of jumps, which costs more). */
enum kept_kind {
	KEPT_STRING = 1,
	KEPT_OCTAL6 = 2,
	KEPT_CHAR = 4,
	KEPT_END = 8,
	KEPT_HEX2 = 16,
	KEPT_INTEGER = 32,
	KEPT_TEXT_ONLY = 64
};

struct kept_op {
	char text[KEPT_TEXT]; /* the literal text after the conversion; 0 past it */
	unsigned char kind;   /* enum kept_kind */
	unsigned char ntext;
	unsigned char flags; /* KEPT_INTEGER: small_integer_head's specification */
	signed char width;
	char conv;
};

struct allot__kept_format {
	const char *fmt; /* NULL for a format the ops do not take */
	struct kept_op op[KEPT_OPS];
};

/*
 * Appends an op's text: its KEPT_TEXT bytes at once when the room has them (the bytes
 * past the text land in the room past the output: ALLOT__FORMAT_SCRATCH_ROOM).
 */
ALLOT__ALWAYS_INLINE void put_kept_text(struct out *o, const struct kept_op *op)
{
	if (ALLOT__LIKELY(o->pos + KEPT_TEXT <= o->limit))
		memcpy(o->buf + o->pos, op->text, KEPT_TEXT);
	else if (o->pos + op->ntext <= o->limit)
		copy_bytes(o->buf + o->pos, op->text, op->ntext);
	o->pos += op->ntext;
}

/* Appends an op's text where the room is known to have KEPT_TEXT bytes. */
ALLOT__ALWAYS_INLINE void put_kept_text_in_room(struct out *o, const struct kept_op *op)
{
	memcpy(o->buf + o->pos, op->text, KEPT_TEXT);
	o->pos += op->ntext;
}

/*
 * "%0<width><conv>" as zero_padded() writes it, followed by op's text, when v has at most
 * width digits and the room has them and KEPT_TEXT bytes more: returns 1; else 0, with
 * nothing written.
 */
ALLOT__ALWAYS_INLINE int kept_zero_padded(struct out *o, const struct kept_op *op, unsigned v,
                                          int width, unsigned shift, const char *pairs)
{
	if (!ALLOT__LIKELY(v < 1u << ((unsigned) width * shift) &&
	                   o->pos + (size_t) width + KEPT_TEXT <= o->limit))
		return 0;
	fixed_digits(o->buf + o->pos, width, v, shift, pairs);
	o->pos += (size_t) width;
	put_kept_text_in_room(o, op);
	return 1;
}

/*
 * format_all for a kept format: runs its ops into o. The caller lets the formatter use
 * the room past the output (ALLOT__FORMAT_SCRATCH_ROOM). Returns DONE, or FALLBACK for a
 * null %s, as format_all. Where the room has a conversion's bytes and its text's, one
 * check covers both.
 */
ALLOT__ALWAYS_INLINE enum outcome run_kept(struct out *o, const struct kept_op *op, va_list *ap)
{
	struct out w = *o; /* no pointer to it leaves here: it stays in registers */
	struct spec s;

	put_kept_text(&w, op); /* the first op: the text before the first conversion */
	for (;;) {
		op++;
		if (op->kind & KEPT_STRING) {
			const char *str = va_arg(*ap, const char *);
			int r;

			if (!str)
				return FALLBACK;
			r = put_short_string(&w, str, KEPT_TEXT);
			if (ALLOT__LIKELY(r == 2)) {
				put_kept_text_in_room(&w, op);
				continue;
			}
			if (!r)
				put_bytes(&w, str, short_strlen(str));
		} else if (op->kind & KEPT_OCTAL6) {
			unsigned v = va_arg(*ap, unsigned);

			if (kept_zero_padded(&w, op, v, 6, 3, allot__octal_pairs))
				continue;
			zero_padded(&w, v, 6, 3, allot__octal_pairs, 'o');
		} else if (op->kind & KEPT_CHAR) {
			char c = (char) (unsigned char) va_arg(*ap, int);

			if (ALLOT__LIKELY(w.pos + 1 + KEPT_TEXT <= w.limit)) {
				w.buf[w.pos++] = c;
				put_kept_text_in_room(&w, op);
				continue;
			}
			plain_spec(&s, 'c');
			format_text(&w, &s, &c, 1); /* as convert() */
		} else if (op->kind & KEPT_END) {
			break;
		} else if (op->kind & KEPT_HEX2) {
			unsigned v = va_arg(*ap, unsigned);

			if (kept_zero_padded(&w, op, v, 2, 4, allot__hex_pairs))
				continue;
			zero_padded(&w, v, 2, 4, allot__hex_pairs, 'x');
		} else if (op->kind & KEPT_INTEGER) {
			plain_spec(&s, op->conv);
			s.flags = op->flags;
			s.width = op->width;
			small_integer_run(&w, &s, ap);
		} /* else KEPT_TEXT_ONLY */
		put_kept_text(&w, op);
	}
	o->pos = w.pos;
	return DONE;
}

#if defined(ALLOT__FORMAT_KEEPS_HERE) && ALLOT__FORMAT_KEEPS /* alloc/path.c keeps them */
/*
 * The kept formats: KEPT_FORMATS at most in a program, found by their address in
 * KEPT_SLOTS slots (a literal whose slot another holds is not kept). A slot holds
 * kept_none until it is set, once, to a format read whole before: a thread that reads
 * it sees the whole.
 */
#define KEPT_FORMATS 128
#define KEPT_SLOTS   512

/* Reads fmt into *k: returns 0 when it has anything the ops do not take. */
static int read_kept_format(const char *fmt, struct allot__kept_format *k)
{
	struct kept_op *op = &k->op[0]; /* the op the text goes to */
	size_t n = 1;

	memset(k, 0, sizeof(*k));
	op->kind = KEPT_TEXT_ONLY;
	for (;;) {
		char c = *fmt;

		if (c == '%' && fmt[1] != '%') {
			struct spec s;
			const char *next = fmt + 2;
			enum kept_kind kind;

			plain_spec(&s, 0);
			/* as format_all tells them apart, in its order */
			if (fmt[1] == 's') {
				kind = KEPT_STRING;
			} else if (fmt[1] == '0' && fmt[2] == '2' && fmt[3] == 'x') {
				kind = KEPT_HEX2;
				next = fmt + 4;
			} else if (fmt[1] == '0' && fmt[2] == '6' && fmt[3] == 'o') {
				kind = KEPT_OCTAL6;
				next = fmt + 4;
			} else if (fmt[1] == 'c') {
				kind = KEPT_CHAR;
			} else if (small_integer_conv(*(next = small_integer_head(fmt + 1, &s)))) {
				kind = KEPT_INTEGER;
				next++;
			} else {
				return 0;
			}
			if (n == KEPT_OPS)
				return 0;
			op = &k->op[n++];
			op->kind = (unsigned char) kind;
			op->flags = (unsigned char) s.flags;
			op->width = (signed char) s.width;
			op->conv = s.conv;
			fmt = next;
			continue;
		}
		if (!c)
			break;
		if (c == '%') /* "%%" */
			fmt++;
		if (op->ntext == KEPT_TEXT) {
			if (n == KEPT_OPS)
				return 0;
			op = &k->op[n++];
			op->kind = KEPT_TEXT_ONLY;
		}
		op->text[op->ntext++] = c;
		fmt++;
	}
	if (n == KEPT_OPS)
		return 0;
	k->op[n].kind = KEPT_END;
	return 1;
}

static const struct allot__kept_format kept_none; /* fmt NULL: no format's */
static struct allot__kept_format kept_formats[KEPT_FORMATS];
static size_t kept_taken;
ALLOT__EXTENSION static const struct allot__kept_format *kept_slots[KEPT_SLOTS] = {
    ALLOT__EACH_ELEMENT(KEPT_SLOTS) = &kept_none};

/* Reads fmt and keeps it in *slot, unless every kept format is taken: what the slot holds. */
ALLOT__NOINLINE const struct allot__kept_format *keep_format(const char *fmt,
                                                             const struct allot__kept_format **slot)
{
	struct allot__kept_format *k;
	size_t i;

	if (ALLOT__ATOMIC_LOAD(&kept_taken) >= KEPT_FORMATS ||
	    (i = ALLOT__ATOMIC_TAKE(&kept_taken)) >= KEPT_FORMATS)
		return &kept_none;
	k = &kept_formats[i];
	k->fmt = read_kept_format(fmt, k) ? fmt : NULL;
	ALLOT__ATOMIC_REPLACE_PTR(slot, &kept_none, k); /* (another thread's may be there now) */
	return ALLOT__ATOMIC_LOAD_PTR(slot);
}

ALLOT__ALWAYS_INLINE const struct allot__kept_format *allot__format_kept(const char *fmt)
{
	const struct allot__kept_format **slot = &kept_slots[(uintptr_t) fmt % KEPT_SLOTS];
	const struct allot__kept_format *k = ALLOT__ATOMIC_LOAD_PTR(slot);

	if (ALLOT__LIKELY(k->fmt == fmt))
		return k;
	if (k == &kept_none)
		k = keep_format(fmt, slot);
	return k->fmt == fmt ? k : NULL;
}
#endif

/*
 * A pass that did not end within the room (r: DONE), or was not the builtin's own (r:
 * FALLBACK or PERCENT_N; also an output over INT_MAX): counted, refused, left to the
 * caller, or formatted by the C library. Out of line, to keep the one pass lean.
 */
ALLOT__NOINLINE size_t not_in_room(char *buf, size_t at, size_t size, const char *fmt,
                                   va_list again, unsigned flags, enum outcome r, size_t end,
                                   int *outcome)
{
	va_list copy;

	if (r == DONE && end - at <= INT_MAX) {
		*outcome = ALLOT__FORMAT_TOO_LONG;
		return end;
	}
	if (flags & ALLOT__FORMAT_OWN_ONLY) {
		*outcome = ALLOT__FORMAT_NOT_MINE;
		return ALLOT__FORMAT_NO_END;
	}
	if (r == PERCENT_N || has_percent_n(fmt)) {
		*outcome = ALLOT__FORMAT_PERCENT_N;
		return ALLOT__FORMAT_NO_END;
	}
	if (flags & ALLOT__FORMAT_COUNT)
		ALLOT__COUNT(path_addf_fallback, 1);
	va_copy(copy, again);
	end = allot__libc_format(buf, at, size, fmt, &copy, again, outcome);
	va_end(copy);
	return end;
}

ALLOT__ALWAYS_INLINE size_t allot__format(char *buf, size_t at, size_t size, const char *fmt,
                                          va_list *args, va_list again, unsigned flags,
                                          int *outcome)
{
	static char nowhere[1]; /* no room: nothing is written, but the cursor needs a buffer */
	int has_room = (flags & ALLOT__FORMAT_HAS_ROOM) || size;
	struct out o;
	enum outcome r;

	o.buf = has_room ? buf : nowhere;
	o.start = at;
	o.pos = at;
	o.limit = has_room ? size - 1 : 0;
	r = format_all(&o, fmt, args, flags);
	if (ALLOT__LIKELY(r == DONE && o.pos < size &&
	                  ((flags & ALLOT__FORMAT_INT_ROOM) || o.pos - o.start <= INT_MAX))) {
		buf[o.pos] = '\0';
		return o.pos;
	}
	return not_in_room(buf, at, size, fmt, again, flags, r, o.pos, outcome);
}

/*
 * allot__format by kept's ops: for addf's first pass only (flags: those of
 * alloc/path.c's first_pass, room in buf and under INT_MAX, scratch room past it).
 */
ALLOT__ALWAYS_INLINE size_t allot__format_run(char *buf, size_t at, size_t size, const char *fmt,
                                              const struct allot__kept_format *kept, va_list *args,
                                              va_list again, unsigned flags, int *outcome)
{
	struct out o;
	enum outcome r;

	o.buf = buf;
	o.start = at;
	o.pos = at;
	o.limit = size - 1;
	r = run_kept(&o, kept->op, args);
	if (ALLOT__LIKELY(r == DONE && o.pos < size))
		buf[o.pos] = '\0';
	else
		o.pos = not_in_room(buf, at, size, fmt, again, flags, r, o.pos, outcome);
	return o.pos;
}

#endif /* ALLOT__STRATEGY_CODE */
