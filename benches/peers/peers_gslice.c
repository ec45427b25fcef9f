/* SPDX-License-Identifier: MIT */
/*
 * peers_gslice: GLib's slice allocator: g_slice_alloc per object, g_slice_free1 each one
 * (GSlice needs the size back). glibc only.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (benches/bench.h) */
#include <glib.h>

#define PEER_POOL "gslice"

#include "benches/peers.h"

struct peer_pool {
	char unused;
};

static size_t object_size(size_t i);

static void peer_pool_init(struct peer_pool *p)
{
	(void) p;
}

static void *peer_pool_alloc(struct peer_pool *p, size_t len)
{
	(void) p;
	return g_slice_alloc(len);
}

static void peer_pool_clear(struct peer_pool *p, void **ptrs, size_t n)
{
	size_t i;

	(void) p;
	for (i = 0; i < n; i++)
		g_slice_free1(object_size(i), ptrs[i]);
}

static void peer_pool_release(struct peer_pool *p, void **ptrs, size_t n)
{
	peer_pool_clear(p, ptrs, n);
}

#include "benches/peers_main.h"
