/* SPDX-License-Identifier: MIT */
/*
 * A program written only against the contract that the public headers under alloc/ and
 * the README state: every public name, no internals.
 * It must compile and succeed under every strategy combination, with Bazel (from
 * another workspace, tests/hosts/external.sh) and with plain cc (tests/hosts/embed.sh).
 * It prints "api_program: ok" and allot_config(), and exits 1 naming the first failure.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/alloc.h"

static int failures;

#define EXPECT(cond)                                                                            \
	do {                                                                                    \
		if (!(cond)) {                                                                  \
			fprintf(stderr, "api_program: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
			failures++;                                                             \
		}                                                                               \
	} while (0)

/* max_align_t's alignment, in C99 too: that of the strictest basic type. */
struct max_align_probe {
	char c;
	union {
		long double ld;
		long long ll;
		void *p;
		void (*fn)(void);
	} u;
};
#define MAX_ALIGN offsetof(struct max_align_probe, u)

static jmp_buf died;
static char die_msg[256];

static void catch_die(const char *msg)
{
	snprintf(die_msg, sizeof(die_msg), "%s", msg);
	longjmp(died, 1);
}

/* Writes 0 .. nr-1 into arr and returns their sum, read back. */
static long fill_and_sum(long *arr, size_t nr)
{
	long sum = 0;
	size_t i;

	for (i = 0; i < nr; i++)
		arr[i] = (long) i;
	for (i = 0; i < nr; i++)
		sum += arr[i];
	return sum;
}

static long sum_array(size_t nr)
{
	long sum;
	ALLOT_ARRAY(long, arr, nr);

	sum = fill_and_sum(arr, nr);
	ALLOT_ARRAY_FREE(arr);
	return sum;
}

/* The same in two steps: declarations first, the allocation as a statement. */
static long sum_array_two_steps(size_t nr)
{
	long sum;
	ALLOT_ARRAY_DECL(long, arr);

	if (nr == 1000000)
		return -1; /* a statement before the allocation */
	ALLOT_ARRAY_ALLOC(arr, nr);
	sum = fill_and_sum(arr, nr);
	ALLOT_ARRAY_FREE(arr);
	return sum;
}

static void arrays(void)
{
	size_t nr;

	for (nr = 0; nr < 50; nr++) {
		EXPECT(sum_array(nr) == (long) (nr * (nr ? nr - 1 : 0) / 2));
		EXPECT(sum_array_two_steps(nr) == (long) (nr * (nr ? nr - 1 : 0) / 2));
	}
}

static void pools(void)
{
	struct allot_pool pool = ALLOT_POOL_INIT, other;
	struct allot_pool_mark mark;
	char *s, *aligned;
	int *zeros, i;

	allot_pool_init(&other, 0);
	s = allot_pool_strdup(&pool, "kept");
	mark = allot_pool_save(&pool);
	for (i = 0; i < 10000; i++)
		EXPECT(((uintptr_t) allot_pool_alloc(&pool, (size_t) i % 100) % MAX_ALIGN) == 0);
	aligned = allot_pool_alloc_aligned(&pool, 10, 4096);
	EXPECT(((uintptr_t) aligned & 4095) == 0);
	allot_pool_rewind(&pool, mark);
	EXPECT(allot_pool_used(&pool) == 5);
	EXPECT(!strcmp(s, "kept"));
	zeros = allot_pool_calloc(&pool, 100, sizeof(int));
	for (i = 0; i < 100; i++)
		EXPECT(zeros[i] == 0);
	EXPECT(!strcmp(allot_pool_strndup(&other, "abcdef", 3), "abc"));
	allot_pool_combine(&pool, &other);
	EXPECT(allot_pool_used(&pool) == 5 + 400 + 4);
	EXPECT(allot_pool_used(&other) == 0);
	EXPECT(allot_pool_footprint(&pool) >= allot_pool_used(&pool));
	EXPECT(allot_pool_contains(&pool, s) && !allot_pool_contains(&other, s));
	allot_pool_clear(&pool);
	EXPECT(allot_pool_used(&pool) == 0 && !allot_pool_contains(&pool, s));
	allot_pool_release(&pool);
	allot_pool_release(&other);
	EXPECT(allot_pool_footprint(&pool) == 0);
	s = allot_pool_strdup(&pool, "discarded");
	allot_pool_discard(&pool, 1);
	EXPECT(allot_pool_footprint(&pool) == 0 && allot_pool_used(&pool) == 0);
	allot_pool_discard(&pool, 0);
}

/* The printf family: a strbuf-style builder's vsnprintf, and a stream. */
static int build(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = allot_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

static void printf_family(void)
{
	char buf[16], line[64];
	FILE *out = tmpfile();

	EXPECT(build(buf, sizeof(buf), ":%06o %s", 0100644, "name") == 12);
	EXPECT(!strcmp(buf, ":100644 name"));
	EXPECT(allot_snprintf(buf, 4, "%d", 123456) == 6 && !strcmp(buf, "123"));
	EXPECT(allot_snprintf(NULL, 0, "%s/%s", "ab", "cd") == 5);
	if (out) {
		EXPECT(allot_fprintf(out, "%c %ju\n", 'M', (uintmax_t) 42) == 5);
		rewind(out);
		EXPECT(fgets(line, sizeof(line), out) && !strcmp(line, "M 42\n"));
		fclose(out);
	}
}

static struct allot_pool names = ALLOT_POOL_INIT_BLOCK(4096);

/* A pool as Git's fast-import and read-cache use theirs: sized up front, strings formatted in. */
static void pool_strings(void)
{
	char *first, *s;
	int i;

	allot_pool_reserve(&names, 1000);
	first = allot_pool_strfmt(&names, "%s/%02x", "objects", 0xab);
	EXPECT(!strcmp(first, "objects/ab"));
	for (i = 0; i < 100; i++) {
		s = allot_pool_strfmt(&names, "refs/heads/topic-%d", i);
		EXPECT(allot_pool_contains(&names, s));
	}
	EXPECT(!strcmp(s, "refs/heads/topic-99"));
	EXPECT(allot_pool_used(&names) == 11 + 10 * 19 + 90 * 20);
	allot_pool_release(&names);
	EXPECT(!allot_pool_contains(&names, first));
}

static void vaddf(struct allot_path *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	allot_path_vaddf(p, fmt, ap);
	va_end(ap);
}

static void paths(void)
{
	struct allot_path a = ALLOT_PATH_INIT, b;
	static const unsigned char bytes[] = {0xde, 0xad};
	char *out, want[600];
	size_t len;

	EXPECT(a.buf && a.buf[0] == '\0' && a.len == 0);
	allot_path_init(&b, 10);
	EXPECT(allot_path_avail(&b) >= 10);
	allot_path_addstr(&a, "objects");
	allot_path_complete(&a, '/');
	allot_path_addhex(&a, bytes, 2);
	allot_path_addch(&a, '/');
	allot_path_add(&a, "xyz", 2);
	allot_path_addf(&a, "-%d-%s", 42, "f");
	vaddf(&a, "%05u", 7u);
	allot_path_adduint(&a, (uintmax_t) 1 << 40);
	EXPECT(!strcmp(a.buf, "objects/dead/xy-42-f000071099511627776"));
	allot_path_grow(&a, 500);
	EXPECT(allot_path_avail(&a) >= 500);
	memset(a.buf + a.len, 'z', 500);
	allot_path_setlen(&a, a.len + 500);
	snprintf(want, sizeof(want), "%s", a.buf);
	allot_path_move(&b, &a);
	EXPECT(a.len == 0 && !strcmp(b.buf, want));
	out = allot_path_detach(&b, &len);
	EXPECT(len == strlen(want) && !strcmp(out, want));
	ALLOT_FREE(out); /* the heap hook that allot_path_detach promises (default: free) */
	allot_path_addstr(&a, "x");
	allot_path_reset(&a);
	EXPECT(a.len == 0 && a.buf[0] == '\0');
	out = ALLOT_MALLOC(16); /* a buffer built elsewhere becomes a path */
	memcpy(out, "a/b.c", 5);
	allot_path_attach(&a, out, 5, 16);
	allot_path_insert(&a, 2, "dir/", 4);
	allot_path_addchars(&a, '/', 3);
	allot_path_trim_trailing(&a, '/');
	EXPECT(allot_path_strip_suffix(&a, ".c") && !strcmp(a.buf, "a/dir/b"));
	allot_path_splice(&a, 2, 3, "sub", 3);
	allot_path_remove(&a, 0, 2);
	allot_path_addpath(&b, &a);
	EXPECT(!strcmp(b.buf, "sub/b") && allot_path_cmp(&a, &b) == 0);
	allot_path_release(&a);
	allot_path_release(&b);
}

static void errors(void)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	struct allot_path p = ALLOT_PATH_INIT;
	allot_die_fn before = allot_set_die(catch_die);

	if (!setjmp(died)) {
		allot_pool_calloc(&pool, SIZE_MAX / 2, 4);
		EXPECT(!"no die for an overflowing calloc");
	}
	EXPECT(!strncmp(die_msg, "size overflow: ", 15));
	if (!setjmp(died)) {
		allot_path_setlen(&p, 10);
		EXPECT(!"no die for setlen past the capacity");
	}
	EXPECT(!strncmp(die_msg, "BUG: ", 5));
	allot_set_die(before);
	allot_pool_release(&pool);
}

static void stats(void)
{
	struct allot_stats s;

	allot_stats_reset();
	sum_array(1000);
	allot_stats_get(&s);
	if (strstr(allot_config(), "stats=on"))
		EXPECT(s.array_calls == 1 && s.array_heap == 1);
	else
		EXPECT(s.array_calls == 0 && s.heap_allocs == 0);
}

int main(void)
{
	arrays();
	pools();
	pool_strings();
	printf_family();
	paths();
	errors();
	stats();
	if (failures) {
		fprintf(stderr, "api_program: %d failures under %s\n", failures, allot_config());
		return 1;
	}
	printf("api_program: ok\nallot: %s\n", allot_config());
	return 0;
}
