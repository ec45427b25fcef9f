/* What the path-store strategies provide to alloc/path.c. Not part of the API. */
#ifndef ALLOT_PATH_INTERNAL_H
#define ALLOT_PATH_INTERNAL_H

#include "alloc/internal.h"
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
 * Defines allot_path_addf and allot_path_vaddf on fn, a format strategy's
 *
 *     static void fn(struct allot_path *p, const char *fmt, va_list *args, va_list again);
 *
 * which appends fmt formatted with the arguments, and counts the call in path_addf. It
 * gets the arguments twice: *args to read first (it is used up), and again, the same
 * arguments untouched, for a second pass or for libc. allot_path_addf starts both with
 * va_start: a va_copy of a list just started costs a store-forwarding stall on x86-64,
 * a fifth of a short path's formatting. fn is static so that it can be inlined here.
 */
#define ALLOT__DEFINE_ADDF(fn)                                                   \
	void allot_path_addf(struct allot_path *p, const char *fmt, ...)         \
	{                                                                        \
		va_list args, again;                                             \
                                                                                 \
		ALLOT__PATH_CHECK(p, "allot_path_addf");                         \
		va_start(args, fmt);                                             \
		va_start(again, fmt);                                            \
		fn(p, fmt, &args, again);                                        \
		va_end(again);                                                   \
		va_end(args);                                                    \
	}                                                                        \
                                                                                 \
	void allot_path_vaddf(struct allot_path *p, const char *fmt, va_list ap) \
	{                                                                        \
		va_list args;                                                    \
                                                                                 \
		ALLOT__PATH_CHECK(p, "allot_path_vaddf");                        \
		va_copy(args, ap);                                               \
		fn(p, fmt, &args, ap);                                           \
		va_end(args);                                                    \
	}

/*
 * Appends with the C library's vsnprintf, straight into p's free space (first with
 * *args); when the output does not fit, grows p to the size vsnprintf reported and
 * formats once more (with again). A failure of vsnprintf reaches the die handler with p
 * as it was. Counts nothing: the format strategies count their calls.
 */
void allot__path_vaddf_libc(struct allot_path *p, const char *fmt, va_list *args, va_list again);

#endif /* ALLOT_PATH_INTERNAL_H */
