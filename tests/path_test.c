/* SPDX-License-Identifier: MIT */
/* Behaviour of alloc/path.h that every path strategy must show. */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS, on Linux */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "alloc/alloc.h"
#include "tests/check.h"
#include "tests/failing_heap.h"

/* The invariants that hold after every call: never NULL, NUL-terminated, within capacity. */
static void check_invariants(const struct allot_path *p)
{
	CHECK(p->buf != NULL);
	CHECK_EQ(p->buf[p->len], '\0');
	if (p->alloc)
		CHECK(p->len + 1 <= p->alloc);
	else
		CHECK_EQ(p->len, 0);
	CHECK_EQ(allot_path_avail(p), p->alloc ? p->alloc - p->len - 1 : 0);
}

/* A string of n bytes "abc...zabc..." in a fresh heap buffer. */
static char *letters(size_t n)
{
	char *s = malloc(n + 1);
	size_t i;

	for (i = 0; i < n; i++)
		s[i] = (char) ('a' + i % 26);
	s[n] = '\0';
	return s;
}

ALLOT_TEST(path, init_is_empty_and_terminated)
{
	struct allot_path a = ALLOT_PATH_INIT, b;

	check_invariants(&a);
	CHECK_STREQ(a.buf, "");
	CHECK_EQ(a.len, 0);
	allot_path_init(&b, 0);
	check_invariants(&b);
	allot_path_init(&b, 300);
	check_invariants(&b);
	CHECK(allot_path_avail(&b) >= 300);
	allot_path_release(&a);
	allot_path_release(&b);
	check_invariants(&b);
}

ALLOT_TEST(path, add_and_friends)
{
	struct allot_path p = ALLOT_PATH_INIT;
	static const unsigned char oid[4] = {0x00, 0x9f, 0xa0, 0xff};

	allot_path_addstr(&p, "objects");
	check_invariants(&p);
	allot_path_addch(&p, '/');
	allot_path_addhex(&p, oid, 1);
	allot_path_complete(&p, '/');
	allot_path_complete(&p, '/'); /* already there */
	allot_path_add(&p, "abc", 2);
	allot_path_addhex(&p, oid, 4);
	check_invariants(&p);
	CHECK_STREQ(p.buf, "objects/00/ab009fa0ff");
	CHECK_EQ(p.len, strlen(p.buf));
	allot_path_addch(&p, '\0'); /* a NUL byte is content too */
	CHECK_EQ(p.len, 22);
	check_invariants(&p);
	allot_path_release(&p);
}

/* addhex writes 16 and 8 bytes at a time where it can: every length, every offset. */
ALLOT_TEST(path, addhex_of_every_length_matches_two_digits_a_byte)
{
	static const char digits[] = "0123456789abcdef";
	unsigned char bytes[48];
	char expect[2 * 48 + 1];
	size_t n, at, i;

	for (i = 0; i < sizeof(bytes); i++)
		bytes[i] = (unsigned char) (i * 37 + 9 * (i & 1) + (i == 5 ? 0xf0 : 0));
	for (at = 0; at < 3; at++) {
		for (n = 0; n + at <= sizeof(bytes); n++) {
			struct allot_path p = ALLOT_PATH_INIT;

			for (i = 0; i < n; i++) {
				expect[2 * i] = digits[bytes[at + i] >> 4];
				expect[2 * i + 1] = digits[bytes[at + i] & 15];
			}
			expect[2 * n] = '\0';
			allot_path_addch(&p, '<');
			allot_path_addhex(&p, bytes + at, n);
			allot_path_addch(&p, '>');
			CHECK_EQ(p.len, 2 * n + 2);
			CHECK(memcmp(p.buf + 1, expect, 2 * n) == 0);
			CHECK_EQ(p.buf[2 * n + 1], '>');
			check_invariants(&p);
			allot_path_release(&p);
		}
	}
}

/* addf's %s at every alignment and length around 16-byte blocks: the bytes of snprintf. */
ALLOT_TEST(path, addf_of_strings_at_every_alignment)
{
	static char text[32 + 80];
	char want[128];
	size_t at, len, i;

	for (at = 0; at < 32; at++) {
		for (len = 0; len < 72; len++) {
			struct allot_path p = ALLOT_PATH_INIT;

			for (i = 0; i < sizeof(text); i++)
				text[i] = (char) ('a' + (i + at + len) % 26);
			text[at + len] = '\0';
			snprintf(want, sizeof(want), "<%s|%.3s>", text + at, text + at);
			allot_path_addf(&p, "<%s|%.3s>", text + at, text + at);
			CHECK_STREQ(p.buf, want);
			CHECK_EQ(p.len, strlen(want));
			allot_path_release(&p);
		}
	}
}

#if defined(__linux__)
/*
 * addf's %s of strings whose NUL is the last byte of a page, the next page unreadable:
 * the formatter reads a string by blocks, and a block that reached into a page the
 * string does not would fault here. Room to spare, so that the blocks are stored whole.
 */
ALLOT_TEST(path, addf_of_strings_that_end_a_page)
{
	size_t page = (size_t) sysconf(_SC_PAGESIZE), len;
	char *map =
	    mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char want[128];

	CHECK(map != MAP_FAILED);
	CHECK_EQ(mprotect(map + page, page, PROT_NONE), 0);
	for (len = 0; len < 80; len++) {
		struct allot_path p = ALLOT_PATH_INIT;
		char *s = map + page - 1 - len;

		memset(s, 'a' + (int) (len % 26), len);
		s[len] = '\0';
		allot_path_grow(&p, 256);
		allot_path_addf(&p, "[%s]", s);
		snprintf(want, sizeof(want), "[%s]", s);
		CHECK_STREQ(p.buf, want);
		CHECK_EQ(p.len, len + 2);
		allot_path_release(&p);
	}
	CHECK_EQ(munmap(map, 2 * page), 0);
}
#endif

ALLOT_TEST(path, complete_leaves_empty_path_empty)
{
	struct allot_path p = ALLOT_PATH_INIT;

	allot_path_complete(&p, '/');
	CHECK_EQ(p.len, 0);
	check_invariants(&p);
	allot_path_addch(&p, 'x');
	allot_path_complete(&p, '/');
	CHECK_STREQ(p.buf, "x/");
	allot_path_release(&p);
}

ALLOT_TEST(path, add_from_own_buffer)
{
	struct allot_path p = ALLOT_PATH_INIT;
	int i;

	allot_path_addstr(&p, "ab");
	for (i = 0; i < 12; i++) /* doubles each turn, reading from the buffer that moves */
		allot_path_add(&p, p.buf, p.len);
	CHECK_EQ(p.len, 2 << 12);
	for (i = 0; i < (2 << 12); i++)
		CHECK_EQ(p.buf[i], i % 2 ? 'b' : 'a');
	check_invariants(&p);
	allot_path_release(&p);
}

ALLOT_TEST(path, reset_keeps_capacity)
{
	struct allot_path p = ALLOT_PATH_INIT;
	size_t alloc;
	char *buf;

	allot_path_addstr(&p, "some/long/enough/path");
	alloc = p.alloc;
	buf = p.buf;
	allot_path_reset(&p);
	check_invariants(&p);
	CHECK_EQ(p.len, 0);
	CHECK_EQ(p.alloc, alloc);
	CHECK(p.buf == buf);
	allot_path_reset(&p);
	allot_path_release(&p);
	allot_path_reset(&p); /* on an empty path too */
	check_invariants(&p);
}

ALLOT_TEST(path, grow_then_write_then_setlen)
{
	struct allot_path p = ALLOT_PATH_INIT;
	char *buf;

	allot_path_addstr(&p, "x");
	allot_path_grow(&p, 1000);
	CHECK(allot_path_avail(&p) >= 1000);
	buf = p.buf;
	memset(p.buf + p.len, 'y', 1000);
	allot_path_setlen(&p, p.len + 1000);
	CHECK(p.buf == buf); /* the room grow made did not move */
	CHECK_EQ(p.len, 1001);
	CHECK_EQ(p.buf[1000], 'y');
	check_invariants(&p);
	allot_path_setlen(&p, 1);
	CHECK_STREQ(p.buf, "x");
	allot_path_release(&p);
}

ALLOT_TEST(path, setlen_past_capacity_is_a_bug)
{
	struct allot_path p = ALLOT_PATH_INIT;

	CHECK_DIES(allot_path_setlen(&p, 1), "BUG: allot_path_setlen");
	check_invariants(&p);
	allot_path_setlen(&p, 0);
	allot_path_addstr(&p, "abc");
	CHECK_DIES(allot_path_setlen(&p, p.alloc), "BUG: allot_path_setlen");
	CHECK_STREQ(p.buf, "abc"); /* nothing changed */
	allot_path_setlen(&p, p.alloc - 1);
	CHECK_EQ(p.len, p.alloc - 1);
	check_invariants(&p);
	allot_path_release(&p);
}

/* detach and move for a path of n bytes: short ones stay inline under the inline store. */
static void detach_and_move(size_t n)
{
	struct allot_path a = ALLOT_PATH_INIT, b = ALLOT_PATH_INIT;
	char *want = letters(n), *got;
	size_t len = 12345;

	allot_path_add(&a, want, n);
	got = allot_path_detach(&a, &len);
	CHECK_EQ(len, n);
	CHECK_STREQ(got, want);
	check_invariants(&a);
	CHECK_EQ(a.len, 0);
	free(got); /* the caller's to free, inline or not */

	allot_path_add(&a, want, n);
	allot_path_addstr(&b, "old contents of b, released by the move");
	allot_path_move(&b, &a);
	CHECK_EQ(b.len, n);
	CHECK_STREQ(b.buf, want);
	check_invariants(&a);
	check_invariants(&b);
	CHECK_EQ(a.len, 0);
	allot_path_addstr(&a, "a is usable");
	CHECK_STREQ(a.buf, "a is usable");
	allot_path_addch(&b, '!'); /* b owns its bytes */
	CHECK_EQ(b.len, n + 1);
	allot_path_move(&b, &b);
	CHECK_EQ(b.len, n + 1);

	allot_path_release(&a);
	allot_path_move(&a, &b); /* into an empty path */
	CHECK_EQ(a.len, n + 1);
	got = allot_path_detach(&a, NULL);
	CHECK_EQ(strlen(got), n + 1);
	free(got);
	allot_path_release(&a);
	allot_path_release(&b);
	free(want);
}

ALLOT_TEST(path, detach_and_move_empty)
{
	detach_and_move(0);
}

ALLOT_TEST(path, detach_and_move_short)
{
	detach_and_move(10);
}

ALLOT_TEST(path, detach_and_move_at_the_inline_boundary)
{
#ifdef ALLOT_PATH_INLINE_SIZE
	detach_and_move(ALLOT_PATH_INLINE_SIZE - 2);
	detach_and_move(ALLOT_PATH_INLINE_SIZE - 1);
	detach_and_move(ALLOT_PATH_INLINE_SIZE);
	detach_and_move(ALLOT_PATH_INLINE_SIZE + 1);
#endif
}

ALLOT_TEST(path, detach_and_move_long)
{
	detach_and_move(100000);
}

ALLOT_TEST(path, growing_past_inline_keeps_contents)
{
	struct allot_path p = ALLOT_PATH_INIT;
	char *want = letters(1000);
	size_t i;

	for (i = 0; i < 1000; i++) {
		allot_path_addch(&p, want[i]);
		CHECK_EQ(p.len, i + 1);
		CHECK_MEMEQ(p.buf, want, i + 1);
		check_invariants(&p);
	}
	allot_path_release(&p);
	free(want);
}

/*
 * Appends fmt with allot_path_vaddf and checks that the bytes appended are what the
 * platform's vsnprintf gives for the same arguments. Deliberately not format-checked,
 * so that every conversion C defines can be tried whichever printf the platform has.
 */
static void check_addf_as_snprintf(struct allot_path *p, const char *fmt, ...)
{
	char want[512];
	size_t before = p->len;
	va_list ap, copy;
	int n;

	va_start(ap, fmt);
	va_copy(copy, ap);
	n = vsnprintf(want, sizeof(want), fmt, copy);
	va_end(copy);
	CHECK(n >= 0 && (size_t) n < sizeof(want));
	allot_path_vaddf(p, fmt, ap);
	va_end(ap);
	CHECK_EQ(p->len - before, n);
	CHECK_MEMEQ(p->buf + before, want, (size_t) n + 1);
	check_invariants(p);
}

ALLOT_TEST(path, addf_matches_snprintf)
{
	struct allot_path p = ALLOT_PATH_INIT;

	allot_path_addf(&p, "%s/%02x/%s", "objects", 0xab, "cdef");
	CHECK_STREQ(p.buf, "objects/ab/cdef");
	allot_path_reset(&p);
	check_addf_as_snprintf(&p, "%d|%5u|%-4x|%X|%o|%#x|%+d|% d", -42, 7u, 255u, 0xbeefu, 8u,
	                       255u, 3, 4);
	check_addf_as_snprintf(&p, "%lld|%llu|%ld|%hd|%hhu", -1LL, 18446744073709551615ULL, -5L,
	                       (short) -7, (unsigned char) 200);
	check_addf_as_snprintf(&p, "%zu|%zd|%td|%jd|%ju", (size_t) 99, (ptrdiff_t) -3,
	                       (ptrdiff_t) 12, (intmax_t) -9, (uintmax_t) 10);
	check_addf_as_snprintf(&p, "%c|%%|%.3s|%-6s|%6s|%*d|%-*d|%.*s", 'z', "truncate", "ab", "cd",
	                       5, 1, 5, 2, 2, "xyz");
	/* Git's modes and directories, which the builtin writes without a loop: at and past
	 * the width */
	check_addf_as_snprintf(&p, "%06o %06o %06o %06o %06o", 0u, 0100644u, 0777777u, 01000000u,
	                       4294967295u);
	check_addf_as_snprintf(&p, "%02x %02x %02x %02x %02x", 0u, 9u, 255u, 256u, 4294967295u);
	check_addf_as_snprintf(&p, "%08.3f|%e|%g|%a|%p", 3.14159, 1e-5, 0.5, 1.0, (void *) &p);
	check_addf_as_snprintf(&p, "%s", "");
	allot_path_release(&p);
}

ALLOT_TEST(path, addf_longer_than_any_buffer)
{
	struct allot_path p = ALLOT_PATH_INIT;
	size_t n = 100000;
	char *s = letters(n), *want = malloc(n + 64);
	int i;

	allot_path_addstr(&p, "prefix:");
	allot_path_addf(&p, "%s-%d", s, 42);
	snprintf(want, n + 64, "prefix:%s-%d", s, 42);
	CHECK_STREQ(p.buf, want);
	CHECK_EQ(p.len, strlen(want));
	check_invariants(&p);

	allot_path_release(&p);
	for (i = 0; i < 200; i++) { /* crosses every capacity on the way, one byte at a time */
		allot_path_addf(&p, "%c", 'a' + i % 26);
		CHECK_EQ(p.len, (size_t) i + 1);
		CHECK_MEMEQ(p.buf, s, (size_t) i + 1);
	}
	allot_path_release(&p);
	free(s);
	free(want);
}

#if SIZE_MAX > UINT_MAX && !FAILING_HEAP
/*
 * A buffer over INT_MAX bytes: addf's first pass, which counts on an output that fits
 * fitting an int, leaves it to the full pass. The buffer's pages are never touched.
 * (The failing heap refuses blocks this large: the suites without it run this.)
 */
ALLOT_TEST(path, addf_into_a_buffer_over_int_max)
{
	struct allot_path p = ALLOT_PATH_INIT;

	allot_path_addstr(&p, "objects/");
	allot_path_grow(&p, (size_t) INT_MAX + 64);
	CHECK(p.alloc > (size_t) INT_MAX + 1);
	allot_path_addf(&p, "%02x/%s", 0xabu, "cdef");
	CHECK_EQ(p.len, 15);
	CHECK_STREQ(p.buf, "objects/ab/cdef");
	check_invariants(&p);
	allot_path_release(&p);
}
#endif

/* A buffer of alloc bytes from the heap hook (what attach takes), starting with s. */
static char *heap_string(const char *s, size_t alloc)
{
	char *buf = ALLOT_MALLOC(alloc);
	size_t n = strlen(s) < alloc ? strlen(s) : alloc;

	CHECK(buf != NULL);
	memcpy(buf, s, n);
	return buf;
}

ALLOT_TEST(path, attach_takes_the_buffer)
{
	struct allot_path p = ALLOT_PATH_INIT;
	size_t sizes[] = {1, 6, ALLOT_PATH_INLINE_SIZE, ALLOT_PATH_INLINE_SIZE + 1, 5000}, i;

	allot_path_addstr(&p, "old contents, released");
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t len = sizes[i] > 5 ? 5 : 0;
		char *buf = heap_string("hello", sizes[i]);

		buf[sizes[i] - 1] = 'x'; /* not the NUL: attach writes it at len */
		allot_path_attach(&p, buf, len, sizes[i]);
		check_invariants(&p);
		CHECK_EQ(p.len, len);
		CHECK_MEMEQ(p.buf, "hello", len);
		allot_path_addstr(&p, "/more");
		CHECK_EQ(p.len, len + 5);
		check_invariants(&p);
	}
	allot_path_release(&p); /* frees the last buffer: the failing heap counts it back */
}

ALLOT_TEST(path, addpath_addchars)
{
	struct allot_path p = ALLOT_PATH_INIT, q = ALLOT_PATH_INIT;

	allot_path_addpath(&p, &q);
	CHECK_STREQ(p.buf, "");
	allot_path_addstr(&q, "dir");
	allot_path_addpath(&p, &q);
	allot_path_addchars(&p, '/', 2);
	allot_path_addchars(&p, 'x', 0);
	allot_path_addpath(&p, &p); /* itself */
	CHECK_STREQ(p.buf, "dir//dir//");
	allot_path_addchars(&p, '-', 300);
	CHECK_EQ(p.len, 310);
	CHECK(p.buf[309] == '-' && p.buf[10] == '-');
	check_invariants(&p);
	allot_path_release(&p);
	allot_path_release(&q);
}

ALLOT_TEST(path, splice_insert_remove)
{
	struct allot_path p = ALLOT_PATH_INIT;
	char *long_piece = letters(400);

	allot_path_insert(&p, 0, "", 0);
	CHECK_STREQ(p.buf, "");
	allot_path_remove(&p, 0, 0);
	allot_path_insert(&p, 0, "a/c", 3);
	allot_path_insert(&p, 2, "b/", 2);
	CHECK_STREQ(p.buf, "a/b/c");
	allot_path_insert(&p, 5, ".txt", 4);
	CHECK_STREQ(p.buf, "a/b/c.txt");
	allot_path_remove(&p, 0, 2);
	CHECK_STREQ(p.buf, "b/c.txt");
	allot_path_splice(&p, 2, 1, "name", 4);
	CHECK_STREQ(p.buf, "b/name.txt");
	allot_path_splice(&p, 2, 4, "x", 1);
	CHECK_STREQ(p.buf, "b/x.txt");
	allot_path_splice(&p, 7, 0, long_piece, 400); /* grows */
	CHECK_EQ(p.len, 407);
	CHECK_MEMEQ(p.buf + 7, long_piece, 400);
	allot_path_remove(&p, 1, 406);
	CHECK_STREQ(p.buf, "b");
	check_invariants(&p);
	free(long_piece);
	allot_path_release(&p);
}

ALLOT_TEST(path, splice_past_the_end_is_a_bug)
{
	struct allot_path p = ALLOT_PATH_INIT;

	allot_path_addstr(&p, "abc");
	CHECK_DIES(allot_path_insert(&p, 4, "x", 1),
	           "BUG: allot_path_insert: pos is past the end of the path");
	CHECK_DIES(allot_path_remove(&p, 2, 2),
	           "BUG: allot_path_remove: pos + len is past the end of the path");
	CHECK_DIES(allot_path_remove(&p, 1, (size_t) -1),
	           "BUG: allot_path_remove: pos + len is past the end of the path");
	CHECK_DIES(allot_path_splice(&p, 3, 1, "x", 1),
	           "BUG: allot_path_splice: pos + remove is past the end of the path");
	CHECK_STREQ(p.buf, "abc");
	CHECK_EQ(p.len, 3);
	allot_path_release(&p);
}

ALLOT_TEST(path, strip_suffix_and_trim_trailing)
{
	struct allot_path p = ALLOT_PATH_INIT;

	CHECK_EQ(allot_path_strip_suffix(&p, ""), 1);
	CHECK_EQ(allot_path_strip_suffix(&p, "x"), 0);
	allot_path_trim_trailing(&p, '/');
	CHECK_STREQ(p.buf, "");
	allot_path_addstr(&p, "dir/file.txt");
	CHECK_EQ(allot_path_strip_suffix(&p, ".c"), 0);
	CHECK_EQ(allot_path_strip_suffix(&p, "long/dir/file.txt"), 0);
	CHECK_EQ(allot_path_strip_suffix(&p, ".txt"), 1);
	CHECK_STREQ(p.buf, "dir/file");
	CHECK_EQ(allot_path_strip_suffix(&p, ""), 1);
	CHECK_EQ(allot_path_strip_suffix(&p, "dir/file"), 1);
	CHECK_STREQ(p.buf, "");
	allot_path_addstr(&p, "a//b///");
	allot_path_trim_trailing(&p, '/');
	CHECK_STREQ(p.buf, "a//b");
	allot_path_trim_trailing(&p, 'x');
	CHECK_STREQ(p.buf, "a//b");
	allot_path_reset(&p);
	allot_path_addstr(&p, "///");
	allot_path_trim_trailing(&p, '/');
	CHECK_STREQ(p.buf, "");
	check_invariants(&p);
	allot_path_release(&p);
}

ALLOT_TEST(path, cmp_orders_as_strbuf_cmp)
{
	struct allot_path a = ALLOT_PATH_INIT, b = ALLOT_PATH_INIT;

	CHECK_EQ(allot_path_cmp(&a, &b), 0);
	allot_path_addstr(&a, "abc");
	CHECK(allot_path_cmp(&a, &b) > 0);
	CHECK(allot_path_cmp(&b, &a) < 0);
	allot_path_addstr(&b, "abd");
	CHECK(allot_path_cmp(&a, &b) < 0);
	allot_path_setlen(&b, 2);
	CHECK(allot_path_cmp(&a, &b) > 0); /* "ab" is a prefix: shorter first */
	allot_path_addch(&b, 'c');
	CHECK_EQ(allot_path_cmp(&a, &b), 0);
	allot_path_addch(&a, '\0'); /* bytes, not C strings */
	CHECK(allot_path_cmp(&a, &b) > 0);
	allot_path_release(&a);
	allot_path_release(&b);
}

ALLOT_TEST(path, attach_without_room_for_the_nul_is_a_bug)
{
	struct allot_path p = ALLOT_PATH_INIT;
	char *buf = heap_string("abc", 3);

	allot_path_addstr(&p, "kept");
	CHECK_DIES(allot_path_attach(&p, buf, 3, 3),
	           "BUG: allot_path_attach: alloc must be larger than len");
	CHECK_STREQ(p.buf, "kept");
	CHECK_MEMEQ(buf, "abc", 3); /* still the caller's */
	ALLOT_FREE(buf);
	allot_path_release(&p);
}

ALLOT_TEST(path, adduint_writes_the_bytes_of_percent_ju)
{
	static const uintmax_t values[] = {0, 1, 9, 10, 99, 100, 12345, 4294967295u, UINTMAX_MAX};
	struct allot_path p = ALLOT_PATH_INIT;
	char want[64];
	size_t i, len = 0;

	for (i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		len += (size_t) snprintf(want + len, sizeof(want) - len, "%" PRIuMAX, values[i]);
		allot_path_adduint(&p, values[i]);
		check_invariants(&p);
		CHECK_EQ(p.len, len);
		CHECK_STREQ(p.buf, want);
	}
	for (i = 0; i < 2000; i++) { /* from a near-full path, and grown */
		uintmax_t v = (uintmax_t) i * 2654435761u * 40503u;

		allot_path_reset(&p);
		allot_path_addchars(&p, 'a', i % 150);
		allot_path_adduint(&p, v);
		snprintf(want, sizeof(want), "%" PRIuMAX, v);
		CHECK_EQ(p.len, i % 150 + strlen(want));
		CHECK_STREQ(p.buf + i % 150, want);
	}
	allot_path_release(&p);
}
