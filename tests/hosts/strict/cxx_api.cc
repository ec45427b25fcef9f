/* SPDX-License-Identifier: MIT */
// The public headers used from C++: every macro of the API expanded in a C++ function,
// so that tests/strict.sh compiles them as C++ (g++ and clang++, -Werror).
#include "alloc/alloc.h"

int allot_cxx_use(size_t nr);

int allot_cxx_use(size_t nr)
{
	struct allot_pool pool = ALLOT_POOL_INIT, sized = ALLOT_POOL_INIT_BLOCK(4096);
	struct allot_path path = ALLOT_PATH_INIT;
	struct allot_stats stats;
	int sum = 0;
	ALLOT_ARRAY(int, one_line, nr);
	ALLOT_ARRAY_DECL(int, two_step);

	ALLOT_ARRAY_ALLOC(two_step, nr);
	for (size_t i = 0; i < nr; i++) {
		one_line[i] = static_cast<int>(i);
		two_step[i] = one_line[i];
		sum += two_step[i];
	}
	ALLOT_ARRAY_FREE(two_step);
	ALLOT_ARRAY_FREE(one_line);
	allot_pool_init(&pool, 0);
	static_cast<char *>(allot_pool_alloc(&pool, 10))[0] = 'x';
	sum += allot_pool_contains(&pool, allot_pool_strfmt(&pool, "%d", sum));
	allot_pool_release(&pool);
	allot_path_addstr(&path, "dir");
	allot_path_addch(&path, '/');
	allot_path_setlen(&path, allot_path_avail(&path) ? path.len : 0);
	allot_path_addf(&path, "/%s-%d", "name", sum);
	allot_path_reset(&path);
	allot_path_release(&path);
	allot_pool_release(&sized);
	allot_stats_get(&stats);
	return sum + static_cast<int>(stats.heap_allocs) + (allot_config()[0] == 'a');
}
