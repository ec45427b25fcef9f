/* SPDX-License-Identifier: MIT */
/*
 * peers_git: Git's own ways, written here from their documented behaviour: the mem-pool
 * (discarded and initialised again where allot clears), and the loose-object loop through
 * strbuf_addf over the C library's vsnprintf, through the hand-written strbuf_addch and
 * strbuf_add rewrite Git adopted, and through strbuf_addf over stb_sprintf; and the raw
 * diff line through strbuf_addf.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (benches/bench.h) */
#include "benches/peers/git_mem_pool.h"
#include "benches/peers/git_strbuf.h"
#include "benches/peers/stb_strbuf.h"

#define PEER_POOL "git/mem-pool"
#define PEER_PATH_WAYS(X) \
	X("git/strbuf_addf", way_addf) X("git/rewrite", way_rewrite) X("stb_sprintf", way_stb)
#define PEER_LINE_WAYS(X) X("git/strbuf_addf", line_addf)

#include "benches/peers.h"
#include "benches/peers/strbuf_peer.h"

struct peer_pool {
	struct mem_pool pool;
};

static void peer_pool_init(struct peer_pool *p)
{
	mem_pool_init(&p->pool, 0);
}

static void *peer_pool_alloc(struct peer_pool *p, size_t len)
{
	return mem_pool_alloc(&p->pool, len);
}

static void peer_pool_release(struct peer_pool *p, void **ptrs, size_t n)
{
	(void) ptrs, (void) n;
	mem_pool_discard(&p->pool);
}

static void peer_pool_clear(struct peer_pool *p, void **ptrs, size_t n)
{
	peer_pool_release(p, ptrs, n);
	peer_pool_init(p);
}

static void way_addf(struct peer_path *p, const unsigned char *raw, const char *rest)
{
	strbuf_addf(&p->sb, "%02x/%s", raw[0], rest);
}

static void way_rewrite(struct peer_path *p, const unsigned char *raw, const char *rest)
{
	strbuf_addch(&p->sb, HEX_DIGIT(raw[0] >> 4));
	strbuf_addch(&p->sb, HEX_DIGIT(raw[0] & 15));
	strbuf_addch(&p->sb, '/');
	strbuf_add(&p->sb, rest, 38);
}

static void way_stb(struct peer_path *p, const unsigned char *raw, const char *rest)
{
	strbuf_addf_stb(&p->sb, "%02x/%s", raw[0], rest);
}

static void line_addf(struct peer_path *p, unsigned mode1, unsigned mode2, const char *oid1,
                      const char *oid2, char status)
{
	strbuf_addf(&p->sb, RAW_LINE_FORMAT, mode1, mode2, oid1, oid2, status);
}

#include "benches/peers_main.h"
