/* SPDX-License-Identifier: MIT */
/*
 * peers_allot: allot's side of //benches:peers, with the strategies its variant pins:
 * the pool, Git's loose-object loop through addf (the variant's formatter), through
 * addch and add (the hand-written rewrite's calls), and through addhex, the raw diff line
 * through addf, and the array.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (benches/bench.h) */
#include "alloc/alloc.h"

#define PEER_CONFIG allot_config()
#define PEER_POOL   "allot/" ALLOT__KNOB_NAME(ALLOT_POOL_STRATEGY)
#define PEER_PATH_WAYS(X)                                              \
	X("allot/addf/" ALLOT__KNOB_NAME(ALLOT_PATH_FORMAT), way_addf) \
	X("allot/add", way_add)                                        \
	X("allot/addhex", way_addhex)
#define PEER_LINE_WAYS(X)  X("allot/addf/" ALLOT__KNOB_NAME(ALLOT_PATH_FORMAT), line_addf)
#define PEER_ARRAY_WAYS(X) X("allot/" ALLOT__KNOB_NAME(ALLOT_ARRAY_STRATEGY), way_array)

#include "benches/peers.h"

struct peer_pool {
	struct allot_pool pool;
};

static void peer_pool_init(struct peer_pool *p)
{
	allot_pool_init(&p->pool, 0);
}

static void *peer_pool_alloc(struct peer_pool *p, size_t len)
{
	return allot_pool_alloc(&p->pool, len);
}

static void peer_pool_clear(struct peer_pool *p, void **ptrs, size_t n)
{
	(void) ptrs, (void) n;
	allot_pool_clear(&p->pool);
}

static void peer_pool_release(struct peer_pool *p, void **ptrs, size_t n)
{
	(void) ptrs, (void) n;
	allot_pool_release(&p->pool);
}

struct peer_path {
	struct allot_path p;
};

static void peer_path_init(struct peer_path *p)
{
	allot_path_init(&p->p, 0);
}

static void peer_path_start(struct peer_path *p, const char *prefix)
{
	allot_path_addstr(&p->p, prefix);
}

static void peer_path_setlen(struct peer_path *p, size_t len)
{
	allot_path_setlen(&p->p, len);
}

static const char *peer_path_buf(const struct peer_path *p)
{
	return p->p.buf;
}

static size_t peer_path_len(const struct peer_path *p)
{
	return p->p.len;
}

static void peer_path_release(struct peer_path *p)
{
	allot_path_release(&p->p);
}

static void way_addf(struct peer_path *p, const unsigned char *raw, const char *rest)
{
	allot_path_addf(&p->p, "%02x/%s", raw[0], rest);
}

static void way_add(struct peer_path *p, const unsigned char *raw, const char *rest)
{
	allot_path_addch(&p->p, HEX_DIGIT(raw[0] >> 4));
	allot_path_addch(&p->p, HEX_DIGIT(raw[0] & 15));
	allot_path_addch(&p->p, '/');
	allot_path_add(&p->p, rest, 38);
}

static void way_addhex(struct peer_path *p, const unsigned char *raw, const char *rest)
{
	(void) rest;
	allot_path_addhex(&p->p, raw, 1);
	allot_path_addch(&p->p, '/');
	allot_path_addhex(&p->p, raw + 1, 19);
}

static void line_addf(struct peer_path *p, unsigned mode1, unsigned mode2, const char *oid1,
                      const char *oid2, char status)
{
	allot_path_addf(&p->p, RAW_LINE_FORMAT, mode1, mode2, oid1, oid2, status);
}

static PEER_NOINLINE uint64_t way_array(size_t nr, const struct elem *in)
{
	uint64_t h;
	ALLOT_ARRAY(struct elem, a, nr);

	h = array_work(a, nr, in);
	ALLOT_ARRAY_FREE(a);
	return h;
}

#include "benches/peers_main.h"
