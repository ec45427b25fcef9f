/* SPDX-License-Identifier: MIT */
/*
 * scratch: a pool as scratch space, as Git's tree-diff would use one in emit_path. Each
 * round saves a mark, allocates a path (16 to 128 bytes, alignment 1) and a 32-byte
 * record, writes them, and rewinds; the same rounds with malloc and free are the
 * baseline. Both ways write the same bytes: a checksum of every path and record, taken
 * in a pass of its own so that checking costs the timed pass nothing.
 *
 * Result names: pool/scratch/<pool strategy> (",checks" with ALLOT_CHECKS=1) and
 * pool/scratch/malloc_free (each variant times it too: more samples under one name).
 *
 *   scratch [--rounds N]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (benches/bench.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/alloc.h"
#include "benches/bench.h"

#if ALLOT_CHECKS
#define POOL_WAY "pool/scratch/" ALLOT__KNOB_NAME(ALLOT_POOL_STRATEGY) ",checks"
#else
#define POOL_WAY "pool/scratch/" ALLOT__KNOB_NAME(ALLOT_POOL_STRATEGY)
#endif

/* Where the objects escape to, so that no compiler drops a malloc and free as unused. */
static char *volatile escaped;

static const char name[] = "a/longer/directory/path/with/a/file/name/at/the/end/of/it/and/"
                           "some/more/so/that/the/longest/paths/fill/a/cache/line/or/two/.c";

static size_t path_size(size_t i)
{
	return 16 + (i * 37) % 113;
}

/* Writes round i's path and record; with check, adds them to *h. */
static void fill(char *path, char *record, size_t i, int check, uint64_t *h)
{
	size_t n = path_size(i);

	memcpy(path, name, n);
	memset(record, (int) (i & 0xff), 32);
	escaped = path;
	escaped = record;
	if (check) {
		*h = bench_checksum(*h, path, n);
		*h = bench_checksum(*h, record, 32);
	}
}

static uint64_t with_pool(size_t rounds, int check)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	uint64_t h = BENCH_CHECKSUM_INIT;
	size_t i;

	for (i = 0; i < rounds; i++) {
		struct allot_pool_mark mark = allot_pool_save(&pool);
		char *path = allot_pool_alloc_aligned(&pool, path_size(i), 1);
		char *record = allot_pool_alloc(&pool, 32);

		fill(path, record, i, check, &h);
		allot_pool_rewind(&pool, mark);
	}
	allot_pool_release(&pool);
	return h;
}

static uint64_t with_malloc(size_t rounds, int check)
{
	uint64_t h = BENCH_CHECKSUM_INIT;
	size_t i;

	for (i = 0; i < rounds; i++) {
		char *path = malloc(path_size(i));
		char *record = malloc(32);

		if (!path || !record) {
			fprintf(stderr, "scratch: out of memory\n");
			exit(1);
		}
		fill(path, record, i, check, &h);
		free(record);
		free(path);
	}
	return h;
}

static void run(const char *way, uint64_t (*fn)(size_t, int), size_t rounds)
{
	uint64_t start, elapsed, h;

	BENCH_COUNT_START();
	start = bench_now_ns();
	fn(rounds, 0);
	elapsed = bench_now_ns() - start;
	BENCH_COUNT_STOP(way);
	h = fn(rounds, 1);
	printf("result: name=%s toolchain=%s checks=%s entries=%llu ns=%llu checksum=%016llx\n",
	       way, BENCH_TOOLCHAIN, ALLOT_CHECKS ? "on" : "off", (unsigned long long) rounds,
	       (unsigned long long) elapsed, (unsigned long long) h);
}

int main(int argc, char **argv)
{
	size_t rounds = 2000000;
	int i;

	for (i = 1; i < argc; i++) {
		if (!bench_count_option(argc, argv, &i, "--rounds", &rounds)) {
			fprintf(stderr, "usage: scratch [--rounds N]\n");
			return 2;
		}
	}
	printf("allot: %s\n", allot_config());
	if (bench_now_ns() % 2) { /* each run starts with the other way half the time */
		run(POOL_WAY, with_pool, rounds);
		run("pool/scratch/malloc_free", with_malloc, rounds);
	} else {
		run("pool/scratch/malloc_free", with_malloc, rounds);
		run(POOL_WAY, with_pool, rounds);
	}
	return 0;
}
