/* What the path-store strategies provide to alloc/path.c. Not part of the API. */
#ifndef ALLOT_PATH_INTERNAL_H
#define ALLOT_PATH_INTERNAL_H

#include "alloc/path.h"

/*
 * Strategy hook: gives p a buffer of at least need bytes (need > p->alloc and > p->len),
 * keeping buf[0 .. len] (the NUL included). want (>= need) is what the growth policy
 * suggests for a heap buffer; a store may serve need from elsewhere (inline). Counts
 * one path grow.
 */
void allot__path_resize(struct allot_path *p, size_t need, size_t want);

/* Strategy hook: whether p->buf is a heap buffer that p owns (and must free). */
int allot__path_on_heap(const struct allot_path *p);

/*
 * Appends with the C library's vsnprintf, straight into p's free space; when the output
 * does not fit, grows p to the size vsnprintf reported and formats once more. A failure
 * of vsnprintf reaches the die handler with p as it was. Counts nothing itself: the
 * format strategies count their calls. ap is used as vsnprintf would use it.
 */
void allot__path_vaddf_libc(struct allot_path *p, const char *fmt, va_list ap);

#endif /* ALLOT_PATH_INTERNAL_H */
