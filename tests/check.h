/* SPDX-License-Identifier: MIT */
/*
 * tests/check.h: the assertions allot's C test bodies are written with.
 *
 * A test body is a C function declared with ALLOT_TEST(suite, name). It registers
 * itself at start-up (a constructor), so linking the object file is enough; the
 * runners (tests/runners/gtest_main.cc under GoogleTest, tests/runners/plain_main.c where there is no
 * C++) list and run what registered. A failed CHECK ends the test at once and reports
 * file, line and what differed; the runner goes on with the next test.
 *
 * CHECK_DIES(statement, expected) runs statement with a die handler that records the
 * message and jumps back; it fails unless the handler was called with a message that
 * starts with expected. Locals that statement changes must be volatile to be read after.
 */
#ifndef ALLOT_TESTS_CHECK_H
#define ALLOT_TESTS_CHECK_H

#include <setjmp.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct allot_test {
	const char *suite;
	const char *name;
	void (*fn)(void);
	const char *file;
	int line;
	struct allot_test *next;
};

/* What one run of a test gave: failed or skipped, and if so where and why. */
struct allot_check_result {
	int failed;
	int skipped; /* what it checks does not hold here, and msg says why */
	const char *file;
	int line;
	char msg[2048];
};

/* Adds t to the list, kept in file and line order. */
void allot_check_register(struct allot_test *t);
/* The registered tests, in order. */
const struct allot_test *allot_check_tests(void);
/* Runs one test and fills *result; returns result->failed (0 for a skipped test). */
int allot_check_run(const struct allot_test *t, struct allot_check_result *result);

/* Ends the current test as failed, with a printf-style message. */
#if defined(__MINGW32__)
__attribute__((noreturn, format(__MINGW_PRINTF_FORMAT, 3, 4)))
#elif defined(__GNUC__) || defined(__clang__)
__attribute__((noreturn, format(printf, 3, 4)))
#endif
void allot_check_fail(const char *file, int line, const char *fmt, ...);

/*
 * Ends the current test as skipped, with a printf-style reason that the runners print:
 * for a promise that this platform does not let the test check (a kernel that does not
 * do what is asked of it, found by a probe at run time). Never for a promise allot breaks.
 */
#if defined(__MINGW32__)
__attribute__((noreturn, format(__MINGW_PRINTF_FORMAT, 1, 2)))
#elif defined(__GNUC__) || defined(__clang__)
__attribute__((noreturn, format(printf, 1, 2)))
#endif
void allot_check_skip(const char *fmt, ...);

/*
 * The sample of generated cases a test keeps: ALLOT_TEST_SAMPLE="N" or "N:K" keeps case
 * i when i % N == K (K is 0 unless given). Unset, every case. Under a tool that makes
 * each call fifty times slower, the differential tests keep every Nth case: what the tool
 * checks is in each (tests/runners/valgrind_run.sh sets N). The suite's strategy
 * combinations share the cases out, each variant another K (tests/matrix.bzl).
 */
unsigned long allot_test_sample(void); /* N */

/* Whether case i is in the sample. */
int allot_test_sampled(unsigned long i);

/* How many of cases 0 to n - 1 are in the sample. */
unsigned long allot_test_sampled_count(unsigned long n);

/*
 * Hands p to code the compiler does not see. A compiler may drop the heap call of an
 * array or object that is never used; one handed here is allocated.
 */
void allot_check_use(void *p);

/*
 * Runs fn(arg) with a die handler that records the message in msg (size bytes) and
 * jumps back. Returns whether the handler was called; msg is "" if not. For a call
 * that may die or not (CHECK_DIES is for one that must).
 */
int allot_check_call(void (*fn)(void *), void *arg, char *msg, size_t size);

/* Internal to CHECK_DIES. */
extern jmp_buf allot_check__die_jmp;
void allot_check__arm_die(void);
void allot_check__die_missed(const char *file, int line, const char *stmt, const char *expected);
void allot_check__die_caught(const char *file, int line, const char *expected);
void allot_check__eq(const char *file, int line, const char *a_text, const char *b_text,
                     unsigned long long a, unsigned long long b);
void allot_check__streq(const char *file, int line, const char *a_text, const char *b_text,
                        const char *a, const char *b);
void allot_check__memeq(const char *file, int line, const char *a_text, const char *b_text,
                        const void *a, const void *b, size_t n);

#ifdef __cplusplus
}
#endif

#define ALLOT_TEST(suite, name)                                                                  \
	static void suite##__##name(void);                                                       \
	static struct allot_test suite##__##name##__test = {#suite,   #name,    suite##__##name, \
	                                                    __FILE__, __LINE__, NULL};           \
	__attribute__((constructor)) static void suite##__##name##__register(void)               \
	{                                                                                        \
		allot_check_register(&suite##__##name##__test);                                  \
	}                                                                                        \
	static void suite##__##name(void)

#define CHECK(cond) \
	((cond) ? (void) 0 : allot_check_fail(__FILE__, __LINE__, "CHECK(%s) failed", #cond))

/* Integers of any type up to 64 bits, compared as unsigned long long. */
#define CHECK_EQ(a, b)                                                        \
	allot_check__eq(__FILE__, __LINE__, #a, #b, (unsigned long long) (a), \
	                (unsigned long long) (b))

#define CHECK_STREQ(a, b) allot_check__streq(__FILE__, __LINE__, #a, #b, (a), (b))

#define CHECK_MEMEQ(a, b, n) allot_check__memeq(__FILE__, __LINE__, #a, #b, (a), (b), (n))

#define CHECK_DIES(statement, expected)                                                      \
	do {                                                                                 \
		allot_check__arm_die();                                                      \
		if (setjmp(allot_check__die_jmp) == 0) {                                     \
			statement;                                                           \
			allot_check__die_missed(__FILE__, __LINE__, #statement, (expected)); \
		} else {                                                                     \
			allot_check__die_caught(__FILE__, __LINE__, (expected));             \
		}                                                                            \
	} while (0)

#endif /* ALLOT_TESTS_CHECK_H */
