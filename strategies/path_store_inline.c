/* SPDX-License-Identifier: MIT */
/*
 * Path store "inline": up to ALLOT_PATH_INLINE_SIZE bytes (NUL included) live in the
 * struct's own inl[] array, so short paths never touch the heap; a longer path moves
 * to a heap buffer and stays there until release. An empty path points at the shared
 * empty string, so that ALLOT_PATH_INIT needs no address of the struct itself.
 *
 * The hooks of alloc/path_internal.h; strategies/path_store.c includes this file when
 * ALLOT_PATH_STORE names it.
 */

#include <string.h>

#include "alloc/internal.h"
#include "alloc/path_internal.h"

#ifdef ALLOT__STRATEGY_CODE /* compiled as a part of alloc/path.c */

static inline int allot__path_copied(const struct allot_path *p)
{
	/* A heap buffer is always larger than inl: this one can only be another's inl. */
	return p->alloc && p->alloc <= sizeof(p->inl) && p->buf != p->inl;
}

static inline int allot__path_on_heap(const struct allot_path *p)
{
	return p->alloc != 0 && p->buf != p->inl;
}

static inline void allot__path_resize(struct allot_path *p, size_t need, size_t alloc)
{
	ALLOT__COUNT(path_grows, 1);
	if (!p->alloc && need <= sizeof(p->inl)) {
		p->buf = p->inl;
		p->buf[0] = '\0';
		p->alloc = sizeof(p->inl);
		return;
	}
	if (allot__path_on_heap(p)) {
		p->buf = allot__realloc(p->buf, alloc);
	} else {
		char *heap = allot__malloc(alloc);

		memcpy(heap, p->buf, p->len + 1);
		p->buf = heap;
	}
	p->alloc = alloc;
}

static inline void allot__path_adopt(struct allot_path *p, char *buf, size_t len, size_t alloc)
{
	if (alloc <= sizeof(p->inl)) { /* a heap buffer is always larger than inl (copied()) */
		memcpy(p->inl, buf, len + 1);
		allot__free(buf);
		buf = p->inl;
		alloc = sizeof(p->inl);
	}
	p->buf = buf;
	p->len = len;
	p->alloc = alloc;
}

#endif /* ALLOT__STRATEGY_CODE */
