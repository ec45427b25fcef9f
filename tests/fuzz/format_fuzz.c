/* SPDX-License-Identifier: MIT */
/*
 * The formatter's fuzz target: fuzzer-chosen formats of the conversions the builtin
 * supports, with fuzzer-chosen arguments, through allot_path_addf, allot_pool_strfmt,
 * allot_vsnprintf (into a buffer of a size the input picks, 0 to the output's length
 * and more) and vsnprintf; any difference aborts.
 *
 * An input is format text, a NUL, then argument bytes:
 *  - Each line of the text is one allot_path_addf call; the calls append to one path.
 *    It is also one allot_pool_strfmt call, into a pool whose block has more or less
 *    room left (the state byte and the line's length say how much).
 *    A line is used only if each '%' starts "%%" or a specification that format_gen.h
 *    parses (flags, counts of at most 4 digits or "*", hh h l ll j z t, diuxXocs) and
 *    it takes at most FG_MAX_ARGS arguments; other lines are skipped.
 *  - Each line is also one allot_vsnprintf call, into a buffer of (state byte * 7 +
 *    the line's length * 13) % (the output's length + 3) bytes, against vsnprintf's.
 *  - The argument bytes, in order: the path's first state (one byte), then per argument
 *    two bytes for a "*" (a signed 16-bit count), a length byte and that many bytes for
 *    a %s, eight bytes (little-endian) for any other. Missing bytes read as 0.
 *
 * Built with -fsanitize=fuzzer (tests/fuzz_check.sh, clang) it is a libFuzzer target;
 * linked with tests/fuzz_replay.c it replays a corpus on any toolchain.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/alloc.h"
#include "tests/expect.h"
#include "tests/format_gen.h"

#define COUNTS_FALLBACKS (ALLOT_STATS && EXPECT_PATH_FORMAT_OWN)
#define MAX_OUTPUT       (1 << 20) /* what the expected path may hold; more is not tried */

struct reader {
	const unsigned char *at, *end;
};

static unsigned byte(struct reader *r)
{
	return r->at < r->end ? *r->at++ : 0;
}

struct fuzz {
	struct allot_path path;
	char *expected;         /* what the path must hold: every vsnprintf output so far */
	struct allot_pool pool; /* for allot_pool_strfmt, with blocks of 512 bytes */
	unsigned state;
	size_t len;
	const char *line;
};

static char output[MAX_OUTPUT];

static void fail(const struct fuzz *f, const char *what)
{
	fprintf(stderr, "format_fuzz: %s for the line \"%s\"\n", what, f->line);
	abort();
}

/*
 * allot_vsnprintf into a buffer of a size the input picks, against vsnprintf into
 * another: the same count, the same bytes, nothing written past the size. output holds
 * the whole output, n bytes.
 */
static void compare_sized(const struct fuzz *f, const char *fmt, va_list ap, size_t n)
{
	static char got[MAX_OUTPUT + 8];
	size_t size = (f->state * 7 + strlen(fmt) * 13) % (n + 3), i;
	int m;

	memset(got, 'x', size + 8);
	m = allot_vsnprintf(size ? got : NULL, size, fmt, ap);
	if (m < 0 || (size_t) m != n)
		fail(f, "allot_vsnprintf's count differs");
	for (i = 0; i + 1 < size && i < n; i++)
		if (got[i] != output[i])
			fail(f, "allot_vsnprintf's bytes differ");
	if (size && got[i] != '\0')
		fail(f, "allot_vsnprintf's NUL is not at size - 1");
	for (i = size; i < size + 8; i++)
		if (got[i] != 'x')
			fail(f, "allot_vsnprintf wrote past the size");
}

/* The fg_fn: appends with both formatters and compares the whole path. */
static void compare(void *ctx, const char *fmt, ...)
{
	struct fuzz *f = ctx;
	struct allot_stats before, after;
	va_list ap, copy, pool_ap, sized_ap;
	char *got;
	int n;

	va_start(ap, fmt);
	va_copy(copy, ap);
	va_copy(pool_ap, ap);
	va_copy(sized_ap, ap);
	n = vsnprintf(output, sizeof(output), fmt, copy);
	va_end(copy);
	if (n < 0 || (size_t) n >= sizeof(output) - f->len) {
		va_end(sized_ap);
		va_end(pool_ap);
		va_end(ap);
		return; /* not a case for the comparison: vsnprintf could not, or too long */
	}
	compare_sized(f, fmt, sized_ap, (size_t) n);
	va_end(sized_ap);
	allot_stats_get(&before);
	allot_path_vaddf(&f->path, fmt, ap);
	allot_stats_get(&after);
	va_end(ap);
	allot_pool_clear(&f->pool);
	allot_pool_alloc_aligned(&f->pool, (f->state * 31 + strlen(fmt) * 7) % 600, 1);
	got = allot_pool_vstrfmt(&f->pool, fmt, pool_ap);
	va_end(pool_ap);
	if (memcmp(got, output, (size_t) n + 1))
		fail(f, "allot_pool_strfmt's bytes differ");
	memcpy(f->expected + f->len, output, (size_t) n + 1);
	f->len += (size_t) n;
	if (f->path.len != f->len)
		fail(f, "the lengths differ");
	if (memcmp(f->path.buf, f->expected, f->len + 1))
		fail(f, "the bytes differ");
	if (COUNTS_FALLBACKS && after.path_addf_fallback != before.path_addf_fallback)
		fail(f, "the builtin handed a supported format to libc");
}

/* Reads the arguments that the specifications of line take; returns their number or -1. */
static int read_arguments(const char *line, struct reader *r, struct fg_arg *a, char strings[][256])
{
	int n = 0;

	while ((line = strchr(line, '%')) != NULL) {
		struct fg_spec s;
		int i, count;

		line++;
		if (*line == '%') {
			line++;
			continue;
		}
		if (!fg_parse(&line, &s) || n + fg_arg_count(&s) > FG_MAX_ARGS)
			return -1;
		count = fg_arg_count(&s);
		for (i = 0; i + 1 < count; i++) { /* the stars */
			int lo = (int) byte(r), hi = (int) byte(r);

			a[n].kind = FG_INT;
			a[n].bits = (uintmax_t) (intmax_t) (short) (lo | hi << 8);
			a[n++].str = NULL;
		}
		a[n].kind = fg_value_kind(&s);
		a[n].bits = 0;
		a[n].str = NULL;
		if (a[n].kind == FG_STR) {
			unsigned len = byte(r), j;

			for (j = 0; j < len; j++)
				strings[n][j] = (char) byte(r);
			strings[n][len] = '\0';
			a[n].str = strings[n];
		} else {
			for (i = 0; i < 8; i++)
				a[n].bits |= (uintmax_t) byte(r) << (8 * i);
		}
		n++;
	}
	return n;
}

/* Sets the path up as the state byte says: empty, with room, or nearly full. */
static void prepare(struct allot_path *p, unsigned state, char *expected, size_t *len)
{
	allot_path_init(p, 0);
	if (state % 3 == 1)
		allot_path_init(p, 1 + state % 200);
	else if (state % 3 == 2)
		while (allot_path_avail(p) > state % 4 || !p->alloc)
			allot_path_addch(p, 'a' + (int) (p->len % 26));
	memcpy(expected, p->buf, p->len + 1);
	*len = p->len;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static char expected[MAX_OUTPUT + 1];
	const unsigned char *nul = memchr(data, 0, size);
	struct reader r;
	struct fuzz f;
	char *text, *line, *next;

	if (!nul)
		return 0;
	text = malloc((size_t) (nul - data) + 1);
	if (!text)
		return 0;
	memcpy(text, data, (size_t) (nul - data) + 1);
	r.at = nul + 1;
	r.end = data + size;
	f.expected = expected;
	f.state = byte(&r);
	allot_pool_init(&f.pool, 512);
	prepare(&f.path, f.state, expected, &f.len);
	for (line = text; line; line = next) {
		struct fg_arg a[FG_MAX_ARGS];
		char strings[FG_MAX_ARGS][256];
		int n;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		n = read_arguments(line, &r, a, strings);
		if (n < 0)
			continue;
		f.line = line;
		fg_call(compare, &f, line, a, n);
	}
	allot_path_release(&f.path);
	allot_pool_release(&f.pool);
	free(text);
	return 0;
}
