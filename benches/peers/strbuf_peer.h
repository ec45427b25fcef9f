/* SPDX-License-Identifier: MIT */
/*
 * benches/peers/strbuf_peer.h: the peers' path calls (benches/peers_main.h) over Git's
 * strbuf (benches/peers/git_strbuf.h), for the programs whose ways build with it. Include
 * after benches/peers.h.
 */
#ifndef ALLOT_BENCHES_PEERS_STRBUF_PEER_H
#define ALLOT_BENCHES_PEERS_STRBUF_PEER_H

#include "benches/peers/git_strbuf.h"

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

#endif
