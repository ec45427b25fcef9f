/* SPDX-License-Identifier: MIT */
/*
 * The differential test of allot_path_addf: every format strategy must append exactly
 * the bytes that this platform's vsnprintf writes for the same format and arguments.
 *
 * The test generates conversion specifications (every flag set x widths x precisions x
 * conversions x length modifiers, with boundary values of each argument type: 0, +-1,
 * type minimum and maximum, long, empty and non-ASCII strings), and random formats of
 * several conversions and literal text; each call runs on a path in one of three
 * states (empty, with room, nearly full, so that a call must grow it part way). Under
 * the builtin formatter with stats on, it also checks that these calls were formatted
 * by allot itself and not handed to libc, and that the calls that must go to libc did.
 * Under ALLOT_TEST_SAMPLE (tests/check.h) a sample of the generated cases runs.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "alloc/alloc.h"
#include "tests/check.h"
#include "tests/expect.h"
#include "tests/format_gen.h"

#if defined(__MINGW32__) && !__USE_MINGW_ANSI_STDIO
#define MSVCRT 1 /* msvcrt.dll's printf (see strategies/path_format_builtin.h) */
#else
#define MSVCRT 0
#endif

/* Whether calls going to libc can be seen: only the builtin hands any over. */
#define COUNTS_FALLBACKS (ALLOT_STATS && EXPECT_PATH_FORMAT_OWN)

/* What the builtin promises to format itself (strategies/path_format_builtin.h's header comment). */
static int builtin_formats(const struct fg_spec *s)
{
	int text = s->conv == 'c' || s->conv == 's';
	int zero = strchr(s->flags, '0') != NULL;

	if (!MSVCRT)
		return 1;
	/* msvcrt.dll: hh j z t ll, "0" on text, a precision on %c, "0" with a precision, "#o" */
	if (s->length != 0 && strcmp(fg_lengths[s->length], "h") &&
	    strcmp(fg_lengths[s->length], "l"))
		return 0;
	if (text ? zero || (s->conv == 'c' && s->prec != FG_NONE) : zero && s->prec != FG_NONE)
		return 0;
	return !(s->conv == 'o' && strchr(s->flags, '#'));
}

static char want[1 << 17]; /* vsnprintf's output */

struct diff {
	struct allot_path path;
	struct allot_pool pool; /* for allot_pool_vstrfmt, which must give the same bytes */
	unsigned long calls, failures;
	int expect_fallback; /* this call must go to libc */
	char prefix[512];    /* what the path held before the call */
	char what[512];      /* the call being made, for the failure message */
	char first[2048];    /* the first failure */
};

/* Writes n bytes of s into out (size cap) with C escapes for anything unprintable. */
static void escape(char *out, size_t cap, const char *s, size_t n)
{
	size_t o = 0, i;

	for (i = 0; i < n && o + 8 < cap; i++) {
		unsigned char c = (unsigned char) s[i];

		if (c >= 0x20 && c < 0x7f && c != '\\' && c != '"')
			out[o++] = (char) c;
		else
			o += (size_t) snprintf(out + o, cap - o, "\\x%02x", c);
	}
	out[o] = '\0';
	if (i < n && cap > 4)
		memcpy(out + (o < cap - 4 ? o : cap - 4), "...", 4);
}

/*
 * Sets the path up for call number d->calls: empty (nothing allocated), with a prefix
 * and room to spare, or with a prefix that leaves 0 to 3 bytes free, so that nearly
 * every call must grow it part way through.
 */
static void prepare(struct diff *d)
{
	struct allot_path *p = &d->path;

	allot_path_release(p);
	switch (d->calls % 3) {
	case 0:
		break;
	case 1:
		allot_path_init(p, 256);
		allot_path_addstr(p, "objects/");
		break;
	default:
		allot_path_init(p, 8);
		while (allot_path_avail(p) > d->calls % 4)
			allot_path_addch(p, 'a' + (int) (allot_path_avail(p) % 26));
		break;
	}
	memcpy(d->prefix, p->buf, p->len + 1);
}

static unsigned long long fallbacks(void)
{
	struct allot_stats s;

	allot_stats_get(&s);
	return s.path_addf_fallback;
}

/*
 * The same call through allot_pool_vstrfmt, into a pool with more or less room left in
 * its block: the same bytes as vsnprintf (n of them), or the die handler when n < 0.
 * Returns whether it did; on a failure, ok is cleared through the caller.
 */
static int compare_pool(struct diff *d, const char *fmt, va_list ap, int n)
{
	unsigned long long before_fallbacks;
	char *s;
	int ok;

	allot_pool_clear(&d->pool);
	allot_pool_alloc_aligned(&d->pool, d->calls * 37 % 520, 1); /* the room left varies */
	before_fallbacks = fallbacks();
	if (n < 0) {
		size_t used = allot_pool_used(&d->pool);

		CHECK_DIES(allot_pool_vstrfmt(&d->pool, fmt, ap),
		           "allot_pool_strfmt: the C library could not format");
		ok = allot_pool_used(&d->pool) == used;
	} else {
		s = allot_pool_vstrfmt(&d->pool, fmt, ap);
		ok = !memcmp(s, want, (size_t) n + 1);
	}
	if (COUNTS_FALLBACKS && fallbacks() - before_fallbacks != (unsigned) d->expect_fallback)
		ok = 0;
	if (!ok && !d->failures++)
		snprintf(d->first, sizeof(d->first),
		         "%s: allot_pool_vstrfmt differs from vsnprintf", d->what);
	return ok;
}

/*
 * The fg_fn that every call goes through: formats with vsnprintf and with
 * allot_path_vaddf, and records the first difference. A format that vsnprintf cannot
 * format must reach the die handler, with the path as it was.
 */
static void compare(void *ctx, const char *fmt, ...)
{
	struct diff *d = ctx;
	struct allot_path *p = &d->path;
	va_list ap, copy, pool_ap;
	unsigned long long before_fallbacks;
	size_t before;
	int n, ok;

	prepare(d);
	before = p->len;
	va_start(ap, fmt);
	va_copy(copy, ap);
	va_copy(pool_ap, ap);
	n = vsnprintf(want, sizeof(want), fmt, copy);
	va_end(copy);
	CHECK(n < (int) sizeof(want));
	before_fallbacks = fallbacks();
	if (n < 0) {
		CHECK_DIES(allot_path_vaddf(p, fmt, ap),
		           "allot_path_addf: the C library could not format");
		ok = p->len == before && !memcmp(p->buf, d->prefix, before + 1);
	} else {
		allot_path_vaddf(p, fmt, ap);
		ok = p->len == before + (size_t) n && !memcmp(p->buf, d->prefix, before) &&
		     !memcmp(p->buf + before, want, (size_t) n + 1);
	}
	if (COUNTS_FALLBACKS && fallbacks() - before_fallbacks != (unsigned) d->expect_fallback)
		ok = 0;
	if (ok && !compare_pool(d, fmt, pool_ap, n))
		snprintf(d->what + strlen(d->what), sizeof(d->what) - strlen(d->what),
		         " (allot_pool_vstrfmt)");
	va_end(pool_ap);
	va_end(ap);
	d->calls++;
	if (!ok && !d->failures++) {
		char w[512], g[512];

		escape(w, sizeof(w), want, n < 0 ? 0 : (size_t) n);
		escape(g, sizeof(g), p->buf + before, p->len >= before ? p->len - before : 0);
		snprintf(d->first, sizeof(d->first),
		         "%s: vsnprintf gave %d bytes \"%s\", allot_path_vaddf %lu bytes \"%s\" "
		         "(path held %lu bytes; went to libc: %s)",
		         d->what, n, w, (unsigned long) (p->len - before), g,
		         (unsigned long) before, fallbacks() != before_fallbacks ? "yes" : "no");
	}
}

/* Describes the call in d->what and makes it through fg_call. */
static void run(struct diff *d, const char *fmt, const struct fg_arg *a, int n, int fallback)
{
	size_t o;
	int i;

	o = (size_t) snprintf(d->what, sizeof(d->what), "format \"%s\", arguments", fmt);
	for (i = 0; i < n && o < sizeof(d->what); i++) {
		if (a[i].kind == FG_STR)
			o += (size_t) snprintf(d->what + o, sizeof(d->what) - o, " \"%.40s\"",
			                       a[i].str ? a[i].str : "(NULL)");
		else
			o += (size_t) snprintf(d->what + o, sizeof(d->what) - o, " kind%d:%#llx",
			                       (int) a[i].kind, (unsigned long long) a[i].bits);
	}
	d->expect_fallback = fallback;
	fg_call(compare, d, fmt, a, n);
}

static void finish(struct diff *d)
{
	allot_path_release(&d->path);
	allot_pool_release(&d->pool);
	if (d->failures)
		allot_check_fail(__FILE__, __LINE__, "%lu of %lu calls differ; the first: %s",
		                 d->failures, d->calls, d->first);
}

/* Four calls of spec s, each with other arguments, through run(): every spec, or the
 * sample ALLOT_TEST_SAMPLE keeps (tests/check.h). */
struct grid {
	struct diff *d;
	unsigned long k, specs;
};

static void run_spec(void *ctx, const struct fg_spec *s)
{
	struct grid *g = ctx;
	char fmt[64] = "<";
	struct fg_arg a[FG_MAX_ARGS];
	int i, n;

	if (!allot_test_sampled(g->specs++))
		return;
	strcpy(fmt + 1 + fg_render(fmt + 1, s), ">");
	for (i = 0; i < 4; i++, g->k++) {
		n = fg_arguments(s, g->k, a);
		run(g->d, fmt, a, n, !builtin_formats(s));
	}
}

ALLOT_TEST(format, every_flag_width_precision_length_and_conversion)
{
	static struct diff d;
	struct grid g = {&d, 0, 0};
	unsigned long specs;

	memset(&d, 0, sizeof(d));
	allot_path_init(&d.path, 0);
	specs = fg_each_spec(run_spec, &g);
	CHECK_EQ(d.calls, 4 * allot_test_sampled_count(specs));
	CHECK(d.calls > 150000 / allot_test_sample());
	finish(&d);
}

/* Notes whether a specification of a random format is one the builtin hands to libc. */
static void note_fallback(void *ctx, const struct fg_spec *s)
{
	*(int *) ctx |= !builtin_formats(s);
}

ALLOT_TEST(format, random_formats_of_several_conversions)
{
	static struct diff d;
	uint64_t state = 0x9e3779b97f4a7c15ULL;
	unsigned long round, rounds = 20000;

	memset(&d, 0, sizeof(d));
	allot_path_init(&d.path, 0);
	for (round = 0; round < rounds; round++) {
		char fmt[512];
		struct fg_arg a[FG_MAX_ARGS];
		int fallback = 0, n = fg_random_format(&state, fmt, a, note_fallback, &fallback);

		if (allot_test_sampled(round))
			run(&d, fmt, a, n, fallback);
	}
	CHECK_EQ(d.calls, allot_test_sampled_count(rounds));
	finish(&d);
}

/* Formats that the builtin hands to libc whole, and ones that libc cannot format. */
ALLOT_TEST(format, conversions_left_to_libc)
{
	static struct diff d;
	wchar_t wide[] = {'w', 'i', 'd', 'e', 0};
	int x = 5;

	memset(&d, 0, sizeof(d));
	allot_path_init(&d.path, 0);
#define LIBC(...)                                                     \
	do {                                                          \
		snprintf(d.what, sizeof(d.what), "%s", #__VA_ARGS__); \
		d.expect_fallback = 1;                                \
		compare(&d, __VA_ARGS__);                             \
	} while (0)
	LIBC("%s/%p", "objects", (void *) &x);
	LIBC("%d %f", 3, 1.5);
	LIBC("%08.3e|%g|%a", 3.14159, 1e-5, 0.5);
	LIBC("%Lf", (long double) 2.25);
	LIBC("%ls", wide);
	LIBC("%5lc", (wint_t) 'w');
	LIBC("%s %s", "a", (const char *) NULL);
	LIBC("%'d", 1234567);
	LIBC("%5%");
	LIBC("%y", 1);
	LIBC("trailing %");
#if !defined(__MINGW32__)
	/* counts over INT_MAX: vsnprintf fails here; MinGW's overflows its stack, msvcrt wraps */
	LIBC("%99999999999d", 1);
	LIBC("%.99999999999d", 1);
	/* msvcrt.dll has positional arguments only in _printf_p */
	LIBC("%2$s/%1$s", "a", "b");
#endif
#undef LIBC
	finish(&d);
}

#if EXPECT_PATH_FORMAT_OWN
/* The builtin refuses %n; libc's vsnprintf runs it as the C library does (see alloc/path.h). */
ALLOT_TEST(format, percent_n_dies_and_changes_nothing)
{
	/* each reads at most an int before its %n */
	static const char *const formats[] = {"%n", "%d%n", "%x%hhn", "%-5ln", "%f then %n"};
	struct allot_path p = ALLOT_PATH_INIT;
	size_t i;
	long sink = 0;

	allot_path_addstr(&p, "kept");
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		const char *fmt = formats[i];

		CHECK_DIES(allot_path_addf(&p, fmt, 1, &sink, &sink),
		           "allot_path_addf: %n is not supported");
		CHECK_EQ(p.len, 4);
		CHECK_STREQ(p.buf, "kept");
	}
	CHECK_EQ(sink, 0);
	allot_path_release(&p);
}
#endif
