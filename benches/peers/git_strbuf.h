/* SPDX-License-Identifier: MIT */
/*
 * benches/peers/git_strbuf.h: the part of Git's strbuf that the loose-object loop uses,
 * written from strbuf.h's documented behaviour: buf always NUL-terminated, alloc 0 while
 * it points at a shared empty string, growth by ALLOC_GROW's ((n + 16) * 3 / 2). As in
 * Git, avail, setlen, addstr and addch are inline here and the rest lives in git_strbuf.c, a
 * translation unit of its own, so that no caller can specialise it. A peer for
 * //benches:peers, not part of allot.
 */
#ifndef ALLOT_BENCHES_PEERS_GIT_STRBUF_H
#define ALLOT_BENCHES_PEERS_GIT_STRBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <string.h>

struct strbuf {
	size_t alloc;
	size_t len;
	char *buf;
};

extern char strbuf_slopbuf[];
#define STRBUF_INIT                  \
	{                            \
		0, 0, strbuf_slopbuf \
	}

void strbuf_release(struct strbuf *sb);
/* Room for extra more bytes and the NUL. */
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
/* Formats with the C library's vsnprintf: once when the output fits, else twice. */
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* strbuf_vaddf with another vsnprintf (stb_sprintf's, say). */
typedef int strbuf_vsnprintf_fn(char *buf, size_t size, const char *fmt, va_list ap);
void strbuf_vaddf_with(struct strbuf *sb, strbuf_vsnprintf_fn *format, const char *fmt, va_list ap);
/* Dies with message: what Git's die() and BUG() do, for these peers. */
void strbuf_die(const char *message);

static inline size_t strbuf_avail(const struct strbuf *sb)
{
	return sb->alloc ? sb->alloc - sb->len - 1 : 0;
}

static inline void strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (len > (sb->alloc ? sb->alloc - 1 : 0))
		strbuf_die("BUG: strbuf_setlen() beyond buffer");
	sb->len = len;
	if (sb->buf != strbuf_slopbuf)
		sb->buf[len] = '\0';
}

/* Inline, as in Git: strbuf_add of strlen(s) bytes. */
static inline void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

static inline void strbuf_addch(struct strbuf *sb, int c)
{
	if (!strbuf_avail(sb))
		strbuf_grow(sb, 1);
	sb->buf[sb->len++] = (char) c;
	sb->buf[sb->len] = '\0';
}

#endif
