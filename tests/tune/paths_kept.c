/* SPDX-License-Identifier: MIT */
/*
 * A program that keeps 200,000 short paths at once. The inline path store makes no heap
 * call for them, so it runs fewer instructions; it also keeps ALLOT_PATH_INLINE_SIZE
 * bytes in every struct, so it takes more memory. tests/tune/tune_test.sh expects
 * allot_tune to choose path_store=inline on instructions, to keep heap under
 * --max-memory=1.25, and to keep heap when deciding on memory.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "alloc/alloc.h"

#define PATHS 200000

int main(void)
{
	struct allot_path *paths = malloc(PATHS * sizeof(*paths));
	uint64_t sum = 0;
	size_t i, j;

	if (!paths)
		return 1;
	for (i = 0; i < PATHS; i++) {
		allot_path_init(&paths[i], 0);
		allot_path_addstr(&paths[i], "d/");
		allot_path_adduint(&paths[i], i);
	}
	for (i = 0; i < PATHS; i++) {
		for (j = 0; j < paths[i].len; j++)
			sum = sum * 31 + (unsigned char) paths[i].buf[j];
		allot_path_release(&paths[i]);
	}
	free(paths);
	printf("sum %llu\n", (unsigned long long) sum);
	return 0;
}
