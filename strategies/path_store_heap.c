/* SPDX-License-Identifier: MIT */
/*
 * Path store "heap": Git's strbuf. An empty path points at the shared empty string and
 * owns nothing; any capacity at all is one heap buffer, grown with realloc.
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
	(void) p; /* two structs sharing one heap buffer look like two paths */
	return 0;
}

static inline int allot__path_on_heap(const struct allot_path *p)
{
	return p->alloc != 0;
}

static inline void allot__path_resize(struct allot_path *p, size_t need, size_t alloc)
{
	(void) need; /* alloc >= need */
	ALLOT__COUNT(path_grows, 1);
	if (!p->alloc) {
		p->buf = allot__malloc(alloc);
		p->buf[0] = '\0'; /* an empty path has len 0 */
	} else {
		p->buf = allot__realloc(p->buf, alloc);
	}
	p->alloc = alloc;
}

static inline void allot__path_adopt(struct allot_path *p, char *buf, size_t len, size_t alloc)
{
	p->buf = buf;
	p->len = len;
	p->alloc = alloc;
}

#endif /* ALLOT__STRATEGY_CODE */
