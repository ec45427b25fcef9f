/* SPDX-License-Identifier: MIT */
/*
 * peers_floor: what needs no allocator at all, the floor under each way: the loose-object
 * path written with memcpy into a fixed buffer (no capacity check), and the small array
 * as a fixed local array of the largest count (2) or as a variable-length array.
 */
#define _POSIX_C_SOURCE    200809L /* clock_gettime (benches/bench.h) */
#define PEER_PATH_WAYS(X)  X("memcpy/floor", way_memcpy)
#define PEER_DIR_WAYS(X)   X("memcpy/floor", dir_memcpy)
#define PEER_ARRAY_WAYS(X) X("fixed[2]", way_fixed) X("vla", way_vla)

#include "benches/peers.h"

struct peer_path {
	size_t len;
	char buf[256];
};

static void peer_path_init(struct peer_path *p)
{
	p->len = 0;
	p->buf[0] = '\0';
}

static void peer_path_start(struct peer_path *p, const char *prefix)
{
	p->len = strlen(prefix);
	memcpy(p->buf, prefix, p->len + 1);
}

static void peer_path_setlen(struct peer_path *p, size_t len)
{
	p->len = len;
	p->buf[len] = '\0';
}

static const char *peer_path_buf(const struct peer_path *p)
{
	return p->buf;
}

static size_t peer_path_len(const struct peer_path *p)
{
	return p->len;
}

static void peer_path_release(struct peer_path *p)
{
	(void) p;
}

static void way_memcpy(struct peer_path *p, const unsigned char *raw, const char *rest)
{
	char *at = p->buf + p->len;

	at[0] = HEX_DIGIT(raw[0] >> 4);
	at[1] = HEX_DIGIT(raw[0] & 15);
	at[2] = '/';
	memcpy(at + 3, rest, 38);
	at[41] = '\0';
	p->len += 41;
}

static void dir_memcpy(struct peer_path *p, const char *dir, const char *rest)
{
	char *at = p->buf + p->len;

	memcpy(at, dir, 2);
	at[2] = '/';
	memcpy(at + 3, rest, 38);
	at[41] = '\0';
	p->len += 41;
}

static PEER_NOINLINE uint64_t way_fixed(size_t nr, const struct elem *in)
{
	struct elem a[2];

	return array_work(a, nr, in);
}

static PEER_NOINLINE uint64_t way_vla(size_t nr, const struct elem *in)
{
	struct elem a[nr];

	return array_work(a, nr, in);
}

#include "benches/peers_main.h"
