/* SPDX-License-Identifier: MIT */
/*
 * tests/format_gen.h: printf conversion specifications as data, for the formatter's
 * differential test (format_test.c) and fuzzer (format_fuzz.c).
 *
 * A test builds specifications (generated, or parsed from fuzzer input), renders them
 * into a format string, and calls a variadic comparison function with arguments of the
 * exact C type each conversion takes, through fg_call. Nothing here depends on allot's
 * knobs: it is the test's own, independent reading of the printf grammar.
 */
#ifndef ALLOT_TESTS_FORMAT_GEN_H
#define ALLOT_TESTS_FORMAT_GEN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The C type of one argument. */
enum fg_kind {
	FG_INT,
	FG_UINT,
	FG_LONG,
	FG_ULONG,
	FG_LLONG,
	FG_ULLONG,
	FG_INTMAX,
	FG_UINTMAX,
	FG_PTRDIFF, /* also %zd: the signed type of size_t's width */
	FG_SIZE,    /* also %tu */
	FG_STR,
	FG_NKINDS
};

/* One argument: its type, and its value (bits converted to the type, or str). */
struct fg_arg {
	enum fg_kind kind;
	uintmax_t bits;
	const char *str;
};

/* Arguments one fg_call passes at most (a "%*.*d" takes three). */
#define FG_MAX_ARGS 3

/* Width and precision values other than a count. */
#define FG_NONE (-1)
#define FG_STAR (-2) /* "*": the value is an int argument before the converted one */
#define FG_DOT  (-3) /* precision only: "." alone, which means 0 */

/* The length modifiers, indexed by fg_spec.length. */
extern const char *const fg_lengths[8];

/* One conversion specification: "%" flags width precision length conv. */
struct fg_spec {
	char flags[8]; /* any of "-+ #0", in any order, repeats allowed; NUL-terminated */
	int width;     /* a count, FG_NONE or FG_STAR */
	int prec;      /* a count, FG_NONE, FG_STAR or FG_DOT */
	int length;    /* index into fg_lengths */
	char conv;     /* one of "diuxXocs" */
};

/* Appends the specification's text to out (at most 40 bytes); returns its length. */
size_t fg_render(char *out, const struct fg_spec *s);

/* The type of the converted argument: what the length modifier and conversion name. */
enum fg_kind fg_value_kind(const struct fg_spec *s);

/* Arguments s takes: one per "*", and the converted value. */
int fg_arg_count(const struct fg_spec *s);

/*
 * Parses one specification at *fmt (just after its '%') in the grammar above, with
 * counts of at most 4 digits. Returns 1 and moves *fmt past it, or 0 if the text is
 * not such a specification.
 */
int fg_parse(const char **fmt, struct fg_spec *s);

/* ---- Cases: the differential tests' and the fuzzer's ---------------------- */

/*
 * Calls fn(ctx, s) for every specification of the grid: every set of the flags "-+ #0"
 * x widths (none, 1, 7, *) x precisions (none, ".", 0, 1, 4, 25, *) x the conversions
 * "diuxXocs" x every length modifier an integer conversion takes. Returns how many.
 */
unsigned long fg_each_spec(void (*fn)(void *ctx, const struct fg_spec *s), void *ctx);

/*
 * The arguments s takes, into a (at most FG_MAX_ARGS): the stars' values first, then the
 * converted value, the kth of boundary values of each type (0, +-1, type minimum and
 * maximum, ...) or of strings (empty, long, non-ASCII, one with '%' in it). Returns how
 * many.
 */
int fg_arguments(const struct fg_spec *s, unsigned long k, struct fg_arg *a);

/* A small deterministic generator (xorshift64*), so that a failure can be rerun. */
uint64_t fg_next(uint64_t *state);

/*
 * A random format (into fmt, at least 512 bytes) of literal text and up to three
 * conversions of the grammar above, and its arguments (into a); each specification
 * goes to fn(ctx, s) when fn is not NULL. Returns the number of arguments.
 */
int fg_random_format(uint64_t *state, char *fmt, struct fg_arg *a,
                     void (*fn)(void *ctx, const struct fg_spec *s), void *ctx);

/* A variadic function that fg_call calls. */
typedef void (*fg_fn)(void *ctx, const char *fmt, ...);

/*
 * Calls fn(ctx, fmt, a[0], a[1], a[2]), each argument converted to the C type of its
 * kind. Slots past n are passed as int 0 (printf ignores arguments it does not use).
 */
void fg_call(fg_fn fn, void *ctx, const char *fmt, const struct fg_arg *a, int n);

#ifdef __cplusplus
}
#endif

#endif /* ALLOT_TESTS_FORMAT_GEN_H */
