/* SPDX-License-Identifier: MIT */
/*
 * A broken program, for the tests only: the file it writes depends on the pool strategy
 * (its standard output does not). tests/tune/tune_test.sh expects allot_tune to refuse
 * it, showing where the files first differ.
 */
#include <stdio.h>

#include "alloc/alloc.h"

int main(void)
{
	FILE *f = fopen("differs.out", "w");
	int i;

	if (!f)
		return 1;
	for (i = 0; i < 3; i++)
		fprintf(f, "line %d: the same\n", i);
	fprintf(f, "line 3: pool=%s\n",
	        ALLOT_POOL_STRATEGY == ALLOT_POOL_ARENA ? "arena" : "malloc");
	fclose(f);
	puts("wrote differs.out");
	return 0;
}
