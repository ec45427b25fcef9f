/* SPDX-License-Identifier: MIT */
/*
 * alloc/die.h: what allot does when it cannot do what was asked.
 *
 * allot never returns NULL for a failed allocation and never wraps a size around.
 * Instead it calls the die handler with one of these messages:
 *
 *   size overflow: A * B             a size computation would not fit in size_t
 *   size overflow: A + B
 *   out of memory allocating N bytes  the heap said no
 *   BUG: <what>                       misuse that allot detected (a setlen past the
 *                                     capacity, a rewind to a mark not on the pool's stack)
 *
 * If the handler returns, allot calls abort(). A handler may instead leave with
 * longjmp(): allot checks sizes and arguments before it changes anything, so the
 * pool, path or array that the failing call was given is still intact afterwards.
 *
 * Use (a host with a die() of its own, as Git has; or build with ALLOT_DIE_DEFAULT):
 *
 *     static void die_from_allot(const char *msg) { die("%s", msg); }
 *     ...
 *     allot_set_die(die_from_allot);
 *
 * The caller must not:
 *  - expect the failing call to go on when the handler returns: allot aborts;
 *  - use the result of the failing call after a longjmp() out of the handler: there is none.
 */
#ifndef ALLOT_DIE_H
#define ALLOT_DIE_H

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*allot_die_fn)(const char *msg);

/*
 * Installs fn as the die handler and returns the previous one. NULL restores the
 * default, which prints "allot: <msg>" on stderr and calls abort().
 * The handler is process-wide.
 */
allot_die_fn allot_set_die(allot_die_fn fn);

#ifdef __cplusplus
}
#endif

#endif /* ALLOT_DIE_H */
