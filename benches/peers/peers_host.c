/* SPDX-License-Identifier: MIT */
/*
 * peers_host: allot's formatter behind a host's own strings and streams (alloc/format.h),
 * with the strategies its build has: Git's strbuf with its one vsnprintf call made
 * allot_vsnprintf (the loose-object loop and the raw diff line), and the raw line and the
 * loose-object path written by fprintf and by allot_fprintf.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (benches/bench.h) */
#include "alloc/alloc.h"

#define PEER_CONFIG         allot_config()
#define PEER_PATH_WAYS(X)   X("allot/vsnprintf", way_vsnprintf)
#define PEER_DIR_WAYS(X)    X("allot/vsnprintf", dir_vsnprintf)
#define PEER_LINE_WAYS(X)   X("allot/vsnprintf", line_vsnprintf)
#define PEER_STREAM_WAYS(X) X("fprintf", fprintf) X("allot/fprintf", allot_fprintf)

#include "benches/peers.h"
#include "benches/peers/git_strbuf.h"

/* Git's strbuf_addf with docs/platforms.md's one line changed: allot_vsnprintf for vsnprintf. */
static void strbuf_addf_allot(struct strbuf *sb, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void strbuf_addf_allot(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf_with(sb, allot_vsnprintf, fmt, ap);
	va_end(ap);
}

PEER_STRING_PATH(struct strbuf, STRBUF_INIT, strbuf_)
PEER_ADDF_WAY(way_vsnprintf, strbuf_addf_allot)
PEER_DIR_ADDF_WAY(dir_vsnprintf, strbuf_addf_allot)
PEER_ADDF_LINE(line_vsnprintf, strbuf_addf_allot)

#include "benches/peers_main.h"
