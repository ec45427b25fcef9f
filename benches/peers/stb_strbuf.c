/* SPDX-License-Identifier: MIT */
/* benches/peers/stb_strbuf.c: see stb_strbuf.h. */
#include "benches/peers/stb_strbuf.h"

#include <limits.h>

/* stb_sprintf 1.10 compares an int with an unsigned once: its code, not ours to change. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"
#endif
#define STB_SPRINTF_IMPLEMENTATION
#include "stb_sprintf.h"
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

static int stb_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	return stbsp_vsnprintf(buf, size > INT_MAX ? INT_MAX : (int) size, fmt, ap);
}

void strbuf_addf_stb(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf_with(sb, stb_vsnprintf, fmt, ap);
	va_end(ap);
}
