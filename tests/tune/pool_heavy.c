/* SPDX-License-Identifier: MIT */
/*
 * A program whose time goes to pools: many small objects, allocated one by one and freed
 * all at once, in rounds. tests/tune/tune_test.sh expects allot_tune to keep pool=arena.
 */
#include <stdint.h>
#include <stdio.h>

#include "alloc/alloc.h"

int main(void)
{
	uint64_t sum = 0;
	int round;

	for (round = 0; round < 40; round++) {
		struct allot_pool pool;
		size_t i;

		allot_pool_init(&pool, 0);
		for (i = 0; i < 5000; i++) {
			size_t len = 16 + (i * 7 + (size_t) round) % 64;
			unsigned char *p = allot_pool_alloc(&pool, len);

			p[0] = (unsigned char) i;
			p[len - 1] = (unsigned char) round;
			sum += p[0] + p[len - 1];
		}
		allot_pool_release(&pool);
	}
	printf("sum %llu\n", (unsigned long long) sum);
	return 0;
}
