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

static void *or_abort(void *ptr)
{
	if (!ptr)
		abort();
	return ptr;
}

#ifdef PEER_TALLOC_POOL
#define CONTEXT talloc_pool(NULL, 1024 * 1024)
#else
#define CONTEXT talloc_new(NULL)
#endif

PEER_WHOLE_POOL(TALLOC_CTX *, p->pool = or_abort(CONTEXT), or_abort(talloc_size(p->pool, len)),
                talloc_free_children(p->pool), talloc_free(p->pool))

#include "benches/peers_main.h"
