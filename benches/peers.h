/* SPDX-License-Identifier: MIT */
/*
 * benches/peers.h: what the ways of //benches:peers share. Each benches/peers/peers_*.c
 * names its ways (PEER_POOL, PEER_PATH_WAYS, PEER_ARRAY_WAYS: see benches/peers_main.h),
 * includes this file, defines them, and includes benches/peers_main.h last, which runs
 * them.
 */
#ifndef ALLOT_BENCHES_PEERS_H
#define ALLOT_BENCHES_PEERS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benches/bench.h"

/* Git's raw diff line, as diff-tree -r prints it for a changed file (diff.c). */
#define RAW_LINE_FORMAT ":%06o %06o %s %s %c"

/* The digit of v (0 to 15) in the loose-object loop's "xx". */
#define HEX_DIGIT(v) ("0123456789abcdef"[(v)])

#ifdef PEER_ARRAY_WAYS
/* An array way is a call of its own, as at a call site (and alloca's frame is its own). */
#if defined(__GNUC__)
#define PEER_NOINLINE __attribute__((noinline))
#else
#define PEER_NOINLINE
#endif

struct elem {
	uint64_t a, b;
};

#define ARRAY_INPUTS 64

/*
 * Lets a escape, as to a call the compiler cannot see into: its elements must be in
 * memory, as a caller's would be.
 */
#if defined(__GNUC__)
#define ESCAPE(a) __asm__ volatile("" : : "r"(a) : "memory")
#else
static void *volatile escaped;
#define ESCAPE(a) (escaped = (a), escaped = NULL)
#endif

/* What every way does with its array a of nr elements: fill it from in and hash it. */
static inline uint64_t array_work(struct elem *a, size_t nr, const struct elem *in)
{
	uint64_t h = 0;
	size_t i;

	for (i = 0; i < nr; i++)
		a[i] = in[i];
	ESCAPE(a);
	for (i = 0; i < nr; i++)
		h = h * 31 + (a[nr - 1 - i].a ^ a[i].b);
	return h;
}
#endif /* PEER_ARRAY_WAYS */

#endif /* ALLOT_BENCHES_PEERS_H */
