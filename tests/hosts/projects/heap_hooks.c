/* SPDX-License-Identifier: MIT */
/*
 * The host's heap and die handler (tests/hosts/host_heap.c) see all of allot's heap
 * calls: it drives every API that takes or gives heap memory, then checks that the hooks
 * saw the calls and got every block back (a detached buffer through ALLOT_FREE), and
 * that the host's die handler is in force from the start, and again after
 * allot_set_die(NULL). Linked with --wrap, so a direct heap call fails the run.
 *
 * Prints "heap_hooks: ok, M mallocs, R reallocs, F frees" and exits 0, or names the
 * first failure and exits 1.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "alloc/alloc.h"
#include "host_heap.h"

static int failures;

#define EXPECT(cond)                                                                           \
	do {                                                                                   \
		if (!(cond)) {                                                                 \
			fprintf(stderr, "heap_hooks: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
			failures++;                                                            \
		}                                                                              \
	} while (0)

static size_t sum_array(size_t nr)
{
	size_t i, sum = 0;
	ALLOT_ARRAY(size_t, arr, nr);

	for (i = 0; i < nr; i++)
		arr[i] = i;
	for (i = 0; i < nr; i++)
		sum += arr[i];
	ALLOT_ARRAY_FREE(arr);
	return sum;
}

static void use_every_heap_api(void)
{
	struct allot_pool pool = ALLOT_POOL_INIT;
	struct allot_path path = ALLOT_PATH_INIT, other = ALLOT_PATH_INIT;
	struct allot_pool_mark mark;
	char *detached;
	size_t len;
	int i;

	EXPECT(sum_array(1000) == 1000 * 999 / 2);
	for (i = 0; i < 5000; i++)
		allot_pool_alloc(&pool, (size_t) i % 200);
	mark = allot_pool_save(&pool);
	allot_pool_strdup(&pool, "a string");
	allot_pool_alloc_aligned(&pool, 100000, 64);
	allot_pool_rewind(&pool, mark);
	allot_pool_clear(&pool);
	allot_pool_calloc(&pool, 10, 10);
	allot_pool_release(&pool);
	for (i = 0; i < 200; i++)
		allot_path_addf(&path, "%s/%d", "dir", i);
	allot_path_move(&other, &path);
	allot_path_addstr(&path, "short");
	detached = allot_path_detach(&path, &len);
	EXPECT(len == 5 && !strcmp(detached, "short"));
	ALLOT_FREE(detached); /* a detached buffer goes back through the host's free */
	detached = allot_path_detach(&path, &len); /* an empty path: a fresh copy */
	EXPECT(len == 0 && !strcmp(detached, ""));
	ALLOT_FREE(detached);
	allot_path_release(&other);
}

int main(void)
{
	struct allot_pool pool = ALLOT_POOL_INIT;

	jmp_buf died;

	use_every_heap_api();
	EXPECT(host_mallocs > 0 && host_reallocs > 0 && host_frees > 0);
	EXPECT(host_live == 0);

	/* The host's die handler is in force from the start... */
	host_die_jump = &died;
	if (!setjmp(died))
		allot_pool_calloc(&pool, SIZE_MAX / 2, 4);
	EXPECT(!strncmp(host_die_msg, "host died: size overflow: ", 26));
	/* ... and allot_set_die(NULL) restores it, not allot's own. */
	host_die_msg[0] = '\0';
	allot_set_die(NULL);
	if (!setjmp(died))
		allot_pool_calloc(&pool, SIZE_MAX / 2, 4);
	EXPECT(!strncmp(host_die_msg, "host died: size overflow: ", 26));
	host_die_jump = NULL;
	allot_pool_release(&pool);

	if (failures) {
		fprintf(stderr, "heap_hooks: %d failures under %s\n", failures, allot_config());
		return 1;
	}
	printf("heap_hooks: ok, %lu mallocs, %lu reallocs, %lu frees\n", host_mallocs,
	       host_reallocs, host_frees);
	return 0;
}
