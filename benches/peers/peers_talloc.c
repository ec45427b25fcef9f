/* SPDX-License-Identifier: MIT */
/*
 * peers_talloc: Samba's talloc as the pool: objects are children of one context, clear is
 * talloc_free_children, release talloc_free. Built with PEER_TALLOC_POOL, the context is
 * a talloc_pool of 1 MiB (objects past it come from malloc, as talloc does). glibc only.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (benches/bench.h) */
#include <talloc.h>

#ifdef PEER_TALLOC_POOL
#define PEER_POOL "talloc_pool"
#else
#define PEER_POOL "talloc"
#endif

#include "benches/peers.h"

struct peer_pool {
	TALLOC_CTX *ctx;
};

static void peer_pool_init(struct peer_pool *p)
{
#ifdef PEER_TALLOC_POOL
	p->ctx = talloc_pool(NULL, 1024 * 1024);
#else
	p->ctx = talloc_new(NULL);
#endif
	if (!p->ctx)
		abort();
}

static void *peer_pool_alloc(struct peer_pool *p, size_t len)
{
	void *ptr = talloc_size(p->ctx, len);

	if (!ptr)
		abort();
	return ptr;
}

static void peer_pool_clear(struct peer_pool *p, void **ptrs, size_t n)
{
	(void) ptrs, (void) n;
	talloc_free_children(p->ctx);
}

static void peer_pool_release(struct peer_pool *p, void **ptrs, size_t n)
{
	(void) ptrs, (void) n;
	talloc_free(p->ctx);
}

#include "benches/peers_main.h"
