/* SPDX-License-Identifier: MIT */
/*
 * peers_apr: the Apache Portable Runtime's pools: apr_palloc, apr_pool_clear,
 * apr_pool_destroy. glibc only.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (benches/bench.h) */
#include <apr_pools.h>

#define PEER_POOL "apr"

#include "benches/peers.h"

struct peer_pool {
	apr_pool_t *pool;
};

static void peer_pool_init(struct peer_pool *p)
{
	if (apr_initialize() != APR_SUCCESS || apr_pool_create(&p->pool, NULL) != APR_SUCCESS)
		abort();
}

static void *peer_pool_alloc(struct peer_pool *p, size_t len)
{
	return apr_palloc(p->pool, len);
}

static void peer_pool_clear(struct peer_pool *p, void **ptrs, size_t n)
{
	(void) ptrs, (void) n;
	apr_pool_clear(p->pool);
}

static void peer_pool_release(struct peer_pool *p, void **ptrs, size_t n)
{
	(void) ptrs, (void) n;
	apr_pool_destroy(p->pool);
	apr_terminate();
}

#include "benches/peers_main.h"
