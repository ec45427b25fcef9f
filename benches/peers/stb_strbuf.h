/* SPDX-License-Identifier: MIT */
/*
 * benches/peers/stb_strbuf.h: strbuf_addf over stb_sprintf (Debian's libstb-dev), the
 * formatter users pick for speed. A peer for //benches:peers, not part of allot.
 */
#ifndef ALLOT_BENCHES_PEERS_STB_STRBUF_H
#define ALLOT_BENCHES_PEERS_STB_STRBUF_H

#include "benches/peers/git_strbuf.h"

void strbuf_addf_stb(struct strbuf *sb, const char *fmt, ...);

#endif
