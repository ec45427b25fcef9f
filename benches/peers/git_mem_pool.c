/* SPDX-License-Identifier: MIT */
/* benches/peers/git_mem_pool.c: see git_mem_pool.h. */
#include "benches/peers/git_mem_pool.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct mp_block {
	struct mp_block *next_block;
	char *next_free;
	char *end;
	uintmax_t space[]; /* Git's FLEX_ARRAY */
};

#define ALIGNMENT         8
#define BLOCK_GROWTH_SIZE ((size_t) 1024 * 1024 - sizeof(struct mp_block))

static struct mp_block *alloc_block(struct mem_pool *pool, size_t block_alloc,
                                    struct mp_block *insert_after)
{
	struct mp_block *p = malloc(sizeof(struct mp_block) + block_alloc);

	if (!p) {
		fprintf(stderr, "fatal: out of memory\n");
		exit(128);
	}
	pool->pool_alloc += sizeof(struct mp_block) + block_alloc;
	p->next_free = (char *) p->space;
	p->end = p->next_free + block_alloc;
	if (insert_after) {
		p->next_block = insert_after->next_block;
		insert_after->next_block = p;
	} else {
		p->next_block = pool->mp_block;
		pool->mp_block = p;
	}
	return p;
}

void mem_pool_init(struct mem_pool *pool, size_t initial_size)
{
	pool->mp_block = NULL;
	pool->pool_alloc = 0;
	pool->block_alloc = BLOCK_GROWTH_SIZE;
	if (initial_size > 0)
		alloc_block(pool, initial_size, NULL);
}

void mem_pool_discard(struct mem_pool *pool)
{
	struct mp_block *block = pool->mp_block, *next;

	while (block) {
		next = block->next_block;
		free(block);
		block = next;
	}
	pool->mp_block = NULL;
	pool->pool_alloc = 0;
}

void *mem_pool_alloc(struct mem_pool *pool, size_t len)
{
	struct mp_block *p = NULL;
	void *r;

	len = (len + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
	if (pool->mp_block && (size_t) (pool->mp_block->end - pool->mp_block->next_free) >= len)
		p = pool->mp_block;
	if (!p) {
		if (len >= pool->block_alloc / 2)
			return alloc_block(pool, len, pool->mp_block)->space;
		p = alloc_block(pool, pool->block_alloc, NULL);
	}
	r = p->next_free;
	p->next_free += len;
	return r;
}
