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
#ifdef PEER_POOL_ALIGN
/*
 * The pool alone, its objects at PEER_POOL_ALIGN (8: Git's mem-pool's alignment) through
 * allot_pool_alloc_aligned, beside the variants' at max_align_t.
 */
#define PEER_POOL \
	"allot/" ALLOT__KNOB_NAME(ALLOT_POOL_STRATEGY) "/align" ALLOT__STRING(PEER_POOL_ALIGN)
#define POOL_ALLOC(p, len) allot_pool_alloc_aligned(&(p)->pool, len, PEER_POOL_ALIGN)
#else
#define PEER_POOL          "allot/" ALLOT__KNOB_NAME(ALLOT_POOL_STRATEGY)
#define POOL_ALLOC(p, len) allot_pool_alloc(&(p)->pool, len)
#define PEER_PATH_WAYS(X)                                              \
	X("allot/addf/" ALLOT__KNOB_NAME(ALLOT_PATH_FORMAT), way_addf) \
	X("allot/add", way_add)                                        \
	X("allot/addhex", way_addhex)
#define PEER_DIR_WAYS(X)                                               \
	X("allot/addf/" ALLOT__KNOB_NAME(ALLOT_PATH_FORMAT), dir_addf) \
	X("allot/add", dir_add)
#define PEER_LINE_WAYS(X)  X("allot/addf/" ALLOT__KNOB_NAME(ALLOT_PATH_FORMAT), line_addf)
#define PEER_ARRAY_WAYS(X) X("allot/" ALLOT__KNOB_NAME(ALLOT_ARRAY_STRATEGY), way_array)
#endif

#include "benches/peers.h"

PEER_WHOLE_POOL(struct allot_pool, allot_pool_init(&p->pool, 0), POOL_ALLOC(p, len),
                allot_pool_clear(&p->pool), allot_pool_release(&p->pool))

#ifndef PEER_POOL_ALIGN

PEER_STRING_PATH(struct allot_path, ALLOT_PATH_INIT, allot_path_)
PEER_ADDF_WAY(way_addf, allot_path_addf)
PEER_ADD_WAY(way_add, allot_path_addch, allot_path_add)
PEER_DIR_ADDF_WAY(dir_addf, allot_path_addf)
PEER_DIR_ADD_WAY(dir_add, allot_path_addstr, allot_path_addch)
PEER_ADDF_LINE(line_addf, allot_path_addf)

static void way_addhex(struct peer_path *p, const unsigned char *raw, const char *rest)
{
	(void) rest;
	allot_path_addhex(&p->s, raw, 1);
	allot_path_addch(&p->s, '/');
	allot_path_addhex(&p->s, raw + 1, 19);
}

static PEER_NOINLINE uint64_t way_array(size_t nr, const struct elem *in)
{
	uint64_t h;
	ALLOT_ARRAY(struct elem, a, nr);

	h = array_work(a, nr, in);
	ALLOT_ARRAY_FREE(a);
	return h;
}

#endif /* PEER_POOL_ALIGN */

#include "benches/peers_main.h"
