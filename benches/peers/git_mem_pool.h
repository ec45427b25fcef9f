/* SPDX-License-Identifier: MIT */
/*
 * benches/peers/git_mem_pool.h: a mem-pool written from the behaviour Git documents for
 * its mem-pool.h (merge-ort's pool): blocks of 1 MiB, header included; objects bumped out
 * of the newest block at 8-byte alignment; an object of half a block or more gets a block
 * of its own; no clear: mem_pool_discard frees every block and mem_pool_init starts over.
 * A peer for //benches:peers, not part of allot.
 */
#ifndef ALLOT_BENCHES_PEERS_GIT_MEM_POOL_H
#define ALLOT_BENCHES_PEERS_GIT_MEM_POOL_H

#include <stddef.h>

struct mp_block;

struct mem_pool {
	struct mp_block *mp_block; /* the block objects are bumped out of, then older ones */
	size_t block_alloc;        /* the size of a new block's space */
	size_t pool_alloc;         /* bytes held from the heap */
};

/* An empty pool; with initial_size, its first block is allocated now. */
void mem_pool_init(struct mem_pool *pool, size_t initial_size);
/* Frees every block: the pool must be initialised again before use. */
void mem_pool_discard(struct mem_pool *pool);
/* len bytes at 8-byte alignment; dies when the heap is out of memory. */
void *mem_pool_alloc(struct mem_pool *pool, size_t len);

#endif
