/* SPDX-License-Identifier: MIT */
/*
 * Bugs that the tools must catch in pool memory, one per run: `poison_cases NAME` prints
 * the address it is about to touch, then makes the bad access and exits 0 if it lives.
 * tests/runners/poison_check.sh runs every case under ASan or Valgrind and requires a report of
 * that address, in the function that made the access. Under arena, these accesses are
 * inside heap blocks allot holds: only alloc/memdebug.h's hooks make them visible.
 */
#include <stdio.h>
#include <string.h>

#include "alloc/alloc.h"
#include "tests/expect.h"

static struct allot_pool pool = ALLOT_POOL_INIT;
static volatile char sink;

static char *object(size_t len)
{
	char *p = allot_pool_alloc(&pool, len);

	memset(p, 'o', len);
	return p;
}

static void at(const void *addr)
{
	printf("%p\n", addr);
	fflush(stdout);
}

/* One byte past a 24-byte object (an arena packs the next object close behind). */
static void write_past_end(void)
{
	char *p = object(24);

	object(24);
	at(p + 24);
	p[24] = 'x';
}

static void read_after_clear(void)
{
	char *p = object(24);

	allot_pool_clear(&pool);
	at(p);
	sink = p[0];
}

static void read_after_rewind(void)
{
	struct allot_pool_mark mark;
	char *p;

	object(24);
	mark = allot_pool_save(&pool);
	p = object(24);
	allot_pool_rewind(&pool, mark);
	at(p + 3);
	sink = p[3];
}

static void read_after_release(void)
{
	char *p = object(24);

	object(24);
	allot_pool_release(&pool);
	at(p);
	sink = p[0];
}

/* Git's mem_pool_discard with invalidate: the objects' memory is gone, not only scribbled on. */
static void read_after_discard(void)
{
	char *p = object(24);

	object(24);
	allot_pool_discard(&pool, 1);
	at(p + 5);
	sink = p[5];
}

#if EXPECT_POOL_SHARES_BLOCKS
/* Past the last object and its red zone: memory the arena has not handed out yet. */
static void read_not_handed_out(void)
{
	char *p = object(24);

	at(p + 64);
	sink = p[64];
}
#endif

static const struct {
	const char *name;
	void (*fn)(void);
} cases[] = {
    {"write_past_end", write_past_end},           {"read_after_clear", read_after_clear},
    {"read_after_rewind", read_after_rewind},     {"read_after_release", read_after_release},
    {"read_after_discard", read_after_discard},
#if EXPECT_POOL_SHARES_BLOCKS
    {"read_not_handed_out", read_not_handed_out},
#endif
};

int main(int argc, char **argv)
{
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (argc == 1) {
			puts(cases[i].name);
		} else if (strcmp(argv[1], cases[i].name) == 0) {
			object(100); /* not the pool's first object */
			cases[i].fn();
			return 0;
		}
	}
	return argc == 1 ? 0 : 2;
}
