/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "alloc/alloc.h"

struct entry {
	const char *path;
	unsigned mode;
};

int main(void)
{
	static const char *const names[] = {"README.md", "alloc/pool.h", "alloc/path.h"};
	struct allot_pool pool = ALLOT_POOL_INIT; /* batch-freed objects */
	struct allot_path path = ALLOT_PATH_INIT; /* a growing string, always NUL-terminated */
	size_t i, nr = sizeof(names) / sizeof(names[0]);
	ALLOT_ARRAY(struct entry *, entries, nr); /* a small array: stack or heap, by strategy */

	for (i = 0; i < nr; i++) {
		struct entry *e = allot_pool_alloc(&pool, sizeof(*e));

		allot_path_reset(&path);
		allot_path_addf(&path, "%s/%s", "objects", names[i]);
		e->path = allot_pool_strdup(&pool, path.buf);
		e->mode = 0100644;
		entries[i] = e;
	}
	for (i = 0; i < nr; i++)
		printf("%06o %s\n", entries[i]->mode, entries[i]->path);

	ALLOT_ARRAY_FREE(entries);
	allot_path_release(&path);
	allot_pool_release(&pool); /* every entry and string at once */
	return 0;
}
