/* SPDX-License-Identifier: MIT */
/* benches/peers/git_strbuf.c: see git_strbuf.h. */
#include "benches/peers/git_strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char strbuf_slopbuf[1];

void strbuf_die(const char *message)
{
	fprintf(stderr, "fatal: %s\n", message);
	exit(128);
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	sb->alloc = sb->len = 0;
	sb->buf = strbuf_slopbuf;
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	int new_buf = !sb->alloc;
	size_t want;

	if (extra + 1 < extra || sb->len + extra + 1 < sb->len)
		strbuf_die("you want to use way too much memory");
	want = sb->len + extra + 1;
	if (want > sb->alloc) { /* ALLOC_GROW */
		size_t alloc = (sb->alloc + 16) * 3 / 2;
		char *buf;

		if (alloc < want)
			alloc = want;
		buf = realloc(new_buf ? NULL : sb->buf, alloc);
		if (!buf)
			strbuf_die("out of memory");
		sb->buf = buf;
		sb->alloc = alloc;
	}
	if (new_buf)
		sb->buf[0] = '\0';
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	strbuf_setlen(sb, sb->len + len);
}

void strbuf_vaddf_with(struct strbuf *sb, strbuf_vsnprintf_fn *format, const char *fmt, va_list ap)
{
	int len;
	va_list cp;

	if (!strbuf_avail(sb))
		strbuf_grow(sb, 64);
	va_copy(cp, ap);
	len = format(sb->buf + sb->len, sb->alloc - sb->len, fmt, cp);
	va_end(cp);
	if (len < 0)
		strbuf_die("BUG: your vsnprintf is broken (returned -1)");
	if ((size_t) len > strbuf_avail(sb)) {
		strbuf_grow(sb, (size_t) len);
		len = format(sb->buf + sb->len, sb->alloc - sb->len, fmt, ap);
		if (len < 0 || (size_t) len > strbuf_avail(sb))
			strbuf_die("BUG: your vsnprintf is broken (insatiable)");
	}
	strbuf_setlen(sb, sb->len + (size_t) len);
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	strbuf_vaddf_with(sb, vsnprintf, fmt, ap);
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}
