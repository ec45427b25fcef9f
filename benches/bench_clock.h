/*
 * benches/bench_clock.h: a monotonic clock in nanoseconds, for timing one phase of a
 * workload in-process (the runner interleaves and repeats the processes). A file that
 * includes it defines _POSIX_C_SOURCE (200809L) before any header, for clock_gettime.
 */
#ifndef ALLOT_BENCHES_BENCH_CLOCK_H
#define ALLOT_BENCHES_BENCH_CLOCK_H

#include <stdint.h>

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

/* Which C library this was built for: what the runner reports as the toolchain. */
#if defined(__MINGW32__)
#define BENCH_TOOLCHAIN "mingw"
#elif defined(__GLIBC__)
#define BENCH_TOOLCHAIN "glibc"
#elif defined(__linux__)
#define BENCH_TOOLCHAIN "musl" /* musl defines no macro of its own */
#else
#define BENCH_TOOLCHAIN "other"
#endif

#endif /* ALLOT_BENCHES_BENCH_CLOCK_H */
