/* SPDX-License-Identifier: MIT */
/*
 * benches/bench.h: what the workloads share: a monotonic clock in nanoseconds, for
 * timing one phase in-process (tools/allot-tune interleaves and repeats the
 * processes), the name of the C library, and the checksum of their output. A file that
 * includes it defines _POSIX_C_SOURCE (200809L) before any header, for clock_gettime.
 */
#ifndef ALLOT_BENCHES_BENCH_H
#define ALLOT_BENCHES_BENCH_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "benches/le64.h"

#if defined(_WIN32)
#include <windows.h>

static inline uint64_t bench_now_ns(void)
{
	static LARGE_INTEGER freq;
	LARGE_INTEGER now;

	if (!freq.QuadPart)
		QueryPerformanceFrequency(&freq);
	QueryPerformanceCounter(&now);
	return (uint64_t) ((double) now.QuadPart * 1e9 / (double) freq.QuadPart);
}
#else
#include <time.h>

static inline uint64_t bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}
#endif

/* Which toolchain this was built with, as the runner reports it: Bazel names it (the
 * table of toolchains/toolchains.bzl); elsewhere, the C library. */
#if defined(BENCH_TOOLCHAIN)
#elif defined(__MINGW32__)
#define BENCH_TOOLCHAIN "mingw"
#elif defined(__GLIBC__)
#define BENCH_TOOLCHAIN "glibc"
#elif defined(__linux__)
#define BENCH_TOOLCHAIN "musl" /* musl defines no macro of its own */
#else
#define BENCH_TOOLCHAIN "other"
#endif

/*
 * Whether argv[*i] is option followed by a positive count: then stores the count in
 * *out and steps *i over it.
 */
static inline int bench_count_option(int argc, char **argv, int *i, const char *option, size_t *out)
{
	if (strcmp(argv[*i], option) != 0 || *i + 1 >= argc || atol(argv[*i + 1]) <= 0)
		return 0;
	*out = (size_t) atol(argv[++*i]);
	return 1;
}

/*
 * Instruction counts: with BENCH_CALLGRIND (set for the Linux toolchains), a program
 * run under valgrind --tool=callgrind dumps the instructions of each counted section
 * under its name, which tools/allot-tune --metric=instructions reads. Outside
 * callgrind these are a few no-op instructions per section.
 */
#if BENCH_CALLGRIND
#include <valgrind/callgrind.h>
#define BENCH_COUNT_START()     CALLGRIND_ZERO_STATS
#define BENCH_COUNT_STOP(label) CALLGRIND_DUMP_STATS_AT(label)
#define BENCH_COUNTED()         RUNNING_ON_VALGRIND /* whether callgrind counts this run */
#else
#define BENCH_COUNT_START()     ((void) 0)
#define BENCH_COUNT_STOP(label) ((void) (label))
#define BENCH_COUNTED()         0
#endif

#define BENCH_CHECKSUM_INIT 0xcbf29ce484222325ULL

/*
 * Adds len bytes to checksum h, eight at a time (read as little-endian words on every
 * CPU): the same output, the same checksum on every platform. It has to be cheap: a
 * byte-at-a-time hash of ~140-byte lines would cost more than the diff it checks.
 */
static inline uint64_t bench_checksum(uint64_t h, const char *bytes, size_t len)
{
	uint64_t word;

	for (; len >= 8; bytes += 8, len -= 8) {
		memcpy(&word, bytes, 8);
		h = (h ^ bench_le64(word)) * 0x9e3779b97f4a7c15ULL;
		h ^= h >> 32;
	}
	word = 0;
	memcpy(&word, bytes, len);
	h = (h ^ bench_le64(word) ^ ((uint64_t) len << 56)) * 0x9e3779b97f4a7c15ULL;
	return h ^ (h >> 32);
}

#endif /* ALLOT_BENCHES_BENCH_H */
