/* SPDX-License-Identifier: MIT */
/*
 * benches/peers.h: what the ways of //benches:peers share. Each benches/peers/peers_*.c
 * names its ways (PEER_POOL, PEER_PATH_WAYS, PEER_ARRAY_WAYS: see benches/peers_main.h),
 * includes this file, defines them, and includes benches/peers_main.h last, which runs
 * them.
 */
#ifndef ALLOT_BENCHES_PEERS_H
#define ALLOT_BENCHES_PEERS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benches/bench.h"

/* Git's raw diff line, as diff-tree -r prints it for a changed file (diff.c). */
#define RAW_LINE_FORMAT ":%06o %06o %s %s %c"

/* The digit of v (0 to 15) in the loose-object loop's "xx". */
#define HEX_DIGIT(v) ("0123456789abcdef"[(v)])

#ifdef PEER_POOL
/*
 * The pool of a way that frees all its objects at once (peers_main.h's struct peer_pool
 * and its four calls): Type is the pool, p->pool; init, alloc (of len bytes), clear and
 * release are what each call does, expressions over p.
 */
#define PEER_WHOLE_POOL(Type, init, alloc, clear, release)                        \
	struct peer_pool {                                                        \
		Type pool;                                                        \
	};                                                                        \
	static void peer_pool_init(struct peer_pool *p)                           \
	{                                                                         \
		init;                                                             \
	}                                                                         \
	static void *peer_pool_alloc(struct peer_pool *p, size_t len)             \
	{                                                                         \
		return alloc;                                                     \
	}                                                                         \
	static void peer_pool_clear(struct peer_pool *p, void **ptrs, size_t n)   \
	{                                                                         \
		(void) ptrs, (void) n;                                            \
		clear;                                                            \
	}                                                                         \
	static void peer_pool_release(struct peer_pool *p, void **ptrs, size_t n) \
	{                                                                         \
		(void) ptrs, (void) n;                                            \
		release;                                                          \
	}
#endif

#if defined(PEER_PATH_WAYS) || defined(PEER_LINE_WAYS)
/*
 * The path of a way that builds on a string type with strbuf's calls (Git's strbuf,
 * allot's path): Type is the type, INIT its initialiser, and S the prefix of its calls
 * (S##addstr, S##setlen, S##release). The string is p->s.
 */
#define PEER_STRING_PATH(Type, INIT, S)                                      \
	struct peer_path {                                                   \
		Type s;                                                      \
	};                                                                   \
	static void peer_path_init(struct peer_path *p)                      \
	{                                                                    \
		Type empty = INIT;                                           \
		p->s = empty;                                                \
	}                                                                    \
	static void peer_path_start(struct peer_path *p, const char *prefix) \
	{                                                                    \
		S##addstr(&p->s, prefix);                                    \
	}                                                                    \
	static void peer_path_setlen(struct peer_path *p, size_t len)        \
	{                                                                    \
		S##setlen(&p->s, len);                                       \
	}                                                                    \
	static const char *peer_path_buf(const struct peer_path *p)          \
	{                                                                    \
		return p->s.buf;                                             \
	}                                                                    \
	static size_t peer_path_len(const struct peer_path *p)               \
	{                                                                    \
		return p->s.len;                                             \
	}                                                                    \
	static void peer_path_release(struct peer_path *p)                   \
	{                                                                    \
		S##release(&p->s);                                           \
	}

/* fn: a path/loose way that appends "xx/<rest>" with addf(&p->s, "%02x/%s", ...). */
#define PEER_ADDF_WAY(fn, addf)                                                         \
	static void fn(struct peer_path *p, const unsigned char *raw, const char *rest) \
	{                                                                               \
		addf(&p->s, "%02x/%s", raw[0], rest);                                   \
	}

/* fn: the path/loose way of Git's hand-written rewrite: three addch calls, then add. */
#define PEER_ADD_WAY(fn, addch, add)                                                    \
	static void fn(struct peer_path *p, const unsigned char *raw, const char *rest) \
	{                                                                               \
		addch(&p->s, HEX_DIGIT(raw[0] >> 4));                                   \
		addch(&p->s, HEX_DIGIT(raw[0] & 15));                                   \
		addch(&p->s, '/');                                                      \
		add(&p->s, rest, 38);                                                   \
	}

/* fn: a path/dir way that appends "<dir>/<rest>" with addf(&p->s, "%s/%s", ...). */
#define PEER_DIR_ADDF_WAY(fn, addf)                                            \
	static void fn(struct peer_path *p, const char *dir, const char *rest) \
	{                                                                      \
		addf(&p->s, "%s/%s", dir, rest);                               \
	}

/* fn: the path/dir way written by hand: addstr, addch, then addstr. */
#define PEER_DIR_ADD_WAY(fn, addstr, addch)                                    \
	static void fn(struct peer_path *p, const char *dir, const char *rest) \
	{                                                                      \
		addstr(&p->s, dir);                                            \
		addch(&p->s, '/');                                             \
		addstr(&p->s, rest);                                           \
	}

/* fn: a line/raw way that writes the line with addf(&p->s, RAW_LINE_FORMAT, ...). */
#define PEER_ADDF_LINE(fn, addf)                                                              \
	static void fn(struct peer_path *p, unsigned mode1, unsigned mode2, const char *oid1, \
	               const char *oid2, char status)                                         \
	{                                                                                     \
		addf(&p->s, RAW_LINE_FORMAT, mode1, mode2, oid1, oid2, status);               \
	}
#endif

#ifdef PEER_ARRAY_WAYS
/* An array way is a call of its own, as at a call site (and alloca's frame is its own). */
#if defined(__GNUC__)
#define PEER_NOINLINE __attribute__((noinline))
#else
#define PEER_NOINLINE
#endif

struct elem {
	uint64_t a, b;
};

#define ARRAY_INPUTS 64

/*
 * Lets a escape, as to a call the compiler cannot see into: its elements must be in
 * memory, as a caller's would be.
 */
#if defined(__GNUC__)
#define ESCAPE(a) __asm__ volatile("" : : "r"(a) : "memory")
#else
static void *volatile escaped;
#define ESCAPE(a) (escaped = (a), escaped = NULL)
#endif

/* What every way does with its array a of nr elements: fill it from in and hash it. */
static inline uint64_t array_work(struct elem *a, size_t nr, const struct elem *in)
{
	uint64_t h = 0;
	size_t i;

	for (i = 0; i < nr; i++)
		a[i] = in[i];
	ESCAPE(a);
	for (i = 0; i < nr; i++)
		h = h * 31 + (a[nr - 1 - i].a ^ a[i].b);
	return h;
}
#endif /* PEER_ARRAY_WAYS */

#endif /* ALLOT_BENCHES_PEERS_H */
