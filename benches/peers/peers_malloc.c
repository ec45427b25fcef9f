/* SPDX-License-Identifier: MIT */
/*
 * peers_malloc: the C library's malloc and free, as a user would use them instead of a
 * pool (one block per object, each freed) or of a small array (one block per array).
 */
#define _POSIX_C_SOURCE    200809L /* clock_gettime (benches/bench.h) */
#define PEER_POOL          "malloc/free"
#define PEER_ARRAY_WAYS(X) X("malloc/free", way_array)

#include "benches/peers.h"

struct peer_pool {
	char unused;
};

static void *must(void *ptr)
{
	if (!ptr) {
		fprintf(stderr, "peers_malloc: out of memory\n");
		exit(1);
	}
	return ptr;
}

static void peer_pool_init(struct peer_pool *p)
{
	(void) p;
}

static void *peer_pool_alloc(struct peer_pool *p, size_t len)
{
	(void) p;
	return must(malloc(len));
}

static void peer_pool_clear(struct peer_pool *p, void **ptrs, size_t n)
{
	size_t i;

	(void) p;
	for (i = 0; i < n; i++)
		free(ptrs[i]);
}

static void peer_pool_release(struct peer_pool *p, void **ptrs, size_t n)
{
	peer_pool_clear(p, ptrs, n);
}

static PEER_NOINLINE uint64_t way_array(size_t nr, const struct elem *in)
{
	struct elem *a = must(malloc(nr * sizeof(*a)));
	uint64_t h = array_work(a, nr, in);

	free(a);
	return h;
}

#include "benches/peers_main.h"
