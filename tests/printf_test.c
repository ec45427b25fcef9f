/* SPDX-License-Identifier: MIT */
/*
 * The differential test of alloc/format.h: allot_vsnprintf must return what this
 * platform's vsnprintf returns and write the same bytes at every buffer size from 0 to
 * the output's length + 2 (a NULL buffer for size 0; bytes past size are watched), and
 * allot_vfprintf must return what vfprintf returns and write the same file, byte for
 * byte. The calls are the formatter's generated cases (tests/format_gen.h): every spec of
 * the grid with two sets of arguments, and random formats of several conversions.
 *
 * Under ALLOT_TEST_SAMPLE=N[:K] (tests/check.h) every Nth case runs, and an output longer
 * than 2 * EDGE bytes is cut at every Nth size between its first and last EDGE.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/alloc.h"
#include "tests/check.h"
#include "tests/format_gen.h"

#define GUARD 8  /* bytes past size, which neither may write */
#define EDGE  64 /* sizes near either end of an output, each tried under sampling too */

struct diff {
	FILE *mine, *theirs; /* allot_vfprintf's and vfprintf's files */
	unsigned long calls, sizes, failures;
	long stream_bytes;
	char first[1024];
};

static char want[1 << 12], got[1 << 12];

static void fail_first(struct diff *d, const char *fmt, const char *what, size_t size, int n, int m)
{
	if (!d->failures++)
		snprintf(d->first, sizeof(d->first), "format \"%s\": %s at size %lu: %d, allot %d",
		         fmt, what, (unsigned long) size, n, m);
}

/* The fg_fn every call goes through. */
static void compare(void *ctx, const char *fmt, ...)
{
	struct diff *d = ctx;
	va_list ap, copy;
	size_t size, step;
	int n, m, total;

	va_start(ap, fmt);
	va_copy(copy, ap);
	total = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	d->calls++;
	for (size = 0; total >= 0 && size <= (size_t) total + 2 && size + GUARD <= sizeof(want);
	     size += step) {
		step = size < EDGE || size + EDGE > (size_t) total ? 1 : allot_test_sample();
		memset(want, 'x', size + GUARD);
		memset(got, 'x', size + GUARD);
		va_copy(copy, ap);
		n = vsnprintf(size ? want : NULL, size, fmt, copy);
		va_end(copy);
		va_copy(copy, ap);
		m = allot_vsnprintf(size ? got : NULL, size, fmt, copy);
		va_end(copy);
		d->sizes++;
		if (n != m || memcmp(want, got, size + GUARD))
			fail_first(d, fmt, "allot_vsnprintf differs", size, n, m);
	}
	va_copy(copy, ap);
	n = vfprintf(d->theirs, fmt, copy);
	va_end(copy);
	va_copy(copy, ap);
	m = allot_vfprintf(d->mine, fmt, copy);
	va_end(copy);
	if (n != m)
		fail_first(d, fmt, "allot_vfprintf returns otherwise", 0, n, m);
	if (n > 0)
		d->stream_bytes += n;
	va_end(ap);
}

static void start(struct diff *d)
{
	memset(d, 0, sizeof(*d));
	d->mine = tmpfile();
	d->theirs = tmpfile();
	CHECK(d->mine != NULL && d->theirs != NULL);
}

/* The two files, read back whole: the same bytes, as many as the calls said. */
static void finish(struct diff *d)
{
	long size = ftell(d->theirs);
	char *a, *b;

	CHECK_EQ(ftell(d->mine), size);
	CHECK_EQ(size, d->stream_bytes);
	a = malloc((size_t) size + 1);
	b = malloc((size_t) size + 1);
	rewind(d->theirs);
	rewind(d->mine);
	CHECK_EQ(fread(a, 1, (size_t) size, d->theirs), (size_t) size);
	CHECK_EQ(fread(b, 1, (size_t) size, d->mine), (size_t) size);
	CHECK(!memcmp(a, b, (size_t) size));
	free(a);
	free(b);
	fclose(d->mine);
	fclose(d->theirs);
	if (d->failures)
		allot_check_fail(__FILE__, __LINE__, "%lu of %lu calls differ; the first: %s",
		                 d->failures, d->calls, d->first);
}

struct grid {
	struct diff *d;
	unsigned long k, specs;
};

/* Two calls of spec s, with other arguments, each between literal text and a newline. */
static void run_spec(void *ctx, const struct fg_spec *s)
{
	struct grid *g = ctx;
	char fmt[64] = "<";
	struct fg_arg a[FG_MAX_ARGS];
	int i;

	if (!allot_test_sampled(g->specs++))
		return;
	strcpy(fmt + 1 + fg_render(fmt + 1, s), ">\n");
	for (i = 0; i < 2; i++, g->k += 3)
		fg_call(compare, g->d, fmt, a, fg_arguments(s, g->k, a));
}

ALLOT_TEST(printf, the_grid_at_every_size_and_on_a_stream)
{
	static struct diff d;
	struct grid g = {&d, 0, 0};
	unsigned long specs;

	start(&d);
	specs = fg_each_spec(run_spec, &g);
	CHECK_EQ(d.calls, 2 * allot_test_sampled_count(specs));
	CHECK(d.sizes > 10 * d.calls);
	finish(&d);
}

ALLOT_TEST(printf, random_formats_at_every_size_and_on_a_stream)
{
	static struct diff d;
	uint64_t state = 0x243f6a8885a308d3ULL;
	unsigned long round, rounds = 5000;

	start(&d);
	for (round = 0; round < rounds; round++) {
		char fmt[512];
		struct fg_arg a[FG_MAX_ARGS];
		int n = fg_random_format(&state, fmt, a, NULL, NULL);

		if (allot_test_sampled(round))
			fg_call(compare, &d, fmt, a, n);
	}
	CHECK_EQ(d.calls, allot_test_sampled_count(rounds));
	finish(&d);
}

/* Calls that the builtin hands to the C library, and an output longer than the room. */
ALLOT_TEST(printf, calls_left_to_libc_and_long_outputs)
{
	static struct diff d;
	static char long_string[3000];
	int x = 5;

	memset(long_string, 'q', sizeof(long_string) - 1);
	start(&d);
	compare(&d, "%s/%p\n", "objects", (void *) &x);
	compare(&d, "%d %f %g\n", 3, 1.5, 1e-5);
	compare(&d, "%s %s\n", "a", (const char *) NULL);
	compare(&d, "%5%|%y\n", 1);
	compare(&d, "long: %s\n", long_string);
	compare(&d, "%.*s|%2000d|%-1500s|\n", 1200, long_string, 7, "left");
	finish(&d);
}

/* The variadic pair, against their own platform functions. */
ALLOT_TEST(printf, snprintf_and_fprintf)
{
	char a[32], b[32];
	FILE *mine = tmpfile(), *theirs = tmpfile();
	char fa[64], fb[64];
	size_t na, nb;

	CHECK_EQ(allot_snprintf(a, sizeof(a), ":%06o %06o %s %c", 0100644, 0, "ab", 'M'),
	         snprintf(b, sizeof(b), ":%06o %06o %s %c", 0100644, 0, "ab", 'M'));
	CHECK_STREQ(a, b);
	CHECK_EQ(allot_snprintf(a, 5, "%s/%02x", "objects", 0xab), 10);
	CHECK_STREQ(a, "obje");
	CHECK_EQ(allot_snprintf(NULL, 0, "%" PRIuMAX, (uintmax_t) 18446744073709551615u), 20);
	CHECK(mine && theirs);
	CHECK_EQ(allot_fprintf(mine, "%s %d\n", "line", -1),
	         fprintf(theirs, "%s %d\n", "line", -1));
	CHECK_EQ(allot_fprintf(mine, "%s", ""), 0);
	rewind(mine);
	rewind(theirs);
	na = fread(fa, 1, sizeof(fa), mine);
	nb = fread(fb, 1, sizeof(fb), theirs);
	CHECK_EQ(na, nb);
	CHECK(!memcmp(fa, fb, na));
	fclose(mine);
	fclose(theirs);
}

/*
 * A stream that cannot be written: a negative return and the error flag, whether the
 * builtin formats the call or the C library does.
 */
ALLOT_TEST(printf, stream_errors_as_fprintf)
{
	const char *dir = getenv("TEST_TMPDIR");
	char path[512];
	FILE *mine, *theirs;
	int round;

	snprintf(path, sizeof(path), "%s/allot-printf-test.txt", dir ? dir : ".");
	theirs = fopen(path, "w");
	CHECK(theirs != NULL);
	fputs("read only\n", theirs);
	fclose(theirs);
	theirs = fopen(path, "r");
	mine = fopen(path, "r");
	CHECK(theirs != NULL && mine != NULL);
	for (round = 0; round < 2; round++) { /* one the builtin formats, one it leaves to libc */
		int n =
		    round ? fprintf(theirs, "%f\n", 1.0) : fprintf(theirs, "%s %d\n", "line", 1);
		int m = round ? allot_fprintf(mine, "%f\n", 1.0)
		              : allot_fprintf(mine, "%s %d\n", "line", 1);

		/* glibc's and musl's fprintf agree; MinGW's and Wine's msvcrt return a count. */
		CHECK(m < 0);
#ifndef _WIN32
		CHECK(n < 0);
#else
		(void) n;
#endif
		fflush(theirs);
		fflush(mine);
		CHECK(ferror(theirs));
		CHECK(ferror(mine));
		clearerr(theirs);
		clearerr(mine);
	}
	fclose(mine);
	fclose(theirs);
	remove(path);
}
