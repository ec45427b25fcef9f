/* SPDX-License-Identifier: MIT */
/*
 * alloc/path.h: growing strings for building paths, after Git's strbuf.
 *
 * Two knobs choose how a path works:
 *
 *   ALLOT_PATH_STORE   where the bytes live: ALLOT_PATH_STORE_HEAP (a heap buffer, as in Git's
 *                      strbuf) or ALLOT_PATH_STORE_INLINE (up to ALLOT_PATH_INLINE_SIZE bytes
 *                      inside the struct, the heap beyond);
 *   ALLOT_PATH_FORMAT  how allot_path_addf formats: ALLOT_PATH_FORMAT_LIBC (vsnprintf straight
 *                      into the free space, grow and retry once) or ALLOT_PATH_FORMAT_BUILTIN
 *                      (allot formats %d %i %u %x %X %o %c %s %% itself, with every flag,
 *                      width, precision and hh h l ll j z t, in one pass when the output
 *                      fits; any other call goes whole to vsnprintf). The bytes are the
 *                      same either way.
 *
 * Use:
 *
 *     struct allot_path path = ALLOT_PATH_INIT;
 *     allot_path_addstr(&path, base);
 *     allot_path_addch(&path, '/');
 *     allot_path_add(&path, name, namelen);
 *     ... path.buf, path.len ...
 *     allot_path_release(&path);
 *
 * Invariants, under every strategy:
 *  - buf is never NULL and buf[len] is always '\0', also right after ALLOT_PATH_INIT,
 *    which allocates nothing.
 *  - len + 1 <= alloc whenever alloc != 0. alloc == 0 means buf is a shared, read-only
 *    empty string: never write through buf when alloc is 0.
 *  - Any call that adds bytes may move buf: do not keep pointers into buf across it.
 *  - A size overflow or a heap failure reaches the die handler before the path changes.
 *
 * The caller must not:
 *  - copy a struct allot_path by assignment (under inline, buf points into the struct
 *    itself): move it with allot_path_move;
 *  - write through buf past len, except into the room that allot_path_grow made, and
 *    then call allot_path_setlen;
 *  - share a path between threads without a lock.
 *
 * With ALLOT_CHECKS (on unless NDEBUG is defined), each call that may grow, move or
 * free checks that the path is as allot left it, and reports a BUG otherwise: the
 * shared empty string written to (as by a write through buf after detach or release,
 * which leave the path empty), a len beyond the capacity (a struct never initialised, or
 * corrupted), and, under inline, a copy by assignment. A copy under the heap store cannot
 * be told from its original. The inline calls (avail, reset, setlen, add, addch) check
 * what costs a comparison and leave the rest to their next out-of-line call.
 *
 * Git's strbuf, call for call: strbuf_init, _release, _reset, _detach, _attach, _grow,
 * _avail, _setlen, _add, _addstr, _addch, _addchars, _addbuf (addpath), _complete,
 * _add_hex (addhex), _addf, _vaddf, _insert, _remove, _splice, _strip_suffix, _rtrim
 * of one byte (trim_trailing), _cmp.
 */
#ifndef ALLOT_PATH_H
#define ALLOT_PATH_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "alloc/compiler.h"
#include "alloc/config.h"

#ifdef __cplusplus
extern "C" {
#endif

#if ALLOT_PATH_STORE == ALLOT_PATH_STORE_INLINE
struct allot_path {
	size_t alloc; /* bytes buf can hold, NUL included; 0: buf is the shared empty string */
	size_t len;   /* bytes in use, NUL excluded */
	char *buf;    /* the bytes: the shared empty string, inl, or a heap buffer */
	char inl[ALLOT_PATH_INLINE_SIZE];
};
#define ALLOT_PATH_INIT                    \
	{                                  \
		0, 0, allot__path_slopbuf, \
		{                          \
			0                  \
		}                          \
	}
#else
struct allot_path {
	size_t alloc; /* bytes buf can hold, NUL included; 0: buf is the shared empty string */
	size_t len;   /* bytes in use, NUL excluded */
	char *buf;    /* the bytes: the shared empty string or a heap buffer */
};
#define ALLOT_PATH_INIT                   \
	{                                 \
		0, 0, allot__path_slopbuf \
	}
#endif

/* ---- Setting up and tearing down ---------------------------------------- */

/* Initialises an empty path, with room for hint bytes if hint is not 0. */
void allot_path_init(struct allot_path *p, size_t hint);

/* Frees the buffer; p is empty and usable again, as after ALLOT_PATH_INIT. */
void allot_path_release(struct allot_path *p);

/*
 * Hands the bytes over as a heap string of *len bytes plus a NUL, which the caller
 * must free() (also when p was empty or inline: then it is a fresh copy). p is left
 * empty and usable. len may be NULL.
 */
char *allot_path_detach(struct allot_path *p, size_t *len);

/*
 * Makes p hold the len bytes at buf, a buffer of alloc bytes from ALLOT_MALLOC (or
 * malloc when the host names no heap), as Git's strbuf_attach: p's old contents are
 * released, buf[len] becomes the NUL, and buf is p's from now on (the inline store may
 * copy a short buffer into the struct and free it). alloc must be larger than len: else
 * it is a BUG, and buf stays the caller's.
 */
void allot_path_attach(struct allot_path *p, char *buf, size_t len, size_t alloc);

/* Releases dst, then gives it src's contents; src is left empty. dst == src is a no-op. */
void allot_path_move(struct allot_path *dst, struct allot_path *src);

/* ---- Room and length ---------------------------------------------------- */

/* Bytes that can be added without moving buf (NUL excluded). Inline. */
static inline size_t allot_path_avail(const struct allot_path *p);

/* Makes room for extra more bytes and the NUL, so that adding them will not move buf. */
void allot_path_grow(struct allot_path *p, size_t extra);

/* Empties p and keeps its capacity. Inline. */
static inline void allot_path_reset(struct allot_path *p);

/*
 * Sets len and writes the NUL. len must be at most the capacity (alloc - 1, or 0 for
 * an empty path): more is a BUG and changes nothing. Inline.
 */
static inline void allot_path_setlen(struct allot_path *p, size_t len);

/* ---- Adding bytes ------------------------------------------------------- */

/* Appends len bytes from data (which may be inside p->buf). Inline. */
static inline void allot_path_add(struct allot_path *p, const void *data, size_t len);

/* Appends the NUL-terminated string s. Inline. */
static inline void allot_path_addstr(struct allot_path *p, const char *s);

/*
 * Appends one byte (c converted to unsigned char; '\0' is allowed and counted). Inline.
 */
static inline void allot_path_addch(struct allot_path *p, int c);

/* Appends n copies of the byte c. */
void allot_path_addchars(struct allot_path *p, int c, size_t n);

/* Appends src's bytes (src may be p itself). */
void allot_path_addpath(struct allot_path *p, const struct allot_path *src);

/* Appends term unless p is empty or already ends with it (like Git's strbuf_complete). */
void allot_path_complete(struct allot_path *p, char term);

/* Appends the 2 * n lower-case hexadecimal digits of bytes[0 .. n-1]. */
void allot_path_addhex(struct allot_path *p, const unsigned char *bytes, size_t n);

/* Appends the decimal digits of v: the bytes of "%ju", with no format to parse. */
void allot_path_adduint(struct allot_path *p, uintmax_t v);

/* ---- Formatting --------------------------------------------------------- */

/*
 * Appends what printf would print. The bytes are exactly this platform's vsnprintf
 * output for every conversion C defines, under either format strategy. %n is not
 * supported: under ALLOT_PATH_FORMAT_BUILTIN it reaches the die handler ("allot_path_addf: %n
 * is not supported"); under ALLOT_PATH_FORMAT_LIBC it goes to the C library, which may refuse
 * it. A formatting error from the C library (an invalid wide character, output over
 * INT_MAX) reaches the die handler. Either way p is left as it was.
 *
 * The caller must not pass a %s argument that points into p itself: the path may move.
 *
 * With GNU C (gcc, clang) and the builtin formatter, a call whose format is a string
 * literal of more than ALLOT__KEPT_FORMAT_MIN characters reads the format once per
 * program: the first call keeps what it read, and the later calls with that literal go
 * by it, not by the format. The output is the same. (A shorter format has too few pieces
 * for that to pay for finding what was kept.) A call written (allot_path_addf)(...)
 * always reads its format.
 */
void allot_path_addf(struct allot_path *p, const char *fmt, ...) ALLOT__PRINTF_FORMAT(2, 3);

/*
 * Internal: allot_path_addf for a format that is a string literal, whose bytes never
 * change: the macro below calls it. Not checked as a printf format: the call beside it
 * in the macro is.
 */
void allot__path_addf_literal(struct allot_path *p, const char *fmt, ...);

#define ALLOT__KEPT_FORMAT_MIN 15 /* characters: sizeof counts the NUL too */

#if ALLOT__KNOWS_STRING_LITERALS && !defined(__cplusplus)
#define allot_path_addf(...)                                                       \
	(ALLOT__IS_STRING_LITERAL(ALLOT__ARG_2(__VA_ARGS__, 0)) &&                 \
	         sizeof(ALLOT__ARG_2(__VA_ARGS__, 0)) > ALLOT__KEPT_FORMAT_MIN + 1 \
	     ? allot__path_addf_literal(__VA_ARGS__)                               \
	     : (allot_path_addf) (__VA_ARGS__))
#endif

/* allot_path_addf with a va_list; ap is used as vsnprintf would use it. */
void allot_path_vaddf(struct allot_path *p, const char *fmt, va_list ap) ALLOT__PRINTF_FORMAT(2, 0);

/* ---- Editing in place --------------------------------------------------- */

/*
 * Replaces the remove bytes at pos with the len bytes at data, moving what follows
 * (Git's strbuf_splice). pos + remove past the end is a BUG that leaves p as it was.
 * data must not point into p.
 */
void allot_path_splice(struct allot_path *p, size_t pos, size_t remove, const void *data,
                       size_t len);

/* Inserts the len bytes at data at pos (at most len: else a BUG). data must not point into p. */
void allot_path_insert(struct allot_path *p, size_t pos, const void *data, size_t len);

/* Removes the len bytes at pos (pos + len past the end: a BUG that changes nothing). */
void allot_path_remove(struct allot_path *p, size_t pos, size_t len);

/* If p ends with suffix, drops it and returns 1 (also for ""); else returns 0. */
int allot_path_strip_suffix(struct allot_path *p, const char *suffix);

/* Drops every trailing c ("a//" with '/' becomes "a"). */
void allot_path_trim_trailing(struct allot_path *p, char c);

/* ---- Comparing ---------------------------------------------------------- */

/*
 * Orders a and b as Git's strbuf_cmp: memcmp over the shorter length, then the shorter
 * first. Returns < 0, 0 or > 0.
 */
int allot_path_cmp(const struct allot_path *a, const struct allot_path *b);

/* ---- Internals ---------------------------------------------------------- */

/* The shared empty string that an empty path points at. Never written. */
extern char allot__path_slopbuf[1];

/*
 * Whether n more bytes and the NUL fit in p without growing. With ALLOT_CHECKS, also
 * whether p looks as allot left it (len within its capacity; under the inline store, not
 * a copy by assignment); when it does not, the call goes out of line, where the check
 * reports the BUG.
 */
#if ALLOT_CHECKS && ALLOT_PATH_STORE == ALLOT_PATH_STORE_INLINE
#define ALLOT__PATH_FITS(p, n)                                   \
	((p)->len < (p)->alloc && (n) < (p)->alloc - (p)->len && \
	 ((p)->buf == (p)->inl || (p)->alloc > sizeof((p)->inl)))
#elif ALLOT_CHECKS
#define ALLOT__PATH_FITS(p, n) ((p)->len < (p)->alloc && (n) < (p)->alloc - (p)->len)
#else
#define ALLOT__PATH_FITS(p, n) ((n) < (p)->alloc - (p)->len)
#endif

/* The out-of-line halves of the inline calls (checks, growth, BUGs). */
void allot__path_reset_slow(struct allot_path *p);
void allot__path_setlen_slow(struct allot_path *p, size_t len);
void allot__path_add_slow(struct allot_path *p, const void *data, size_t len);
void allot__path_addch_slow(struct allot_path *p, int c);

static inline size_t allot_path_avail(const struct allot_path *p)
{
	return p->alloc ? p->alloc - p->len - 1 : 0;
}

static inline void allot_path_reset(struct allot_path *p)
{
	if (ALLOT__LIKELY(ALLOT__PATH_FITS(p, 0))) {
		p->len = 0;
		p->buf[0] = '\0';
	} else {
		allot__path_reset_slow(p);
	}
}

static inline void allot_path_setlen(struct allot_path *p, size_t len)
{
	if (ALLOT__LIKELY(len < p->alloc && ALLOT__PATH_FITS(p, 0))) {
		p->len = len;
		p->buf[len] = '\0';
	} else {
		allot__path_setlen_slow(p, len);
	}
}

static inline void allot_path_add(struct allot_path *p, const void *data, size_t len)
{
	/* (len's bound costs nothing when len is known, and tells gcc that memmove is sane.) */
	if (ALLOT__LIKELY(ALLOT__PATH_FITS(p, len) && len <= (size_t) -1 / 2)) {
		memmove(p->buf + p->len, data, len);
		p->len += len;
		p->buf[p->len] = '\0';
	} else {
		allot__path_add_slow(p, data, len);
	}
}

static inline void allot_path_addstr(struct allot_path *p, const char *s)
{
	allot_path_add(p, s, strlen(s));
}

static inline void allot_path_addch(struct allot_path *p, int c)
{
	if (ALLOT__LIKELY(ALLOT__PATH_FITS(p, 1))) {
		p->buf[p->len++] = (char) c;
		p->buf[p->len] = '\0';
	} else {
		allot__path_addch_slow(p, c);
	}
}

/* The knobs path.h depends on, for the link-time check (alloc/config.h). */
#if ALLOT_PATH_STORE == ALLOT_PATH_STORE_INLINE
#define ALLOT__PATH_BUILT_WITH_ \
	ALLOT__PASTE(allot_library_built_with_path_store_inline_, ALLOT_PATH_INLINE_SIZE)
#elif ALLOT_PATH_STORE == ALLOT_PATH_STORE_HEAP
#define ALLOT__PATH_BUILT_WITH_ allot_library_built_with_path_store_heap
#endif
#define ALLOT__PATH_BUILT_WITH \
	ALLOT__PASTE(ALLOT__PASTE(ALLOT__PATH_BUILT_WITH_, ALLOT__CHECKS_TAG), ALLOT__VERSION_TAG)
ALLOT__REQUIRE_SYMBOL(ALLOT__PATH_BUILT_WITH);

#ifdef __cplusplus
}
#endif

#endif /* ALLOT_PATH_H */
