/* SPDX-License-Identifier: MIT */
/*
 * alloc/path.c: every call of alloc/path.h. Where the bytes live is the store's (the
 * hooks of alloc/path_internal.h, which strategies/path_store.c brings in); how addf
 * formats is the formatter's (alloc/format_internal.h, from strategies/path_format.c).
 */
#include <limits.h>
#include <stdarg.h>
#include <string.h>
#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h> /* addhex: 16 bytes at a time */
#endif

#include "alloc/format_internal.h"
#include "alloc/internal.h"
#include "alloc/path.h"
#include "alloc/path_internal.h"

#define ALLOT__STRATEGY_CODE     1
#define ALLOT__FORMAT_KEEPS_HERE 1
#include "strategies/path_format.c"
#include "strategies/path_store.c"

/* What the headers' translation units refer to (alloc/config.h, "Matching the library"). */
void ALLOT__PATH_BUILT_WITH(void)
{
}

char allot__path_slopbuf[1];

/*
 * With ALLOT_CHECKS, fn (the API function called) dies with a BUG when p is not a path
 * as allot left it: the shared empty string written to (by a caller that wrote to buf
 * without growing first, say after a detach or a release), a len beyond the capacity
 * (an uninitialised or corrupted struct), or a copied struct. Nothing otherwise.
 */
#if ALLOT_CHECKS
#define ALLOT__PATH_CHECK(p, fn) check_path((p), (fn))
static void check_path(const struct allot_path *p, const char *fn)
{
	char what[160];
	const char *why = NULL;

	if (allot__path_slopbuf[0] != '\0')
		why = "a path with no capacity had its buffer written to (grow it first)";
	else if (!p->buf ||
	         (p->alloc ? p->len >= p->alloc : p->len != 0 || p->buf != allot__path_slopbuf))
		why = "the path is not initialised, or is corrupted (len beyond its capacity)";
	else if (allot__path_copied(p))
		why = "the path was copied by assignment (move it with allot_path_move)";
	if (!why)
		return;
	allot__path_slopbuf[0] = '\0'; /* so that the paths after this BUG still work */
	snprintf(what, sizeof(what), "%s: %s", fn, why);
	allot__bug(what);
}
#else
#define ALLOT__PATH_CHECK(p, fn) ((void) 0)
#endif

void allot_path_init(struct allot_path *p, size_t hint)
{
	p->alloc = 0;
	p->len = 0;
	p->buf = allot__path_slopbuf;
	if (hint)
		allot_path_grow(p, hint);
}

void allot_path_release(struct allot_path *p)
{
	ALLOT__PATH_CHECK(p, "allot_path_release");
	if (allot__path_on_heap(p))
		allot__free(p->buf);
	allot_path_init(p, 0);
}

void allot__path_reset_slow(struct allot_path *p)
{
	ALLOT__PATH_CHECK(p, "allot_path_reset");
	if (p->alloc) /* an empty path's buffer is the shared empty string: already "" */
		p->buf[0] = '\0';
	p->len = 0;
}

char *allot_path_detach(struct allot_path *p, size_t *len)
{
	char *out;

	ALLOT__PATH_CHECK(p, "allot_path_detach");
	if (allot__path_on_heap(p)) {
		out = p->buf;
	} else {
		out = allot__malloc(p->len + 1); /* len + 1 fits: the bytes are in memory */
		memcpy(out, p->buf, p->len + 1);
	}
	if (len)
		*len = p->len;
	allot_path_init(p, 0);
	return out;
}

void allot_path_move(struct allot_path *dst, struct allot_path *src)
{
	if (dst == src)
		return;
	ALLOT__PATH_CHECK(src, "allot_path_move");
	allot_path_release(dst);
	if (allot__path_on_heap(src)) {
		dst->alloc = src->alloc;
		dst->len = src->len;
		dst->buf = src->buf;
		allot_path_init(src, 0);
		return;
	}
	/* src's bytes are inside src (or src is empty): copy them into dst's own storage. */
	allot_path_add(dst, src->buf, src->len);
	allot_path_release(src);
}

/* Git's growth policy (alloc_nr): half again, plus some, so appends are amortised O(1). */
static size_t grown(size_t alloc)
{
	return alloc < (SIZE_MAX / 3 - 16) ? (alloc + 16) * 3 / 2 : SIZE_MAX;
}

void allot_path_grow(struct allot_path *p, size_t extra)
{
	size_t need;
	size_t want;

	ALLOT__PATH_CHECK(p, "allot_path_grow");
	need = allot__add(allot__add(p->len, extra), 1);
	if (need <= p->alloc)
		return;
	want = grown(p->alloc);
	allot__path_resize(p, need, want > need ? want : need);
}

void allot__path_setlen_slow(struct allot_path *p, size_t len)
{
	ALLOT__PATH_CHECK(p, "allot_path_setlen");
	if (len > (p->alloc ? p->alloc - 1 : 0))
		allot__bug("allot_path_setlen: len is beyond the path's capacity");
	if (p->alloc) /* an empty path's buffer is the shared empty string: already "" */
		p->buf[len] = '\0';
	p->len = len;
}

void allot__path_add_slow(struct allot_path *p, const void *data, size_t len)
{
	ALLOT__PATH_CHECK(p, "allot_path_add");
	if (len > allot_path_avail(p)) {
		/* data may point into p->buf, which the grow can move */
		size_t offset = (size_t) ((const char *) data - p->buf);
		int inside = (const char *) data >= p->buf && offset < p->len;

		allot_path_grow(p, len);
		if (inside)
			data = p->buf + offset;
	}
	memmove(p->buf + p->len, data, len);
	p->len += len;
	p->buf[p->len] = '\0';
}

void allot__path_addch_slow(struct allot_path *p, int c)
{
	ALLOT__PATH_CHECK(p, "allot_path_addch");
	if (!allot_path_avail(p))
		allot_path_grow(p, 1);
	p->buf[p->len++] = (char) c;
	p->buf[p->len] = '\0';
}

void allot_path_complete(struct allot_path *p, char term)
{
	if (p->len && p->buf[p->len - 1] != term)
		allot_path_addch(p, term);
}

#if defined(__SSE2__) && defined(__GNUC__)
/*
 * The hex digits of 8 or 16 bytes at once: each byte's two nibbles unpacked to bytes of
 * their own, in output order, then '0' added, and 'a' - '0' - 10 more to those over 9.
 */
static __m128i hex_digits_of(__m128i nibbles)
{
	__m128i letters = _mm_cmpgt_epi8(nibbles, _mm_set1_epi8(9));

	return _mm_add_epi8(_mm_add_epi8(nibbles, _mm_set1_epi8('0')),
	                    _mm_and_si128(letters, _mm_set1_epi8('a' - '0' - 10)));
}

/* The 2 * len digits (len 8 or 16) of bytes at out. */
static void hex_block(char *out, const unsigned char *bytes, size_t len)
{
	__m128i in = len == 16 ? _mm_loadu_si128((const __m128i *) (const void *) bytes)
	                       : _mm_loadl_epi64((const __m128i *) (const void *) bytes);
	__m128i low = _mm_set1_epi8(0x0f);
	__m128i hi = _mm_and_si128(_mm_srli_epi16(in, 4), low);
	__m128i lo = _mm_and_si128(in, low);

	_mm_storeu_si128((__m128i *) (void *) out, hex_digits_of(_mm_unpacklo_epi8(hi, lo)));
	if (len == 16)
		_mm_storeu_si128((__m128i *) (void *) (out + 16),
		                 hex_digits_of(_mm_unpackhi_epi8(hi, lo)));
}

/*
 * Writes the digits of bytes[0 .. n) from 8 bytes up: blocks of 16 from the start, and
 * the last block of 16 ending at n, over digits already written (the same ones); under 16
 * bytes, a block of 8 at the start and one that ends at n. Returns how many bytes it
 * wrote the digits of: n, or 0 under 8.
 */
static size_t hex_blocks(char *out, const unsigned char *bytes, size_t n)
{
	size_t i, last;

	if (n < 8)
		return 0;
	if (n < 16) {
		hex_block(out, bytes, 8);
		hex_block(out + 2 * (n - 8), bytes + n - 8, 8);
		return n;
	}
	last = n - 16;
	for (i = 0; i < last; i += 16)
		hex_block(out + 2 * i, bytes + i, 16);
	hex_block(out + 2 * last, bytes + last, 16);
	return n;
}
#else
static size_t hex_blocks(char *out, const unsigned char *bytes, size_t n)
{
	(void) out;
	(void) bytes;
	(void) n;
	return 0;
}
#endif

/* addhex when the digits do not fit: grows, then adds them. Out of line: no register to save. */
ALLOT__NOINLINE void addhex_grown(struct allot_path *p, const unsigned char *bytes, size_t n)
{
	allot_path_grow(p, allot__mul(n, 2));
	allot_path_addhex(p, bytes, n);
}

void allot_path_addhex(struct allot_path *p, const unsigned char *bytes, size_t n)
{
	char *out, *end;
	size_t done;

	/* (2 * n wraps only over SIZE_MAX / 2, which no array's size is: that one dies.) */
	if (!ALLOT__PATH_FITS(p, 2 * n) || n > (size_t) -1 / 2) {
		addhex_grown(p, bytes, n);
		return;
	}
	/* p updated first: the digits' stores may alias it, and need nothing of it then */
	out = p->buf + p->len;
	p->len += 2 * n;
	end = out + 2 * n;
	*end = '\0';
	done = hex_blocks(out, bytes, n);
	for (out += 2 * done, bytes += done; out != end; out += 2)
		memcpy(out, allot__hex_pairs + 2 * (size_t) *bytes++, 2);
}

void allot_path_adduint(struct allot_path *p, uintmax_t v)
{
	char digits[ALLOT__DIGITS_ROOM], *end = digits + sizeof(digits), *d;

	d = allot__digits_before(end, v, 10, allot__decimal_pairs);
	if (d == end) /* the value 0 has no digits of its own */
		*--d = '0';
	allot_path_add(p, d, (size_t) (end - d));
}

void allot_path_attach(struct allot_path *p, char *buf, size_t len, size_t alloc)
{
	ALLOT__PATH_CHECK(p, "allot_path_attach");
	if (alloc <= len)
		allot__bug("allot_path_attach: alloc must be larger than len (room for the NUL)");
	allot_path_release(p);
	buf[len] = '\0';
	allot__path_adopt(p, buf, len, alloc);
}

void allot_path_addpath(struct allot_path *p, const struct allot_path *src)
{
	size_t n = src->len;

	ALLOT__PATH_CHECK(p, "allot_path_addpath");
	allot_path_grow(p, n);
	memcpy(p->buf + p->len, src->buf, n); /* src->buf read after the grow: src may be p */
	p->len += n;
	p->buf[p->len] = '\0';
}

void allot_path_addchars(struct allot_path *p, int c, size_t n)
{
	ALLOT__PATH_CHECK(p, "allot_path_addchars");
	allot_path_grow(p, n);
	memset(p->buf + p->len, c, n);
	p->len += n;
	p->buf[p->len] = '\0';
}

/* splice, with fn the API call for the checks' messages. */
static void splice_in(struct allot_path *p, size_t pos, size_t remove, const void *data, size_t len,
                      const char *fn, const char *past_the_end)
{
	char *tail;
	size_t tail_len;

	(void) fn; /* for the checks, when ALLOT_CHECKS=1 */
	ALLOT__PATH_CHECK(p, fn);
	if (pos > p->len || remove > p->len - pos)
		allot__bug(past_the_end);
	if (len > remove)
		allot_path_grow(p, len - remove);
	tail = p->buf + pos + remove;
	tail_len = p->len - pos - remove;
	if (len != remove)
		memmove(p->buf + pos + len, tail, tail_len);
	if (len)
		memcpy(p->buf + pos, data, len);
	p->len = p->len - remove + len;
	if (p->alloc) /* an empty path stays on the shared empty string */
		p->buf[p->len] = '\0';
}

void allot_path_splice(struct allot_path *p, size_t pos, size_t remove, const void *data,
                       size_t len)
{
	splice_in(p, pos, remove, data, len, "allot_path_splice",
	          "allot_path_splice: pos + remove is past the end of the path");
}

void allot_path_insert(struct allot_path *p, size_t pos, const void *data, size_t len)
{
	splice_in(p, pos, 0, data, len, "allot_path_insert",
	          "allot_path_insert: pos is past the end of the path");
}

void allot_path_remove(struct allot_path *p, size_t pos, size_t len)
{
	splice_in(p, pos, len, NULL, 0, "allot_path_remove",
	          "allot_path_remove: pos + len is past the end of the path");
}

int allot_path_strip_suffix(struct allot_path *p, const char *suffix)
{
	size_t n = strlen(suffix);

	ALLOT__PATH_CHECK(p, "allot_path_strip_suffix");
	if (n > p->len || memcmp(p->buf + p->len - n, suffix, n))
		return 0;
	allot_path_setlen(p, p->len - n);
	return 1;
}

void allot_path_trim_trailing(struct allot_path *p, char c)
{
	size_t len = p->len;

	ALLOT__PATH_CHECK(p, "allot_path_trim_trailing");
	while (len && p->buf[len - 1] == c)
		len--;
	allot_path_setlen(p, len);
}

/*
 * addf after a first pass that did not fit (outcome TOO_LONG, end counted) or that the
 * builtin left to the C library (NOT_MINE): formats the call the whole way, grows p to
 * the length counted and formats again when it did not fit, or dies with p as it was.
 * ap holds the arguments from the first. Out of line, to keep addf lean.
 */
ALLOT__NOINLINE void format_again(struct allot_path *p, const char *fmt, va_list ap, size_t end,
                                  int outcome)
{
	va_list args;

	p->buf[p->len] = '\0'; /* the first pass wrote over it: p is as it was */
	if (outcome == ALLOT__FORMAT_NOT_MINE) {
		va_copy(args, ap);
		end = allot__format(p->buf, p->len, p->alloc, fmt, &args, ap,
		                    ALLOT__FORMAT_COUNT | ALLOT__FORMAT_HAS_ROOM |
		                        ALLOT__FORMAT_SCRATCH_ROOM,
		                    &outcome);
		va_end(args);
		if (end < p->alloc) {
			p->len = end;
			return;
		}
		p->buf[p->len] = '\0';
	}
	allot__format_check(outcome, "allot_path_addf");
	allot_path_grow(p, end - p->len);
	va_copy(args, ap);
	if (allot__format(p->buf, p->len, p->alloc, fmt, &args, ap,
	                  ALLOT__FORMAT_HAS_ROOM | ALLOT__FORMAT_SCRATCH_ROOM, &outcome) != end) {
		p->buf[p->len] = '\0';
		allot__bug("allot_path_addf: the arguments changed between two passes "
		           "(does a %s argument point into the path itself?)");
	}
	va_end(args);
	p->len = end;
}

/*
 * addf's first pass: fmt formatted with *args into p's free space, where the formatter
 * does it alone (ALLOT__FORMAT_OWN_ONLY: it never reads args_again, so a caller may pass
 * the list it consumes), by what the formatter kept of fmt when kept is not NULL.
 * Returns 1 when p holds the output; otherwise 0, with *end and *outcome for
 * format_again.
 */
ALLOT__ALWAYS_INLINE int first_pass(struct allot_path *p, const char *fmt,
                                    const struct allot__kept_format *kept, va_list *args,
                                    va_list args_again, size_t *end, int *outcome)
{
	unsigned flags = ALLOT__FORMAT_OWN_ONLY | ALLOT__FORMAT_HAS_ROOM | ALLOT__FORMAT_INT_ROOM |
	                 ALLOT__FORMAT_SCRATCH_ROOM;
	size_t alloc;

	if (ALLOT__UNLIKELY(p->alloc - 1 > (size_t) INT_MAX)) { /* alloc 0, or over 2 GiB */
		if (p->alloc) { /* an output that fits may not fit an int: the full pass checks */
			*end = ALLOT__FORMAT_NO_END;
			*outcome = ALLOT__FORMAT_NOT_MINE;
			return 0;
		}
		allot_path_grow(p, 64); /* no buffer yet: one now, as strbuf_addf does */
	}
	alloc = p->alloc; /* (the bytes written may alias p: p is not read again) */
	(void) kept;
#if ALLOT__FORMAT_KEEPS
	if (kept)
		*end = allot__format_run(p->buf, p->len, alloc, fmt, kept, args, args_again, flags,
		                         outcome);
	else
#endif
		*end = allot__format(p->buf, p->len, alloc, fmt, args, args_again, flags, outcome);
	if (ALLOT__LIKELY(*end < alloc)) {
		p->len = *end;
		return 1;
	}
	return 0;
}

/*
 * addf starts its list once for the first pass and again only for format_again: a
 * second list, started or copied beside the first, costs a sixth of a short path's
 * formatting. (A macro, as the list must be started in the variadic function itself.)
 */
#define ADDF_BODY(p, fmt, kept)                                                   \
	do {                                                                      \
		const struct allot__kept_format *the_kept = (kept);               \
		va_list args;                                                     \
		size_t end;                                                       \
		int outcome, done;                                                \
                                                                                  \
		ALLOT__PATH_CHECK(p, "allot_path_addf");                          \
		ALLOT__COUNT(path_addf, 1);                                       \
		va_start(args, fmt);                                              \
		done = first_pass(p, fmt, the_kept, &args, args, &end, &outcome); \
		va_end(args);                                                     \
		if (ALLOT__LIKELY(done))                                          \
			return;                                                   \
		va_start(args, fmt);                                              \
		format_again(p, fmt, args, end, outcome);                         \
		va_end(args);                                                     \
	} while (0)

void(allot_path_addf)(struct allot_path *p, const char *fmt, ...)
{
	ADDF_BODY(p, fmt, NULL);
}

/* The formatter's kept ops for fmt, a string literal (alloc/path.h), when it keeps formats. */
void allot__path_addf_literal(struct allot_path *p, const char *fmt, ...)
{
#if ALLOT__FORMAT_KEEPS
	ADDF_BODY(p, fmt, allot__format_kept(fmt));
#else
	ADDF_BODY(p, fmt, NULL);
#endif
}

void allot_path_vaddf(struct allot_path *p, const char *fmt, va_list ap)
{
	va_list args;
	size_t end;
	int outcome, done;

	ALLOT__PATH_CHECK(p, "allot_path_vaddf");
	ALLOT__COUNT(path_addf, 1);
	va_copy(args, ap);
	done = first_pass(p, fmt, NULL, &args, args, &end, &outcome);
	va_end(args);
	if (ALLOT__LIKELY(done))
		return;
	format_again(p, fmt, ap, end, outcome);
}

int allot_path_cmp(const struct allot_path *a, const struct allot_path *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->buf, b->buf, n);

	if (c)
		return c;
	return (a->len > b->len) - (a->len < b->len);
}
