/* SPDX-License-Identifier: MIT */
/*
 * Builds a path in a pool and prints allot_config(); with an argument, exits 1 unless
 * allot_config() is that argument (the pinned test).
 */
#include <stdio.h>
#include <string.h>

#include "alloc/alloc.h"

int main(int argc, char **argv)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	struct allot_path path = ALLOT_PATH_INIT;
	const char *copy;

	allot_path_addf(&path, "objects/%02x/%s", 0xab, "cdef");
	copy = allot_pool_strdup(&pool, path.buf);
	printf("%s\n%s\n", copy, allot_config());
	if (strcmp(copy, "objects/ab/cdef") != 0 ||
	    (argc > 1 && strcmp(argv[1], allot_config()) != 0))
		return 1;
	allot_path_release(&path);
	allot_pool_release(&pool);
	return 0;
}
