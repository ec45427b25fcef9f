/*
 * peers_git: Git's own ways, written here from their documented behaviour: the mem-pool
 * (discarded and initialised again where allot clears), and the loose-object loop through
 * strbuf_addf over the C library's vsnprintf, through the hand-written strbuf_addch and
 * strbuf_add rewrite Git adopted, and through strbuf_addf over stb_sprintf.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (benches/bench.h) */
#include "benches/peers/git_mem_pool.h"
#include "benches/peers/git_strbuf.h"
#include "benches/peers/stb_strbuf.h"

#define PEER_POOL "git/mem-pool"
#define PEER_PATH_WAYS(X) \
	X("git/strbuf_addf", way_addf) X("git/rewrite", way_rewrite) X("stb_sprintf", way_stb)

#include "benches/peers.h"

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

struct peer_path {
	struct strbuf sb;
};

static void peer_path_init(struct peer_path *p)
{
	struct strbuf empty = STRBUF_INIT;

	p->sb = empty;
}

static void peer_path_start(struct peer_path *p, const char *prefix)
{
	strbuf_addstr(&p->sb, prefix);
}

static void peer_path_setlen(struct peer_path *p, size_t len)
{
	strbuf_setlen(&p->sb, len);
}

static const char *peer_path_buf(const struct peer_path *p)
{
	return p->sb.buf;
}

static size_t peer_path_len(const struct peer_path *p)
{
	return p->sb.len;
}

static void peer_path_release(struct peer_path *p)
{
	strbuf_release(&p->sb);
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

#include "benches/peers_main.h"
