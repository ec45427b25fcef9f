/* SPDX-License-Identifier: MIT */
/*
 * peers_obstack: glibc's obstack as the pool: clear frees back to a mark taken first
 * (keeping the first chunk), release frees everything. glibc only.
 */
#define _GNU_SOURCE /* obstack.h, clock_gettime */
#include <obstack.h>
#include <stdlib.h>

#define obstack_chunk_alloc malloc
#define obstack_chunk_free  free

#define PEER_POOL "obstack"

#include "benches/peers.h"

struct peer_pool {
	struct obstack ob;
	void *first;
};

static void peer_pool_init(struct peer_pool *p)
{
	obstack_init(&p->ob);
	p->first = obstack_alloc(&p->ob, 0);
}

static void *peer_pool_alloc(struct peer_pool *p, size_t len)
{
	return obstack_alloc(&p->ob, len);
}

static void peer_pool_clear(struct peer_pool *p, void **ptrs, size_t n)
{
	(void) ptrs, (void) n;
	obstack_free(&p->ob, p->first);
	p->first = obstack_alloc(&p->ob, 0);
}

static void peer_pool_release(struct peer_pool *p, void **ptrs, size_t n)
{
	(void) ptrs, (void) n;
	obstack_free(&p->ob, NULL);
}

#include "benches/peers_main.h"
