/* SPDX-License-Identifier: MIT */
/*
 * peers_apr: the Apache Portable Runtime's pools: apr_palloc, apr_pool_clear,
 * apr_pool_destroy. glibc only.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (benches/bench.h) */
#include <apr_pools.h>

#define PEER_POOL "apr"

#include "benches/peers.h"

static void create(apr_pool_t **pool)
{
	if (apr_initialize() != APR_SUCCESS || apr_pool_create(pool, NULL) != APR_SUCCESS)
		abort();
}

PEER_WHOLE_POOL(apr_pool_t *, create(&p->pool), apr_palloc(p->pool, len), apr_pool_clear(p->pool),
                (apr_pool_destroy(p->pool), apr_terminate()))

#include "benches/peers_main.h"
