/* SPDX-License-Identifier: MIT */
/* printf conversion specifications as data: see format_gen.h. */
#include "tests/format_gen.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

const char *const fg_lengths[8] = {"", "hh", "h", "l", "ll", "j", "z", "t"};

static size_t render_count(char *out, int n)
{
	return (size_t) sprintf(out, "%d", n);
}

size_t fg_render(char *out, const struct fg_spec *s)
{
	size_t n = 0;

	out[n++] = '%';
	n += (size_t) sprintf(out + n, "%s", s->flags);
	if (s->width == FG_STAR)
		out[n++] = '*';
	else if (s->width >= 0)
		n += render_count(out + n, s->width);
	if (s->prec != FG_NONE) {
		out[n++] = '.';
		if (s->prec == FG_STAR)
			out[n++] = '*';
		else if (s->prec >= 0)
			n += render_count(out + n, s->prec);
	}
	n += (size_t) sprintf(out + n, "%s%c", fg_lengths[s->length], s->conv);
	return n;
}

enum fg_kind fg_value_kind(const struct fg_spec *s)
{
	static const enum fg_kind sig[8] = {FG_INT,   FG_INT,    FG_INT,     FG_LONG,
	                                    FG_LLONG, FG_INTMAX, FG_PTRDIFF, FG_PTRDIFF};
	static const enum fg_kind uns[8] = {FG_UINT,   FG_UINT,    FG_UINT, FG_ULONG,
	                                    FG_ULLONG, FG_UINTMAX, FG_SIZE, FG_SIZE};

	switch (s->conv) {
	case 's':
		return FG_STR;
	case 'c':
		return FG_INT;
	case 'd':
	case 'i':
		return sig[s->length];
	default:
		return uns[s->length];
	}
}

int fg_arg_count(const struct fg_spec *s)
{
	return 1 + (s->width == FG_STAR) + (s->prec == FG_STAR);
}

static int parse_count(const char **fmt, int *out)
{
	int n = 0, digits = 0;

	while (**fmt >= '0' && **fmt <= '9') {
		if (++digits > 4)
			return 0;
		n = n * 10 + (*(*fmt)++ - '0');
	}
	*out = n;
	return 1;
}

int fg_parse(const char **fmt, struct fg_spec *s)
{
	const char *f = *fmt;
	size_t nflags = 0;
	int i;

	while (*f && strchr("-+ #0", *f)) {
		if (nflags + 1 >= sizeof(s->flags))
			return 0;
		s->flags[nflags++] = *f++;
	}
	s->flags[nflags] = '\0';
	s->width = FG_NONE;
	if (*f == '*') {
		s->width = FG_STAR;
		f++;
	} else if (*f >= '1' && *f <= '9' && !parse_count(&f, &s->width)) {
		return 0;
	}
	s->prec = FG_NONE;
	if (*f == '.') {
		f++;
		if (*f == '*') {
			s->prec = FG_STAR;
			f++;
		} else if (*f >= '0' && *f <= '9') {
			if (!parse_count(&f, &s->prec))
				return 0;
		} else {
			s->prec = FG_DOT;
		}
	}
	s->length = 0;
	for (i = 1; i < 8; i++) { /* the longest that matches: "hh" over "h", "ll" over "l" */
		size_t n = strlen(fg_lengths[i]);

		if (!strncmp(f, fg_lengths[i], n) && n > strlen(fg_lengths[s->length]))
			s->length = i;
	}
	f += strlen(fg_lengths[s->length]);
	if (!*f || !strchr("diuxXocs", *f))
		return 0;
	s->conv = *f++;
	if (s->length && (s->conv == 'c' || s->conv == 's'))
		return 0; /* wide characters: not the builtin's */
	*fmt = f;
	return 1;
}

/* Boundary values of every argument type, as bits that each type truncates. */
static const uintmax_t values[] = {
    0,
    1,
    UINTMAX_MAX /* -1 */,
    7,
    (uintmax_t) -42,
    127,
    128,
    (uintmax_t) -128,
    (uintmax_t) -129,
    255,
    256,
    0x7fff,
    0x8000,
    (uintmax_t) -32769,
    0xffff,
    0x10000,
    INT_MAX,
    (uintmax_t) INT_MIN,
    UINT_MAX,
    (uintmax_t) UINT_MAX + 1,
    LLONG_MAX,
    (uintmax_t) LLONG_MIN,
    0x123456789abcdef0,
    1000000007,
};
#define NVALUES (sizeof(values) / sizeof(values[0]))

static char long_string[301];

static const char *strings[] = {
    "", "a", "objects", "ab\xff\x80z", long_string, "tree-diff.c", "100% %d not a format",
};
#define NSTRINGS (sizeof(strings) / sizeof(strings[0]))

static const int width_stars[] = {6, -6, 0, 1, 30, -1, 300};
static const int prec_stars[] = {3, -1, 0, 30, 1, -7, 200};

static void init_long_string(void)
{
	size_t i;

	for (i = 0; i + 1 < sizeof(long_string); i++)
		long_string[i] = (char) ('a' + i % 26);
}

int fg_arguments(const struct fg_spec *s, unsigned long k, struct fg_arg *a)
{
	int n = 0;

	if (!long_string[0])
		init_long_string();
	if (s->width == FG_STAR)
		a[n++] = (struct fg_arg){FG_INT, (uintmax_t) width_stars[k % 7], NULL};
	if (s->prec == FG_STAR)
		a[n++] = (struct fg_arg){FG_INT, (uintmax_t) prec_stars[(k / 7) % 7], NULL};
	a[n].kind = fg_value_kind(s);
	a[n].bits = values[k % NVALUES];
	a[n].str = strings[k % NSTRINGS];
	return n + 1;
}

unsigned long fg_each_spec(void (*fn)(void *ctx, const struct fg_spec *s), void *ctx)
{
	static const int widths[] = {FG_NONE, 1, 7, FG_STAR};
	static const int precs[] = {FG_NONE, FG_DOT, 0, 1, 4, 25, FG_STAR};
	static const char convs[] = "diuxXocs";
	unsigned long count = 0;
	unsigned flags;
	size_t w, pr, c;
	int length;

	for (flags = 0; flags < 32; flags++) {
		struct fg_spec s;
		size_t nf = 0, bit;

		for (bit = 0; bit < 5; bit++)
			if (flags & (1u << bit))
				s.flags[nf++] = "-+ #0"[bit];
		s.flags[nf] = '\0';
		for (w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
			s.width = widths[w];
			for (pr = 0; pr < sizeof(precs) / sizeof(precs[0]); pr++) {
				s.prec = precs[pr];
				for (c = 0; convs[c]; c++) {
					int lengths = convs[c] == 'c' || convs[c] == 's' ? 1 : 8;

					s.conv = convs[c];
					for (length = 0; length < lengths; length++) {
						s.length = length;
						fn(ctx, &s);
						count++;
					}
				}
			}
		}
	}
	return count;
}

uint64_t fg_next(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 0x2545f4914f6cdd1dULL;
}

int fg_random_format(uint64_t *state, char *fmt, struct fg_arg *a,
                     void (*fn)(void *ctx, const struct fg_spec *s), void *ctx)
{
	static const char *const texts[] = {
	    "",
	    "/",
	    "objects/",
	    "%%",
	    " - ",
	    "tree %% 100%% ",
	    "a-long-literal-part-of-a-path-name-that-is-quite-long/"};
	size_t o = 0;
	int n = 0;

	o += (size_t) sprintf(fmt, "%s", texts[fg_next(state) % 7]);
	while (n < FG_MAX_ARGS && fg_next(state) % 4) {
		struct fg_spec s;
		size_t nf = 0, f = fg_next(state) % 6;

		while (nf < f)
			s.flags[nf++] = "-+ #0"[fg_next(state) % 5];
		s.flags[nf] = '\0';
		s.width = (int) (fg_next(state) % 14) - 2; /* FG_STAR, FG_NONE, 0..11 */
		if (s.width == 0)
			s.width = 12; /* a width of 0 would read as the flag */
		s.prec = (int) (fg_next(state) % 15) - 3;
		s.conv = "diuxXocs"[fg_next(state) % 8];
		s.length = s.conv == 'c' || s.conv == 's' ? 0 : (int) (fg_next(state) % 8);
		if (n + fg_arg_count(&s) > FG_MAX_ARGS)
			break;
		n += fg_arguments(&s, (unsigned long) fg_next(state), a + n);
		if (fn)
			fn(ctx, &s);
		o += fg_render(fmt + o, &s);
		o += (size_t) sprintf(fmt + o, "%s", texts[fg_next(state) % 7]);
	}
	return n;
}

/* Each kind's value, as an expression of its C type. */
#define V_INT(a)     ((int) (a).bits)
#define V_UINT(a)    ((unsigned) (a).bits)
#define V_LONG(a)    ((long) (a).bits)
#define V_ULONG(a)   ((unsigned long) (a).bits)
#define V_LLONG(a)   ((long long) (a).bits)
#define V_ULLONG(a)  ((unsigned long long) (a).bits)
#define V_INTMAX(a)  ((intmax_t) (a).bits)
#define V_UINTMAX(a) ((uintmax_t) (a).bits)
#define V_PTRDIFF(a) ((ptrdiff_t) (a).bits)
#define V_SIZE(a)    ((size_t) (a).bits)
#define V_STR(a)     ((a).str)

/*
 * The kinds, once per argument position: the preprocessor does not expand a macro
 * inside its own expansion, so the three nested levels need three names.
 */
// clang-format off
#define KINDS_0(X)               \
	X(FG_INT, V_INT)         \
	X(FG_UINT, V_UINT)       \
	X(FG_LONG, V_LONG)       \
	X(FG_ULONG, V_ULONG)     \
	X(FG_LLONG, V_LLONG)     \
	X(FG_ULLONG, V_ULLONG)   \
	X(FG_INTMAX, V_INTMAX)   \
	X(FG_UINTMAX, V_UINTMAX) \
	X(FG_PTRDIFF, V_PTRDIFF) \
	X(FG_SIZE, V_SIZE)       \
	X(FG_STR, V_STR)
#define KINDS_1(X, ...)                       \
	X(__VA_ARGS__, FG_INT, V_INT)         \
	X(__VA_ARGS__, FG_UINT, V_UINT)       \
	X(__VA_ARGS__, FG_LONG, V_LONG)       \
	X(__VA_ARGS__, FG_ULONG, V_ULONG)     \
	X(__VA_ARGS__, FG_LLONG, V_LLONG)     \
	X(__VA_ARGS__, FG_ULLONG, V_ULLONG)   \
	X(__VA_ARGS__, FG_INTMAX, V_INTMAX)   \
	X(__VA_ARGS__, FG_UINTMAX, V_UINTMAX) \
	X(__VA_ARGS__, FG_PTRDIFF, V_PTRDIFF) \
	X(__VA_ARGS__, FG_SIZE, V_SIZE)       \
	X(__VA_ARGS__, FG_STR, V_STR)
#define KINDS_2(X, ...)                       \
	X(__VA_ARGS__, FG_INT, V_INT)         \
	X(__VA_ARGS__, FG_UINT, V_UINT)       \
	X(__VA_ARGS__, FG_LONG, V_LONG)       \
	X(__VA_ARGS__, FG_ULONG, V_ULONG)     \
	X(__VA_ARGS__, FG_LLONG, V_LLONG)     \
	X(__VA_ARGS__, FG_ULLONG, V_ULLONG)   \
	X(__VA_ARGS__, FG_INTMAX, V_INTMAX)   \
	X(__VA_ARGS__, FG_UINTMAX, V_UINTMAX) \
	X(__VA_ARGS__, FG_PTRDIFF, V_PTRDIFF) \
	X(__VA_ARGS__, FG_SIZE, V_SIZE)       \
	X(__VA_ARGS__, FG_STR, V_STR)
// clang-format on

#define SHAPE(k0, k1, k2) (((k0) *FG_NKINDS + (k1)) * FG_NKINDS + (k2))
#define CALL(k0, v0, k1, v1, k2, v2)                                 \
	case SHAPE(k0, k1, k2):                                      \
		fn(ctx, fmt, v0(slot[0]), v1(slot[1]), v2(slot[2])); \
		return;
#define LEVEL_2(k0, v0, k1, v1) KINDS_2(CALL, k0, v0, k1, v1)
#define LEVEL_1(k0, v0)         KINDS_1(LEVEL_2, k0, v0)

void fg_call(fg_fn fn, void *ctx, const char *fmt, const struct fg_arg *a, int n)
{
	struct fg_arg slot[FG_MAX_ARGS] = {{FG_INT, 0, NULL}, {FG_INT, 0, NULL}, {FG_INT, 0, NULL}};
	int i;

	for (i = 0; i < n && i < FG_MAX_ARGS; i++)
		slot[i] = a[i];
	switch (SHAPE(slot[0].kind, slot[1].kind, slot[2].kind)) {
		KINDS_0(LEVEL_1)
	}
}
