/* SPDX-License-Identifier: MIT */
/*
 * alloc/stats.h: counters of what allot did, and the configuration it was built with.
 *
 * Built with ALLOT_STATS=1 (Bazel: --//alloc:stats=true), allot counts the events
 * below in process-wide counters that any thread may update. With ALLOT_STATS=0 the
 * counting code is not compiled at all and allot_stats_get() reports zeros.
 *
 * Use:
 *
 *     struct allot_stats s;
 *
 *     allot_stats_reset();
 *     run_the_workload();
 *     allot_stats_get(&s);
 *     printf("%llu heap calls\n", (unsigned long long) (s.heap_allocs + s.heap_frees));
 *
 * The counters are exact, also across threads; reading them while other threads count
 * gives each counter's value at some moment, not one moment for all.
 */
#ifndef ALLOT_STATS_H
#define ALLOT_STATS_H

#include <stdint.h>
#include <stdio.h>

#include "alloc/compiler.h"
#include "alloc/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Every counter, with what it counts: the fields of struct allot_stats, in order, and
 * the lines allot_stats_print writes. Each is a uint64_t, read and written whole.
 */
#define ALLOT__STATS_COUNTERS(X)                                                    \
	X(array_calls, "ALLOT_ARRAY uses")                                          \
	X(array_heap, "... of which took their memory from the heap")               \
	X(pool_allocs, "objects handed out by any pool")                            \
	X(pool_bytes, "bytes asked for by those allocations")                       \
	X(pool_blocks, "heap blocks that pools took (one per object under malloc)") \
	X(path_grows, "times a path's capacity had to grow")                        \
	X(path_addf, "allot_path_addf/vaddf calls")                                 \
	X(path_addf_fallback, "... that the builtin formatter passed to libc")      \
	X(heap_allocs, "malloc/calloc/realloc calls made by allot itself")          \
	X(heap_frees, "free calls made by allot itself")

/* The counters: one uint64_t per entry of the table above, in its order. */
struct allot_stats {
#define ALLOT__STATS_FIELD(name, what) uint64_t name;
	ALLOT__STATS_COUNTERS(ALLOT__STATS_FIELD)
#undef ALLOT__STATS_FIELD
};

/* Copies the counters into *out; all zero unless ALLOT_STATS=1. */
void allot_stats_get(struct allot_stats *out);

/* Sets every counter to zero. */
void allot_stats_reset(void);

/* Prints every counter, one "name value" line each, to out. */
void allot_stats_print(FILE *out);

/*
 * The strategies this library was built with, as one line, e.g.
 * "array=alloca:2 pool=arena path=heap,builtin malloc=system stats=off".
 * The string is static; do not free it.
 */
const char *allot_config(void);

/* Internal: the counters themselves (alloc/compiler.h, ALLOT__COUNTER), updated by the
 * macros below and copied into a struct allot_stats by allot_stats_get. */
struct allot__counters {
#define ALLOT__COUNTERS_FIELD(name, what) ALLOT__COUNTER(name);
	ALLOT__STATS_COUNTERS(ALLOT__COUNTERS_FIELD)
#undef ALLOT__COUNTERS_FIELD
};
extern struct allot__counters allot__stats;

#if ALLOT_STATS
#define ALLOT__COUNT(field, n) ALLOT__COUNTER_ADD(&allot__stats.field, (unsigned long long) (n))
#else
#define ALLOT__COUNT(field, n) ((void) 0)
#endif

#ifdef __cplusplus
}
#endif

#endif /* ALLOT_STATS_H */
