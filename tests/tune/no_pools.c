/* SPDX-License-Identifier: MIT */
/*
 * A program that never uses a pool: paths only. tests/tune/tune_test.sh expects
 * allot_tune to call pool a tie, and keep its default.
 */
#include <stdint.h>
#include <stdio.h>

#include "alloc/alloc.h"

int main(void)
{
	struct allot_path path = ALLOT_PATH_INIT;
	uint64_t sum = 0;
	unsigned i;

	for (i = 0; i < 20000; i++) {
		size_t j;

		allot_path_reset(&path);
		allot_path_addstr(&path, "objects/");
		allot_path_addch(&path, "0123456789abcdef"[i % 16]);
		allot_path_addstr(&path, "/entry");
		for (j = 0; j < path.len; j++)
			sum = sum * 31 + (unsigned char) path.buf[j];
	}
	/* A "result:" line of its own, not a benchmark's: the tuner compares it as output. */
	printf("result: sum=%llu last=%s\n", (unsigned long long) sum, path.buf);
	allot_path_release(&path);
	return 0;
}
