/*
 * alloc/config.h: the compile-time knobs that choose allot's strategies.
 *
 * Every knob can be set with -D on the compiler's command line (Bazel sets them from
 * the --//alloc:* flags) or left to its default. A value that is not one of the
 * allowed ones stops the build with #error naming the knob and its values.
 *
 *   knob                     values                                           default
 *   ALLOT_ARRAY              ALLOT_ARRAY_HEAP, ALLOT_ARRAY_ALLOCA,            ALLOT_ARRAY_ALLOCA
 *                            ALLOT_ARRAY_INLINE
 *   ALLOT_ARRAY_INLINE_MAX   element count served without the heap            2
 *   ALLOT_POOL               ALLOT_POOL_MALLOC, ALLOT_POOL_ARENA              ALLOT_POOL_ARENA
 *   ALLOT_PATH_STORE         ALLOT_PATH_HEAP, ALLOT_PATH_INLINE               ALLOT_PATH_HEAP
 *   ALLOT_PATH_INLINE_SIZE   bytes kept inside struct allot_path              128
 *   ALLOT_PATH_FORMAT        ALLOT_FORMAT_LIBC, ALLOT_FORMAT_BUILTIN          ALLOT_FORMAT_LIBC
 *   ALLOT_STATS              0, 1                                             0
 *   ALLOT_MALLOC_NAME        string naming the linked heap backend            "system"
 *
 * Every translation unit that includes an allot header must see the same knobs as
 * the library itself: struct layouts depend on them.
 *
 * ALLOT_ARRAY is also the name of the array macro in alloc/array.h. This header reads
 * the knob into ALLOT__ARRAY_KIND and then undefines ALLOT_ARRAY so that array.h can
 * define the macro; test ALLOT__ARRAY_KIND if you need the choice after inclusion.
 */
#ifndef ALLOT_CONFIG_H
#define ALLOT_CONFIG_H

/* Knob values. Each knob has its own range so that a value of one knob given to another fails. */
#define ALLOT_ARRAY_HEAP     11
#define ALLOT_ARRAY_ALLOCA   12
#define ALLOT_ARRAY_INLINE   13
#define ALLOT_POOL_MALLOC    21
#define ALLOT_POOL_ARENA     22
#define ALLOT_PATH_HEAP      31
#define ALLOT_PATH_INLINE    32
#define ALLOT_FORMAT_LIBC    41
#define ALLOT_FORMAT_BUILTIN 42

#ifndef ALLOT_ARRAY
#define ALLOT_ARRAY ALLOT_ARRAY_ALLOCA
#endif
#if ALLOT_ARRAY == ALLOT_ARRAY_HEAP
#define ALLOT__ARRAY_KIND ALLOT_ARRAY_HEAP
#elif ALLOT_ARRAY == ALLOT_ARRAY_ALLOCA
#define ALLOT__ARRAY_KIND ALLOT_ARRAY_ALLOCA
#elif ALLOT_ARRAY == ALLOT_ARRAY_INLINE
#define ALLOT__ARRAY_KIND ALLOT_ARRAY_INLINE
#else
#error "ALLOT_ARRAY must be one of ALLOT_ARRAY_HEAP, ALLOT_ARRAY_ALLOCA, ALLOT_ARRAY_INLINE"
#endif
#undef ALLOT_ARRAY

#ifndef ALLOT_ARRAY_INLINE_MAX
#define ALLOT_ARRAY_INLINE_MAX 2
#endif
#if !(ALLOT_ARRAY_INLINE_MAX >= 0 && ALLOT_ARRAY_INLINE_MAX <= 4096)
#error "ALLOT_ARRAY_INLINE_MAX must be an element count from 0 to 4096"
#endif

#ifndef ALLOT_POOL
#define ALLOT_POOL ALLOT_POOL_ARENA
#endif
#if ALLOT_POOL != ALLOT_POOL_MALLOC && ALLOT_POOL != ALLOT_POOL_ARENA
#error "ALLOT_POOL must be one of ALLOT_POOL_MALLOC, ALLOT_POOL_ARENA"
#endif

#ifndef ALLOT_PATH_STORE
#define ALLOT_PATH_STORE ALLOT_PATH_HEAP
#endif
#if ALLOT_PATH_STORE != ALLOT_PATH_HEAP && ALLOT_PATH_STORE != ALLOT_PATH_INLINE
#error "ALLOT_PATH_STORE must be one of ALLOT_PATH_HEAP, ALLOT_PATH_INLINE"
#endif

#ifndef ALLOT_PATH_INLINE_SIZE
#define ALLOT_PATH_INLINE_SIZE 128
#endif
#if !(ALLOT_PATH_INLINE_SIZE >= 16 && ALLOT_PATH_INLINE_SIZE <= 65536)
#error "ALLOT_PATH_INLINE_SIZE must be a byte count from 16 to 65536"
#endif

#ifndef ALLOT_PATH_FORMAT
#define ALLOT_PATH_FORMAT ALLOT_FORMAT_LIBC
#endif
#if ALLOT_PATH_FORMAT != ALLOT_FORMAT_LIBC && ALLOT_PATH_FORMAT != ALLOT_FORMAT_BUILTIN
#error "ALLOT_PATH_FORMAT must be one of ALLOT_FORMAT_LIBC, ALLOT_FORMAT_BUILTIN"
#endif

#ifndef ALLOT_STATS
#define ALLOT_STATS 0
#endif
#if ALLOT_STATS != 0 && ALLOT_STATS != 1
#error "ALLOT_STATS must be one of 0, 1"
#endif

#ifndef ALLOT_MALLOC_NAME
#define ALLOT_MALLOC_NAME "system"
#endif

#endif /* ALLOT_CONFIG_H */
