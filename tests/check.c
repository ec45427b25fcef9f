/* SPDX-License-Identifier: MIT */
/* The runner-independent core of tests/check.h: registration, running, assertions. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/die.h"
#include "tests/check.h"

static struct allot_test *tests;
static jmp_buf test_jmp;
static struct allot_check_result *current;

jmp_buf allot_check__die_jmp;
static char die_msg[512];
static allot_die_fn saved_die;
static int die_armed;

static int before(const struct allot_test *a, const struct allot_test *b)
{
	int c = strcmp(a->file, b->file);

	return c < 0 || (c == 0 && a->line < b->line);
}

void allot_check_register(struct allot_test *t)
{
	struct allot_test **pos = &tests;

	while (*pos && before(*pos, t))
		pos = &(*pos)->next;
	t->next = *pos;
	*pos = t;
}

const struct allot_test *allot_check_tests(void)
{
	return tests;
}

static void disarm_die(void)
{
	if (die_armed) {
		allot_set_die(saved_die);
		die_armed = 0;
	}
}

int allot_check_run(const struct allot_test *t, struct allot_check_result *result)
{
	memset(result, 0, sizeof(*result));
	current = result;
	if (setjmp(test_jmp) == 0)
		t->fn();
	disarm_die();
	current = NULL;
	return result->failed;
}

void allot_check_skip(const char *fmt, ...)
{
	va_list ap;

	if (!current) {
		fprintf(stderr, "allot_check_skip outside a test\n");
		abort();
	}
	current->skipped = 1;
	va_start(ap, fmt);
	vsnprintf(current->msg, sizeof(current->msg), fmt, ap);
	va_end(ap);
	longjmp(test_jmp, 1);
}

void allot_check_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	if (!current) { /* outside a test: nothing to jump back to */
		fprintf(stderr, "%s:%d: check failed outside a test\n", file, line);
		abort();
	}
	current->failed = 1;
	current->file = file;
	current->line = line;
	va_start(ap, fmt);
	vsnprintf(current->msg, sizeof(current->msg), fmt, ap);
	va_end(ap);
	longjmp(test_jmp, 1);
}

static void catch_die(const char *msg)
{
	snprintf(die_msg, sizeof(die_msg), "%s", msg);
	longjmp(allot_check__die_jmp, 1);
}

void allot_check__arm_die(void)
{
	die_msg[0] = '\0';
	saved_die = allot_set_die(catch_die);
	die_armed = 1;
}

void allot_check__die_missed(const char *file, int line, const char *stmt, const char *expected)
{
	disarm_die();
	allot_check_fail(file, line, "expected the die handler with \"%s...\"; none from: %s",
	                 expected, stmt);
}

void allot_check__die_caught(const char *file, int line, const char *expected)
{
	disarm_die();
	if (strncmp(die_msg, expected, strlen(expected)) != 0)
		allot_check_fail(file, line, "die handler got \"%s\", expected \"%s...\"", die_msg,
		                 expected);
}

void allot_check__eq(const char *file, int line, const char *a_text, const char *b_text,
                     unsigned long long a, unsigned long long b)
{
	if (a != b)
		allot_check_fail(file, line, "CHECK_EQ(%s, %s): %llu != %llu", a_text, b_text, a,
		                 b);
}

void allot_check__streq(const char *file, int line, const char *a_text, const char *b_text,
                        const char *a, const char *b)
{
	if (strcmp(a, b) != 0)
		allot_check_fail(file, line, "CHECK_STREQ(%s, %s): \"%.300s\" != \"%.300s\"",
		                 a_text, b_text, a, b);
}

void allot_check__memeq(const char *file, int line, const char *a_text, const char *b_text,
                        const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;
	size_t i;

	for (i = 0; i < n; i++)
		if (x[i] != y[i])
			allot_check_fail(
			    file, line,
			    "CHECK_MEMEQ(%s, %s): byte %lu of %lu differs (0x%02x != 0x%02x)",
			    a_text, b_text, (unsigned long) i, (unsigned long) n, x[i], y[i]);
}

static jmp_buf call_jmp;
static char *call_msg;
static size_t call_msg_size;

static void catch_call_die(const char *msg)
{
	snprintf(call_msg, call_msg_size, "%s", msg);
	longjmp(call_jmp, 1);
}

void allot_check_use(void *p)
{
	static void *volatile used;

	used = p;
	(void) used;
}

int allot_check_call(void (*fn)(void *), void *arg, char *msg, size_t size)
{
	allot_die_fn before = allot_set_die(catch_call_die);

	msg[0] = '\0';
	call_msg = msg;
	call_msg_size = size;
	if (setjmp(call_jmp)) {
		allot_set_die(before);
		return 1;
	}
	fn(arg);
	allot_set_die(before);
	return 0;
}

/*
 * ALLOT_TEST_SAMPLE's N (every) and K (offset): "N" or "N:K", K below N. Read once: a
 * differential test asks for every case it generates.
 */
static void read_sample(unsigned long *every, unsigned long *offset)
{
	static unsigned long n_every, k_offset;

	if (!n_every) {
		const char *n = getenv("ALLOT_TEST_SAMPLE");
		const char *k = n ? strchr(n, ':') : NULL;

		n_every = n && atoi(n) > 0 ? (unsigned long) atoi(n) : 1;
		k_offset = k && atoi(k + 1) > 0 ? (unsigned long) atoi(k + 1) % n_every : 0;
	}
	*every = n_every;
	*offset = k_offset;
}

unsigned long allot_test_sample(void)
{
	unsigned long every, offset;

	read_sample(&every, &offset);
	return every;
}

int allot_test_sampled(unsigned long i)
{
	unsigned long every, offset;

	read_sample(&every, &offset);
	return i % every == offset;
}

unsigned long allot_test_sampled_count(unsigned long n)
{
	unsigned long every, offset;

	read_sample(&every, &offset);
	return n > offset ? (n - offset + every - 1) / every : 0;
}
