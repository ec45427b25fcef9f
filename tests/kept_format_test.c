/* SPDX-License-Identifier: MIT */
/*
 * Formats that are string literals. With GNU C, allot_path_addf keeps what it read of
 * one (alloc/path.h), and later calls go by what it kept: they must append the bytes
 * that the same call appends when it reads its format ((allot_path_addf)(...)), and that
 * snprintf writes. Each case runs on paths that hold 0 to 99 bytes before it, so that
 * the room ends at every byte of the output and past it; the first of those calls keeps
 * the format, the others go by it. The cases cover every kind of piece a kept format
 * has (a plain %s or %c, "%02x", "%06o", the small integers, text, "%%"), the values
 * those pieces hand on to the general code, formats with pieces nothing is kept for,
 * and threads that use a literal for the first time at once. Every format here is longer
 * than ALLOT__KEPT_FORMAT_MIN, so that it is kept.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "alloc/alloc.h"
#include "tests/check.h"

/*
 * The call allot_path_addf(path, ...), kept and read, on paths holding 0 to 99 bytes,
 * against snprintf(..., ...). A macro: the format must be a literal at the call.
 */
#define SAME_AS_READ(...)                                                                   \
	do {                                                                                \
		char want_[512];                                                            \
		int n_ = snprintf(want_, sizeof(want_), __VA_ARGS__);                       \
		size_t pre_;                                                                \
                                                                                            \
		CHECK(n_ >= 0 && (size_t) n_ < sizeof(want_));                              \
		for (pre_ = 0; pre_ < 100; pre_++) {                                        \
			struct allot_path kept_ = ALLOT_PATH_INIT, read_ = ALLOT_PATH_INIT; \
                                                                                            \
			allot_path_addchars(&kept_, '.', pre_);                             \
			allot_path_addchars(&read_, '.', pre_);                             \
			allot_path_addf(&kept_, __VA_ARGS__);                               \
			(allot_path_addf)(&read_, __VA_ARGS__);                             \
			CHECK_EQ(kept_.len, pre_ + (size_t) n_);                            \
			CHECK_MEMEQ(kept_.buf + pre_, want_, (size_t) n_ + 1);              \
			CHECK_EQ(read_.len, kept_.len);                                     \
			CHECK_MEMEQ(read_.buf, kept_.buf, kept_.len + 1);                   \
			allot_path_release(&kept_);                                         \
			allot_path_release(&read_);                                         \
		}                                                                           \
	} while (0)

static const char hex40[] = "0123456789abcdef0123456789abcdef01234567";
static const char hex38[] = "23456789abcdef0123456789abcdef01234567";
static const char long_name[] =
    "a/name/longer/than/the/sixty/four/bytes/a/string/block/reads/at/once";

/* The shortest format here is kept (alloc/path.h). */
ALLOT__STATIC_ASSERT(sizeof("%s%s%s%s%s%s%s%s") > ALLOT__KEPT_FORMAT_MIN + 1, kept_test_formats);

ALLOT_TEST(kept_format, every_piece_as_read)
{
	/* Git's raw diff line and loose object path */
	SAME_AS_READ(":%06o %06o %s %s %c\t%s\n", 0100644u, 0100755u, hex40, hex40, 'M',
	             "dir/file.c");
	SAME_AS_READ(".git/objects/%02x/%s", 0xabu, hex38);
	/* %s: empty, one block, 63 and 64 bytes, longer than the blocks */
	SAME_AS_READ("an empty one: [%s]", "");
	SAME_AS_READ("a short one: [%s]", "x");
	SAME_AS_READ("63 and 64: %s|%s", long_name + 5, long_name + 4);
	SAME_AS_READ("over 64 bytes: %s", long_name);
	/* %c, the NUL among them */
	SAME_AS_READ("three characters: %c%c%c", 'a', '\0', 'z');
	/* "%06o" and "%02x" with more digits than the width */
	SAME_AS_READ("%06o|%06o|%02x|%02x", 01234567u, 0u, 0x1ffu, 0u);
	/* the small integers: 0 flag, a one-digit width, every conversion, the extremes */
	SAME_AS_READ("%d %i %u %x %X %o", INT_MIN, -1, UINT_MAX, 0xdeadu, 0xbeefu, 0777u);
	SAME_AS_READ("%5d|%05d|%3x|%0u|%9o|%04X|%1d", -42, 42, 0xau, 7u, 8u, 0xabcu, 12345);
	/* text: none, "%%", more than a piece's 8 bytes before, between and after */
	SAME_AS_READ("%s%s%s%s%s%s%s%s", "a", "b", "", "c", "d", "e", "f", "g");
	SAME_AS_READ("percent: %%%s%% and 100%%", "x");
	SAME_AS_READ("a literal of more than eight bytes, %s, and then %d more bytes of it", "in",
	             42);
	SAME_AS_READ("text alone, longer than a piece's eight bytes");
}

ALLOT_TEST(kept_format, formats_nothing_is_kept_for)
{
	char *volatile none = NULL; /* a null %s: the C library's business */

	/* pieces the kept formats do not take: width on text, precision, length, flags, "*" */
	SAME_AS_READ("%5s|%-3c|%.2s|%ld|%lu|%hd", "ab", 'c', "xyz", -7L, 9UL, (short) -3);
	SAME_AS_READ("flags: %+d % d %#x %*d", 1, 2, 3u, 4, 5);
	/* more pieces than a kept format holds */
	SAME_AS_READ("%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
	             13, 14, 15, 16, 17);
	SAME_AS_READ("a null string: <%s>", none);
}

#if defined(__unix__) || defined(__MINGW32__)
#include <pthread.h>

enum { THREADS = 4, ROUNDS = 2000 };

/* Each thread formats with a literal no other call has used: the first calls race to keep it. */
static void *format_in_a_thread(void *arg)
{
	static char failed;
	struct allot_path path = ALLOT_PATH_INIT;
	char want[64];
	unsigned id = (unsigned) (size_t) arg;
	int i, bad = 0;

	for (i = 0; i < ROUNDS; i++) {
		allot_path_reset(&path);
		allot_path_addf(&path, "thread %u round %d: %s%c%02x", id, i, "x", 'y', 0x5u);
		snprintf(want, sizeof(want), "thread %u round %d: %s%c%02x", id, i, "x", 'y', 0x5u);
		bad |= strcmp(path.buf, want) != 0;
	}
	allot_path_release(&path);
	return bad ? &failed : NULL;
}

ALLOT_TEST(kept_format, threads_keep_a_literal_at_once)
{
	pthread_t threads[THREADS];
	int i;

	for (i = 0; i < THREADS; i++)
		CHECK_EQ(pthread_create(&threads[i], NULL, format_in_a_thread, (void *) (size_t) i),
		         0);
	for (i = 0; i < THREADS; i++) {
		void *bad;

		CHECK_EQ(pthread_join(threads[i], &bad), 0);
		CHECK(bad == NULL);
	}
}
#endif
