/* SPDX-License-Identifier: MIT */
/*
 * alloc/config.h: the compile-time knobs that choose allot's strategies, and the hooks
 * that hand allot the host's heap and die handler.
 *
 * Every knob can be set with -D on the compiler's command line (Bazel sets them from the
 * --//alloc:* flags; allot.mk, CMake and Meson from their own options) or left to its
 * default. A value that is not one of the allowed ones stops the build with #error
 * naming the knob and its values.
 *
 *   knob                    values                                          default
 *   ALLOT_ARRAY_STRATEGY    ALLOT_ARRAY_HEAP, ALLOT_ARRAY_ALLOCA,           ALLOT_ARRAY_ALLOCA
 *                           ALLOT_ARRAY_INLINE
 *   ALLOT_ARRAY_INLINE_MAX  element count served without the heap           2
 *   ALLOT_POOL_STRATEGY     ALLOT_POOL_MALLOC, ALLOT_POOL_ARENA             ALLOT_POOL_ARENA
 *   ALLOT_PATH_STORE        ALLOT_PATH_STORE_HEAP, ALLOT_PATH_STORE_INLINE  ALLOT_PATH_STORE_HEAP
 *   ALLOT_PATH_INLINE_SIZE  bytes kept inside struct allot_path             128
 *   ALLOT_PATH_FORMAT       ALLOT_PATH_FORMAT_LIBC, ALLOT_PATH_FORMAT_BUILTIN
 *                                                                           ALLOT_PATH_FORMAT_BUILTIN
 *   ALLOT_STATS             0, 1                                            0
 *   ALLOT_CHECKS            0, 1: misuse detection (BUG: ...)               1, 0 with NDEBUG
 *   ALLOT_MALLOC_NAME       string naming the linked heap backend           "system"
 *
 * ALLOT_CHECKS=0 removes the detection of misuse only (see die.h): size overflow and
 * heap failure always reach the die handler.
 *
 * Hooks, for a host with its own heap and die handler (Git: xmalloc, xrealloc, free and
 * a wrapper of die()):
 *
 *   ALLOT_MALLOC, ALLOT_REALLOC, ALLOT_FREE  functions with the signatures of malloc,
 *       realloc and free (default: those, from <stdlib.h>); this header declares them.
 *       Every heap call allot makes goes through them, and so does every buffer allot
 *       hands over (allot_path_detach: free it with ALLOT_FREE) or takes. A hook that
 *       never returns NULL is fine.
 *   ALLOT_DIE_DEFAULT  the name of a function `void f(const char *msg)`: the die handler
 *       in force from the start, and after allot_set_die(NULL) (default: allot's own,
 *       which prints "allot: <msg>" on stderr and aborts).
 *
 * Every translation unit that includes an allot header must see the same knobs as the
 * library itself: struct layouts depend on them.
 *
 * The first release spelled some knobs differently (ALLOT_ARRAY=..., ALLOT_POOL=...,
 * ALLOT_PATH_HEAP, ALLOT_FORMAT_LIBC, ...): those stop the build with #error naming the
 * new spelling.
 */
#ifndef ALLOT_CONFIG_H
#define ALLOT_CONFIG_H

#include <stddef.h> /* size_t, for the heap hooks' declarations */

#include "alloc/compiler.h"
#include "alloc/version.h"

/* ---- The knob table ------------------------------------------------------------ */

/*
 * Each value of a strategy knob is a number in its knob's own decade, so that a value of
 * one knob given to another fails, and has a row ALLOT__VALUE_<number>: the knob's decade
 * and the value's name, the word that the Bazel flag and allot_config() use. A new value is two lines here, its strategy file and the line of
 * its knob's chooser (strategies/<knob>.c; arrays: alloc/array.h).
 */
#define ALLOT_ARRAY_HEAP          11
#define ALLOT__VALUE_11           1, "heap"
#define ALLOT_ARRAY_ALLOCA        12
#define ALLOT__VALUE_12           1, "alloca"
#define ALLOT_ARRAY_INLINE        13
#define ALLOT__VALUE_13           1, "inline"
#define ALLOT_POOL_MALLOC         21
#define ALLOT__VALUE_21           2, "malloc"
#define ALLOT_POOL_ARENA          22
#define ALLOT__VALUE_22           2, "arena"
#define ALLOT_PATH_STORE_HEAP     31
#define ALLOT__VALUE_31           3, "heap"
#define ALLOT_PATH_STORE_INLINE   32
#define ALLOT__VALUE_32           3, "inline"
#define ALLOT_PATH_FORMAT_LIBC    41
#define ALLOT__VALUE_41           4, "libc"
#define ALLOT_PATH_FORMAT_BUILTIN 42
#define ALLOT__VALUE_42           4, "builtin"

/*
 * The strategy knobs, X(knob). ALLOT__KNOB_NAME(knob) is the name of its value, a string
 * literal.
 */
#define ALLOT__STRATEGY_KNOBS(X) \
	X(ALLOT_ARRAY_STRATEGY)  \
	X(ALLOT_POOL_STRATEGY)   \
	X(ALLOT_PATH_STORE)      \
	X(ALLOT_PATH_FORMAT)

/* The knob's decade of a value (0 for no value of any knob), and the value's name. */
#define ALLOT__VALUE_DECADE(v)      ALLOT__FIRST(ALLOT__PASTE(ALLOT__VALUE_, v), 0, ~)
#define ALLOT__KNOB_NAME(knob)      ALLOT__SECOND(ALLOT__PASTE(ALLOT__VALUE_, knob))
#define ALLOT__FIRST(row, ...)      ALLOT__FIRST_(row, __VA_ARGS__)
#define ALLOT__FIRST_(first, ...)   first
#define ALLOT__SECOND(row)          ALLOT__SECOND_(row)
#define ALLOT__SECOND_(first, name) name
#define ALLOT__SWITCH_NAME(on)      ALLOT__PASTE(ALLOT__SWITCH_, on)
#define ALLOT__SWITCH_0             "off"
#define ALLOT__SWITCH_1             "on"

/* ---- The first release's spellings ------------------------------------------- */

#ifdef ALLOT_ARRAY
#error "ALLOT_ARRAY is now spelled ALLOT_ARRAY_STRATEGY (ALLOT_ARRAY is the array macro)"
#endif
#ifdef ALLOT_POOL
#error "ALLOT_POOL is now spelled ALLOT_POOL_STRATEGY"
#endif

/* Old value names, defined for the checks below only. */
#define ALLOT_PATH_HEAP      931
#define ALLOT_PATH_INLINE    932
#define ALLOT_FORMAT_LIBC    941
#define ALLOT_FORMAT_BUILTIN 942
#if defined(ALLOT_PATH_STORE) && ALLOT_PATH_STORE == ALLOT_PATH_HEAP
#error "ALLOT_PATH_HEAP is now spelled ALLOT_PATH_STORE_HEAP"
#elif defined(ALLOT_PATH_STORE) && ALLOT_PATH_STORE == ALLOT_PATH_INLINE
#error "ALLOT_PATH_INLINE is now spelled ALLOT_PATH_STORE_INLINE"
#endif
#if defined(ALLOT_PATH_FORMAT) && ALLOT_PATH_FORMAT == ALLOT_FORMAT_LIBC
#error "ALLOT_FORMAT_LIBC is now spelled ALLOT_PATH_FORMAT_LIBC"
#elif defined(ALLOT_PATH_FORMAT) && ALLOT_PATH_FORMAT == ALLOT_FORMAT_BUILTIN
#error "ALLOT_FORMAT_BUILTIN is now spelled ALLOT_PATH_FORMAT_BUILTIN"
#endif
#undef ALLOT_PATH_HEAP
#undef ALLOT_PATH_INLINE
#undef ALLOT_FORMAT_LIBC
#undef ALLOT_FORMAT_BUILTIN

/* ---- An installed allot's knobs ------------------------------------------------ */

/* Nothing in allot's tree; the knobs an installed copy was built with (alloc/options.h). */
#include "alloc/options.h"

/* ---- Strategies ---------------------------------------------------------------- */

#ifndef ALLOT_ARRAY_STRATEGY
#define ALLOT_ARRAY_STRATEGY ALLOT_ARRAY_ALLOCA
#endif
#if ALLOT__VALUE_DECADE(ALLOT_ARRAY_STRATEGY) != 1
#error \
    "ALLOT_ARRAY_STRATEGY must be one of ALLOT_ARRAY_HEAP, ALLOT_ARRAY_ALLOCA, ALLOT_ARRAY_INLINE"
#endif

#ifndef ALLOT_ARRAY_INLINE_MAX
#define ALLOT_ARRAY_INLINE_MAX 2
#endif
#if !(ALLOT_ARRAY_INLINE_MAX >= 0 && ALLOT_ARRAY_INLINE_MAX <= 4096)
#error "ALLOT_ARRAY_INLINE_MAX must be an element count from 0 to 4096"
#endif

#ifndef ALLOT_POOL_STRATEGY
#define ALLOT_POOL_STRATEGY ALLOT_POOL_ARENA
#endif
#if ALLOT__VALUE_DECADE(ALLOT_POOL_STRATEGY) != 2
#error "ALLOT_POOL_STRATEGY must be one of ALLOT_POOL_MALLOC, ALLOT_POOL_ARENA"
#endif

#ifndef ALLOT_PATH_STORE
#define ALLOT_PATH_STORE ALLOT_PATH_STORE_HEAP
#endif
#if ALLOT__VALUE_DECADE(ALLOT_PATH_STORE) != 3
#error "ALLOT_PATH_STORE must be one of ALLOT_PATH_STORE_HEAP, ALLOT_PATH_STORE_INLINE"
#endif

#ifndef ALLOT_PATH_INLINE_SIZE
#define ALLOT_PATH_INLINE_SIZE 128
#endif
#if !(ALLOT_PATH_INLINE_SIZE >= 16 && ALLOT_PATH_INLINE_SIZE <= 65536)
#error "ALLOT_PATH_INLINE_SIZE must be a byte count from 16 to 65536"
#endif

#ifndef ALLOT_PATH_FORMAT
#define ALLOT_PATH_FORMAT ALLOT_PATH_FORMAT_BUILTIN
#endif
#if ALLOT__VALUE_DECADE(ALLOT_PATH_FORMAT) != 4
#error "ALLOT_PATH_FORMAT must be one of ALLOT_PATH_FORMAT_LIBC, ALLOT_PATH_FORMAT_BUILTIN"
#endif

/* ---- Counting and checking ------------------------------------------------------ */

#ifndef ALLOT_STATS
#define ALLOT_STATS 0
#endif
#if ALLOT_STATS != 0 && ALLOT_STATS != 1
#error "ALLOT_STATS must be one of 0, 1"
#endif

#ifndef ALLOT_CHECKS
#ifdef NDEBUG
#define ALLOT_CHECKS 0
#else
#define ALLOT_CHECKS 1
#endif
#endif
#if ALLOT_CHECKS != 0 && ALLOT_CHECKS != 1
#error "ALLOT_CHECKS must be one of 0, 1"
#endif

/*
 * The knobs a translation unit was built with, for the link-time check (see "Matching the
 * library", below): _checks_on or _checks_off, _stats_on or _stats_off, and _memdebug
 * when a tool watches the arenas.
 */
#if ALLOT_CHECKS
#define ALLOT__CHECKS_TAG _checks_on
#else
#define ALLOT__CHECKS_TAG _checks_off
#endif
#if ALLOT_STATS
#define ALLOT__STATS_TAG _stats_on
#else
#define ALLOT__STATS_TAG _stats_off
#endif

/*
 * ALLOT_VALGRIND=1 builds the arena's requests to Valgrind's memcheck (alloc/memdebug.h).
 * ALLOT__MEMDEBUG is 1 when a tool watches the arenas: AddressSanitizer, or memcheck.
 */
#ifndef ALLOT_VALGRIND
#define ALLOT_VALGRIND 0
#endif
#define ALLOT__MEMDEBUG (ALLOT__ADDRESS_SANITIZER || ALLOT_VALGRIND)

#if ALLOT__MEMDEBUG
#define ALLOT__MEMDEBUG_TAG _memdebug
#else
#define ALLOT__MEMDEBUG_TAG
#endif

/* The version the link-time check names, _v<major>_<minor> (alloc/version.h). */
#define ALLOT__VERSION_TAG \
	ALLOT__PASTE(ALLOT__PASTE(_v, ALLOT_VERSION_MAJOR), ALLOT__PASTE(_, ALLOT_VERSION_MINOR))

#ifndef ALLOT_MALLOC_NAME
#define ALLOT_MALLOC_NAME "system"
#endif

/* ---- Matching the library --------------------------------------------------- */

/*
 * A header whose struct layouts or inline code depend on knobs (array.h, pool.h,
 * path.h, and format.h on MinGW) makes every translation unit that includes it refer to
 * a function named after those knobs, allot_library_built_with_<knobs>, which the
 * library defines for its own (alloc/compiler.h's ALLOT__REQUIRE_SYMBOL: no code runs
 * for it). A program whose translation units were built with other knobs than the
 * library does not link; the linker names the function, which names the knobs the
 * translation unit wanted:
 *
 *     undefined reference to `allot_library_built_with_path_store_inline_128_checks_on_v0_2'
 *
 * and `nm liballot.a | grep allot_library_built_with` lists what the library has. Each name
 * ends with allot's major and minor version: a program built against one version's headers
 * does not link against another's library. The counts in those names
 * (ALLOT_PATH_INLINE_SIZE, ALLOT_ARRAY_INLINE_MAX) must be decimal numbers.
 */

/* ---- The host's heap and die handler ------------------------------------------- */

/*
 * A hook the host named is its own function, declared here for allot's sources and for
 * callers (who free a detached buffer with ALLOT_FREE). A hook left unset, or set to the
 * C library's own name (ALLOT_FREE=free), is the C library's, declared by <stdlib.h>.
 */
#define ALLOT__C_HEAP_malloc         ~, 1
#define ALLOT__C_HEAP_realloc        ~, 1
#define ALLOT__C_HEAP_free           ~, 1
#define ALLOT__IS_C_HEAP(name)       ALLOT__SECOND_OF(ALLOT__PASTE(ALLOT__C_HEAP_, name), 0, ~)
#define ALLOT__SECOND_OF(...)        ALLOT__SECOND_OF_(__VA_ARGS__)
#define ALLOT__SECOND_OF_(a, b, ...) b
#ifdef __cplusplus
extern "C" {
#endif
#ifndef ALLOT_MALLOC
#define ALLOT_MALLOC malloc
#elif !ALLOT__IS_C_HEAP(ALLOT_MALLOC)
void *ALLOT_MALLOC(size_t n);
#endif
#ifndef ALLOT_REALLOC
#define ALLOT_REALLOC realloc
#elif !ALLOT__IS_C_HEAP(ALLOT_REALLOC)
void *ALLOT_REALLOC(void *ptr, size_t n);
#endif
#ifndef ALLOT_FREE
#define ALLOT_FREE free
#elif !ALLOT__IS_C_HEAP(ALLOT_FREE)
void ALLOT_FREE(void *ptr);
#endif
#ifdef __cplusplus
}
#endif

#endif /* ALLOT_CONFIG_H */
