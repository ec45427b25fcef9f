/* SPDX-License-Identifier: MIT */
/*
 * alloc/path_internal.h: the seam between alloc/path.c, which defines every call of
 * alloc/path.h, and the path store. Not part of the API. (How addf formats is the
 * formatter's: alloc/format_internal.h.)
 *
 * A store is one file, strategies/path_store_<name>.c, that strategies/path_store.c
 * includes when ALLOT_PATH_STORE names it; alloc/path.c alone includes
 * strategies/path_store.c. The store defines these hooks, static inline:
 *
 *     void allot__path_resize(struct allot_path *p, size_t need, size_t want);
 *         gives p a buffer of at least need bytes (need > p->alloc and > p->len),
 *         keeping buf[0 .. len] (the NUL included). want (>= need) is what the growth
 *         policy suggests for a heap buffer; a store may serve need from elsewhere
 *         (inline). Counts one path grow.
 *     void allot__path_adopt(struct allot_path *p, char *buf, size_t len, size_t alloc);
 *         p, empty and owning nothing, takes buf, a heap buffer of alloc bytes holding
 *         len bytes and the NUL (alloc > len). The inline store may copy a short one into
 *         the struct and free it.
 *     int allot__path_on_heap(const struct allot_path *p);
 *         whether p->buf is a heap buffer that p owns (and must free).
 *     int allot__path_copied(const struct allot_path *p);
 *         whether p must be a copy by assignment of another path (inline: its buffer is
 *         another struct's inl). Only for the checks.
 *
 * A store file compiled on its own is empty: its code is inside #ifdef
 * ALLOT__STRATEGY_CODE, which alloc/path.c defines.
 */
#ifndef ALLOT_PATH_INTERNAL_H
#define ALLOT_PATH_INTERNAL_H

#include "alloc/internal.h"
#include "alloc/path.h"

#endif /* ALLOT_PATH_INTERNAL_H */
