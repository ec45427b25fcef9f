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
#define PEER_DIR_WAYS(X) \
	X("git/strbuf_addf", dir_addf) X("git/rewrite", dir_rewrite) X("stb_sprintf", dir_stb)
#define PEER_LINE_WAYS(X) X("git/strbuf_addf", line_addf)

#include "benches/peers.h"

PEER_WHOLE_POOL(struct mem_pool, mem_pool_init(&p->pool, 0), mem_pool_alloc(&p->pool, len),
                (mem_pool_discard(&p->pool), mem_pool_init(&p->pool, 0)),
                mem_pool_discard(&p->pool))

PEER_STRING_PATH(struct strbuf, STRBUF_INIT, strbuf_)
PEER_ADDF_WAY(way_addf, strbuf_addf)
PEER_ADD_WAY(way_rewrite, strbuf_addch, strbuf_add)
PEER_ADDF_WAY(way_stb, strbuf_addf_stb)
PEER_DIR_ADDF_WAY(dir_addf, strbuf_addf)
PEER_DIR_ADD_WAY(dir_rewrite, strbuf_addstr, strbuf_addch)
PEER_DIR_ADDF_WAY(dir_stb, strbuf_addf_stb)
PEER_ADDF_LINE(line_addf, strbuf_addf)

#include "benches/peers_main.h"
