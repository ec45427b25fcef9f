/*
 * alloc/path_internal.h: the seam between the path code every strategy shares
 * (alloc/path.c) and the two path strategies, the store and the format. Not part of
 * the API.
 *
 * A store is one file, strategies/path_store_<name>.h, that strategies/path_store.c
 * alone includes when ALLOT_PATH_STORE names it; it provides the store hooks below. A
 * format is one file, strategies/path_format_<name>.h, with the format hook at the end.
 */
#ifndef ALLOT_PATH_INTERNAL_H
#define ALLOT_PATH_INTERNAL_H

#include "alloc/internal.h"
#include "alloc/path.h"

/* "000102...ff": the two lower-case hex digits of each byte (addhex, %x). */
extern const char allot__hex_pairs[2 * 256 + 1];

/*
 * Strategy hook: gives p a buffer of at least need bytes (need > p->alloc and > p->len),
 * keeping buf[0 .. len] (the NUL included). want (>= need) is what the growth policy
 * suggests for a heap buffer; a store may serve need from elsewhere (inline). Counts
 * one path grow.
 */
void allot__path_resize(struct allot_path *p, size_t need, size_t want);

/*
 * Strategy hook: p, empty and owning nothing, takes buf, a heap buffer of alloc bytes
 * holding len bytes and the NUL (alloc > len). The inline store may copy a short one into
 * the struct and free it.
 */
void allot__path_take(struct allot_path *p, char *buf, size_t len, size_t alloc);

/* Strategy hook: whether p->buf is a heap buffer that p owns (and must free). */
int allot__path_on_heap(const struct allot_path *p);

/*
 * Strategy hook: whether p must be a copy by assignment of another path (inline: its
 * buffer is another struct's inl). Only for the checks below.
 */
int allot__path_copied(const struct allot_path *p);

/*
 * In non-optimised builds, fn (the API function called) dies with a BUG when p is not
 * a path as allot left it: the shared empty string written to (by a caller that wrote
 * to buf without growing first, say after a detach or a release), a len beyond the
 * capacity (an uninitialised or corrupted struct), or a copied struct. Nothing otherwise.
 */
#if ALLOT_CHECKS
void allot__path_check(const struct allot_path *p, const char *fn);
#define ALLOT__PATH_CHECK(p, fn) allot__path_check((p), (fn))
#else
#define ALLOT__PATH_CHECK(p, fn) ((void) 0)
#endif

/*
 * Format hook: a format strategy, strategies/path_format_<name>.h, defines
 *
 *     static void allot__path_format_<name>(struct allot_path *p, const char *fmt,
 *                                           va_list *args, va_list again);
 *
 * which appends fmt formatted with the arguments, byte for byte as this platform's
 * vsnprintf, or reaches the die handler with p as it was. It gets the arguments twice:
 * *args to read first (it is used up), and again, the same arguments untouched, for a
 * second pass or for libc. And
 *
 *     static size_t allot__format_room_<name>(char *buf, size_t room, const char *fmt,
 *                                             va_list *args, va_list again, int pass,
 *                                             int *fitted, const char *fn);
 *
 * which is allot__vformat_room (alloc/pool_internal.h): the same bytes into a buffer of
 * room bytes, for allot_pool_strfmt. strategies/path_format.c, which includes the file
 * that ALLOT_PATH_FORMAT names, defines allot_path_addf and vaddf and allot__vformat_room
 * over them, and counts the path calls.
 */

#endif /* ALLOT_PATH_INTERNAL_H */
