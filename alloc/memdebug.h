/* SPDX-License-Identifier: MIT */
/*
 * alloc/memdebug.h: telling AddressSanitizer and Valgrind's memcheck which bytes of an
 * arena block are live. Not part of the API. (After PostgreSQL's utils/memdebug.h.)
 *
 * malloc'd memory is watched by both tools already; memory an arena bumps out of its
 * blocks is not, unless the arena says what it hands out and what it takes back. With
 * these hooks, a byte of a block that no live object covers is off limits: the space
 * not handed out yet, the red zone after each object, and whatever clear, rewind and
 * release took back. An access there is reported where it happens.
 *
 *   ASan      on when the compiler says so (-fsanitize=address), nothing to define;
 *   Valgrind  on with -DALLOT_VALGRIND=1: the Valgrind headers must be installed.
 *             Each arena block is a memcheck mempool (anchored at the block), each
 *             object a chunk of it; the requests cost a few instructions outside
 *             Valgrind, but they are compiled only in builds that ask for them.
 *
 * In every other build, ALLOT__MEMDEBUG (alloc/config.h) is 0, ALLOT__REDZONE is 0 and
 * every macro below compiles to nothing (it evaluates its arguments, which have no side
 * effects).
 */
#ifndef ALLOT_MEMDEBUG_H
#define ALLOT_MEMDEBUG_H

#include "alloc/config.h" /* ALLOT_VALGRIND, ALLOT__MEMDEBUG; compiler.h's sanitizer switches */

#if ALLOT__ADDRESS_SANITIZER
#include <sanitizer/asan_interface.h>
#define ALLOT__ASAN_POISON(addr, n)   ASAN_POISON_MEMORY_REGION((addr), (n))
#define ALLOT__ASAN_UNPOISON(addr, n) ASAN_UNPOISON_MEMORY_REGION((addr), (n))
#else
#define ALLOT__ASAN_POISON(addr, n)   ((void) (addr), (void) (n))
#define ALLOT__ASAN_UNPOISON(addr, n) ((void) (addr), (void) (n))
#endif

#if ALLOT_VALGRIND
#include <valgrind/memcheck.h>
#define ALLOT__VG_CREATE(block)         VALGRIND_CREATE_MEMPOOL((block), 0, 0)
#define ALLOT__VG_DESTROY(block)        VALGRIND_DESTROY_MEMPOOL((block))
#define ALLOT__VG_ALLOC(block, addr, n) VALGRIND_MEMPOOL_ALLOC((block), (addr), (n))
#define ALLOT__VG_TRIM(block, addr, n)  VALGRIND_MEMPOOL_TRIM((block), (addr), (n))
#define ALLOT__VG_NOACCESS(addr, n)     VALGRIND_MAKE_MEM_NOACCESS((addr), (n))
#define ALLOT__VG_UNDEFINED(addr, n)    VALGRIND_MAKE_MEM_UNDEFINED((addr), (n))
#else
#define ALLOT__VG_CREATE(block)         ((void) (block))
#define ALLOT__VG_DESTROY(block)        ((void) (block))
#define ALLOT__VG_ALLOC(block, addr, n) ((void) (block), (void) (addr), (void) (n))
#define ALLOT__VG_TRIM(block, addr, n)  ((void) (block), (void) (addr), (void) (n))
#define ALLOT__VG_NOACCESS(addr, n)     ((void) (addr), (void) (n))
#define ALLOT__VG_UNDEFINED(addr, n)    ((void) (addr), (void) (n))
#endif

/*
 * What the arena says, for both tools. A block is a mempool under Valgrind from
 * ALLOT__MEM_POOL_CREATE to ALLOT__MEM_POOL_DESTROY; nothing for ASan.
 */
#define ALLOT__MEM_POOL_CREATE(block)  ALLOT__VG_CREATE(block)
#define ALLOT__MEM_POOL_DESTROY(block) ALLOT__VG_DESTROY(block)

/* addr .. addr + n is off limits: not handed out, a red zone, or taken back. */
#define ALLOT__MEM_NOACCESS(addr, n)             \
	do {                                     \
		ALLOT__ASAN_POISON((addr), (n)); \
		ALLOT__VG_NOACCESS((addr), (n)); \
	} while (0)

/* block hands out the n bytes at addr: usable, not yet initialised. */
#define ALLOT__MEM_HAND_OUT(block, addr, n)            \
	do {                                           \
		ALLOT__ASAN_UNPOISON((addr), (n));     \
		ALLOT__VG_ALLOC((block), (addr), (n)); \
	} while (0)

/* addr .. addr + n may be written, whatever was there (a discard's pattern). */
#define ALLOT__MEM_WRITABLE(addr, n)               \
	do {                                       \
		ALLOT__ASAN_UNPOISON((addr), (n)); \
		ALLOT__VG_UNDEFINED((addr), (n));  \
	} while (0)

/* block keeps the objects that lie between start and next; next .. end is off limits. */
#define ALLOT__MEM_KEEP_BELOW(block, start, next, end)                         \
	do {                                                                   \
		ALLOT__ASAN_POISON((next), (size_t) ((end) - (next)));         \
		ALLOT__VG_TRIM((block), (start), (size_t) ((next) - (start))); \
	} while (0)

/*
 * Bytes left unused (and off limits) after each arena object when a tool watches, so
 * that an overflow by a few bytes lands outside every object, not in the next one.
 */
#define ALLOT__REDZONE (ALLOT__MEMDEBUG ? 16 : 0)

#endif /* ALLOT_MEMDEBUG_H */
