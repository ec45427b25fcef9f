/* SPDX-License-Identifier: MIT */
/*
 * alloc/compiler.h: every compiler-specific construct allot uses, in one block each,
 * named after what it does. Not part of the API: the public headers and allot's sources
 * include it, and nothing else in allot spells __attribute__, __builtin_*, __atomic_*,
 * _Alignof, _Static_assert or alloca.
 *
 * allot is written in C99 (it compiles under -std=gnu99 -pedantic) and reads the newer
 * standards' features only where the compiler has them. Every construct has a branch
 * for GNU C (gcc, clang, MinGW's gcc), one for MSVC where it differs, and a portable
 * fallback for any other C99 compiler; the fallbacks are documented where they lose
 * something.
 */
#ifndef ALLOT_COMPILER_H
#define ALLOT_COMPILER_H

#include <stddef.h>

/* GNU C: gcc, and clang wherever it speaks GNU C (not as clang-cl, which is MSVC's). */
#if defined(__GNUC__)
#define ALLOT__GNUC 1
#else
#define ALLOT__GNUC 0
#endif

/* ---- Function attributes ------------------------------------------------------- */

/* ALLOT__NORETURN: the function never returns (the die paths). */
#if ALLOT__GNUC
#define ALLOT__NORETURN __attribute__((noreturn))
#elif defined(_MSC_VER)
#define ALLOT__NORETURN __declspec(noreturn)
#else
#define ALLOT__NORETURN
#endif

/*
 * ALLOT__ALWAYS_INLINE: a static function the compiler must inline (hot helpers) when it
 * optimises. Without optimisation (gcc or clang -O0, no __OPTIMIZE__) it is a plain
 * static inline function: forced inlining there only slows the build (the formatter's
 * files took 3 s each at gcc -O0, 0.2 s without).
 */
#if ALLOT__GNUC && defined(__OPTIMIZE__)
#define ALLOT__ALWAYS_INLINE static inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define ALLOT__ALWAYS_INLINE static __forceinline
#else
#define ALLOT__ALWAYS_INLINE static inline
#endif

/* ALLOT__NOINLINE: a static function kept out of line (cold paths off a hot loop). */
#if ALLOT__GNUC
#define ALLOT__NOINLINE static __attribute__((noinline))
#elif defined(_MSC_VER)
#define ALLOT__NOINLINE static __declspec(noinline)
#else
#define ALLOT__NOINLINE static
#endif

/*
 * ALLOT__PRINTF_FORMAT(f, a): argument f is a printf format for the arguments from a on
 * (a = 0: a va_list), so that the compiler checks the calls. On MinGW the format family
 * is the one its stdio.h chose (msvcrt's or MinGW's own printf).
 */
#if defined(__MINGW32__)
#include <stdio.h> /* __MINGW_PRINTF_FORMAT: the printf family stdio.h chose */
#define ALLOT__PRINTF_FORMAT(f, a) __attribute__((format(__MINGW_PRINTF_FORMAT, f, a)))
#elif ALLOT__GNUC
#define ALLOT__PRINTF_FORMAT(f, a) __attribute__((format(printf, f, a)))
#else
#define ALLOT__PRINTF_FORMAT(f, a)
#endif

/* ---- Sanitizers ---------------------------------------------------------------- */

/*
 * ALLOT__ADDRESS_SANITIZER, ALLOT__THREAD_SANITIZER: 1 when the translation unit is
 * compiled with -fsanitize=address or =thread (gcc says so with a macro, clang with
 * __has_feature), else 0.
 */
#if defined(__SANITIZE_ADDRESS__)
#define ALLOT__ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ALLOT__ADDRESS_SANITIZER 1
#endif
#endif
#ifndef ALLOT__ADDRESS_SANITIZER
#define ALLOT__ADDRESS_SANITIZER 0
#endif

#if defined(__SANITIZE_THREAD__)
#define ALLOT__THREAD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define ALLOT__THREAD_SANITIZER 1
#endif
#endif
#ifndef ALLOT__THREAD_SANITIZER
#define ALLOT__THREAD_SANITIZER 0
#endif

/* ---- Branch hints -------------------------------------------------------------- */

/* ALLOT__LIKELY(x): x is almost always true (the fast paths); ALLOT__UNLIKELY, false. */
#if ALLOT__GNUC
#define ALLOT__LIKELY(x)   __builtin_expect(!!(x), 1)
#define ALLOT__UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define ALLOT__LIKELY(x)   (x)
#define ALLOT__UNLIKELY(x) (x)
#endif

/*
 * ALLOT__UNROLL_4: before a loop, asks the compiler to unroll it four times over (a loop
 * of a constant count up to 4 then has no loop left). gcc 8 and later, clang; else nothing.
 */
#if defined(__clang__) || (ALLOT__GNUC && __GNUC__ >= 8)
#define ALLOT__UNROLL_4 _Pragma("GCC unroll 4")
#else
#define ALLOT__UNROLL_4
#endif

/* ---- Compile-time facts -------------------------------------------------------- */

/*
 * ALLOT__STATIC_ASSERT(cond, name): stops the build when cond, an integer constant
 * expression, is false. At file scope. C11's _Static_assert where the language has it;
 * in C99, an array type whose size is negative when cond is false.
 */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define ALLOT__STATIC_ASSERT(cond, name) static_assert(cond, #name)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define ALLOT__STATIC_ASSERT(cond, name) _Static_assert(cond, #name)
#else
#define ALLOT__STATIC_ASSERT(cond, name) typedef char allot__static_assert_##name[(cond) ? 1 : -1]
#endif

/*
 * ALLOT__MAX_ALIGN: the alignment allot_pool_alloc promises, at least that of max_align_t.
 * A library and a program must agree on it, whatever the -std of each: C99 has no
 * max_align_t, and an alignment taken from the language's basic types is smaller than
 * max_align_t's on some CPUs (4 on i386, where gcc's max_align_t has 16).
 *
 *  - GNU C, in every mode: the definition of gcc's and clang's max_align_t (<stddef.h>),
 *    each type at its own preferred alignment (__alignof__), and on i386 the 16 of gcc's
 *    __float128 member (clang's has 8 there: 16 serves both). Where the language has
 *    max_align_t, a static assertion holds the value to it.
 *  - other C11 and C++11 compilers: max_align_t's;
 *  - other C99 compilers: the strictest alignment of the basic types. There a C99 library
 *    and a C11 program can disagree: build both in the same mode.
 */
#if ALLOT__GNUC
union allot__max_align {
	__extension__ long long ll __attribute__((aligned(__alignof__(long long))));
	long double ld __attribute__((aligned(__alignof__(long double))));
#if defined(__i386__)
	char f128[16] __attribute__((aligned(16)));
#endif
};
#define ALLOT__MAX_ALIGN __alignof__(union allot__max_align)
#if defined(__cplusplus) && __cplusplus >= 201103L
static_assert(ALLOT__MAX_ALIGN >= alignof(max_align_t), "allot: ALLOT__MAX_ALIGN < max_align_t's");
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(ALLOT__MAX_ALIGN >= _Alignof(max_align_t),
               "allot: ALLOT__MAX_ALIGN < max_align_t's");
#endif
#elif (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L) || \
    (defined(__cplusplus) && __cplusplus >= 201103L)
#if defined(__cplusplus)
#define ALLOT__MAX_ALIGN alignof(max_align_t)
#else
#define ALLOT__MAX_ALIGN _Alignof(max_align_t)
#endif
#else
union allot__max_align {
	long long ll;
	long double ld;
	void *p;
	void (*fn)(void);
};
struct allot__max_align_probe {
	char c;
	union allot__max_align u;
};
#define ALLOT__MAX_ALIGN offsetof(struct allot__max_align_probe, u)
#endif

/*
 * ALLOT__IS_STRING_LITERAL(p): 1 when the pointer expression p is, as written, a string
 * literal, whose bytes never change; else 0. p is not evaluated. GNU C's
 * __builtin_constant_p, which gcc and clang answer with 1 for a pointer only when it is a
 * string literal (not an array, nor a variable holding a literal); 0 elsewhere.
 * ALLOT__KNOWS_STRING_LITERALS says whether the answer can be 1.
 */
#if ALLOT__GNUC
#define ALLOT__IS_STRING_LITERAL(p)  __builtin_constant_p(p)
#define ALLOT__KNOWS_STRING_LITERALS 1
#else
#define ALLOT__IS_STRING_LITERAL(p)  0
#define ALLOT__KNOWS_STRING_LITERALS 0
#endif

/*
 * ALLOT__EACH_ELEMENT(n): in an array's initialiser, GNU C's designator of its elements 0
 * to n - 1, as in { ALLOT__EACH_ELEMENT(n) = value }. GNU C only (where
 * ALLOT__KNOWS_STRING_LITERALS is 1), and the declaration must start with
 * ALLOT__EXTENSION, which tells -pedantic that the extension is meant.
 */
#if ALLOT__GNUC
#define ALLOT__EACH_ELEMENT(n) [0 ...(n) - 1]
#define ALLOT__EXTENSION       __extension__
#endif

/* ---- Token pasting -------------------------------------------------------------- */

/* ALLOT__PASTE(a, b): a and b, macro-expanded, pasted into one token. ALLOT__STRING(x):
 * x, macro-expanded, as a string literal. */
#define ALLOT__PASTE(a, b)  ALLOT__PASTE_(a, b)
#define ALLOT__PASTE_(a, b) a##b
#define ALLOT__STRING(x)    ALLOT__STRING_(x)
#define ALLOT__STRING_(x)   #x

/* ALLOT__ARG_2(a, b, ...): b. A macro's second argument: ALLOT__ARG_2(__VA_ARGS__, 0). */
#define ALLOT__ARG_2(a, b, ...) b

/* ---- A reference the linker must resolve ---------------------------------------- */

/*
 * ALLOT__REQUIRE_SYMBOL(sym), at file scope in a header: every translation unit that
 * includes the header refers to the function `void sym(void)` (declared here), so that
 * the program does not link unless something defines sym, and the linker's error names
 * it. No instruction of the program's own code runs for it:
 *
 *  - ELF with gcc 11+ or clang 13+: a pointer to sym in a section the linker keeps
 *    (`retain`: --gc-sections would drop an unreferenced one, and the check with it);
 *  - other GNU C targets (MinGW): a constructor that calls sym, once at start-up;
 *  - MSVC: the linker's /include of sym (read, not compiled: there is no MSVC here);
 *  - elsewhere: nothing (the check is lost, not the build).
 *
 * In C++ the header must expand it inside its extern "C" block.
 */
#if defined(__has_attribute)
#if __has_attribute(retain)
#define ALLOT__HAS_RETAIN 1
#endif
#endif
#if ALLOT__GNUC && defined(__ELF__) && defined(ALLOT__HAS_RETAIN)
#define ALLOT__REQUIRE_SYMBOL(sym) \
	void sym(void);            \
	__attribute__((used, retain)) static void (*const ALLOT__PASTE(sym, _ref))(void) = sym
#elif ALLOT__GNUC
#define ALLOT__REQUIRE_SYMBOL(sym)                                             \
	void sym(void);                                                        \
	__attribute__((constructor)) static void ALLOT__PASTE(sym, _ref)(void) \
	{                                                                      \
		sym();                                                         \
	}                                                                      \
	void sym(void)
#elif defined(_MSC_VER)
#define ALLOT__REQUIRE_SYMBOL(sym) \
	void sym(void);            \
	__pragma(comment(linker, "/include:" ALLOT__STRING(sym))) void sym(void)
#else
#define ALLOT__REQUIRE_SYMBOL(sym) void sym(void)
#endif

/* ---- Atomics -------------------------------------------------------------------- */

/*
 * ALLOT__ATOMIC_ADD(p, n), ALLOT__ATOMIC_LOAD(p) and ALLOT__ATOMIC_STORE(p, v) on an
 * integer no wider than the CPU's word (a size_t): relaxed. ALLOT__ATOMIC_SWAP_FN(p, v,
 * old, type) and ALLOT__ATOMIC_LOAD_FN(p, type) on a function pointer of that type:
 * sequentially consistent, for the die handler (SWAP_FN stores v and sets old to what was
 * there). ALLOT__ATOMIC_LOAD_PTR(p) (acquire) and ALLOT__ATOMIC_REPLACE_PTR(p, old, v)
 * (release: stores v if *p is old; 1 when it did) on a pointer to const, and
 * ALLOT__ATOMIC_TAKE(p) (relaxed: adds 1 to the size_t *p and gives what was there), for
 * the formats allot_path_addf keeps (strategies/path_format_builtin.c).
 *
 * GNU C's __atomic builtins; MSVC's Interlocked functions (64-bit Windows); elsewhere
 * plain loads and stores: counters updated by several threads at once may then lose
 * counts, and the die handler must be set before threads start. C11's <stdatomic.h> is
 * not used: it works on _Atomic objects only, and the counters are copied into a public
 * struct of plain uint64_t.
 *
 * ALLOT__COUNTER(name) declares a stats counter, a 64-bit unsigned integer, and
 * ALLOT__COUNTER_ADD(p, n), _LOAD(p) and _STORE(p, v) update it, relaxed. In GNU C the
 * counter is aligned to 8: the i386 ABI aligns a 64-bit integer inside a struct to 4, and
 * 8-byte atomics on such an object are calls into libatomic (clang -m32 says so under
 * -Watomic-alignment). Where the CPU has no 8-byte atomics of its own (neither
 * __GCC_ATOMIC_LLONG_LOCK_FREE is 2, nor an 8-byte compare-and-swap: clang -m32 says 1
 * for a long long, which may be 4-aligned, and inlines the atomics on an 8-aligned one),
 * the counters are updated with plain loads and stores, as on compilers without atomics:
 * allot never needs libatomic.
 */
#if ALLOT__GNUC
#define ALLOT__ATOMIC_ADD(p, n)   ((void) __atomic_fetch_add((p), (n), __ATOMIC_RELAXED))
#define ALLOT__ATOMIC_LOAD(p)     __atomic_load_n((p), __ATOMIC_RELAXED)
#define ALLOT__ATOMIC_STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#define ALLOT__ATOMIC_SWAP_FN(p, v, old, type) \
	((old) = __atomic_exchange_n((p), (v), __ATOMIC_SEQ_CST))
#define ALLOT__ATOMIC_LOAD_FN(p, type) __atomic_load_n((p), __ATOMIC_SEQ_CST)
#define ALLOT__ATOMIC_LOAD_PTR(p)      __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define ALLOT__ATOMIC_REPLACE_PTR(p, old, v) \
	allot__atomic_replace_ptr((const void **) (void *) (p), (old), (v))
static inline int allot__atomic_replace_ptr(const void **p, const void *old, const void *v)
{
	return __atomic_compare_exchange_n(p, &old, v, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
}
#define ALLOT__ATOMIC_TAKE(p) __atomic_fetch_add((p), 1, __ATOMIC_RELAXED)
#elif defined(_MSC_VER) && defined(_WIN64)
/* The intrinsics, declared as <intrin.h> does (which drags in every SIMD header). */
#ifdef __cplusplus
extern "C" {
#endif
__int64 _InterlockedExchangeAdd64(__int64 volatile *target, __int64 value);
__int64 _InterlockedCompareExchange64(__int64 volatile *target, __int64 value, __int64 expected);
__int64 _InterlockedExchange64(__int64 volatile *target, __int64 value);
void *_InterlockedExchangePointer(void *volatile *target, void *value);
void *_InterlockedCompareExchangePointer(void *volatile *target, void *value, void *expected);
#ifdef __cplusplus
}
#endif
#pragma intrinsic(_InterlockedExchangeAdd64, _InterlockedCompareExchange64, _InterlockedExchange64)
#pragma intrinsic(_InterlockedExchangePointer, _InterlockedCompareExchangePointer)
#define ALLOT__ATOMIC_ADD(p, n) \
	((void) _InterlockedExchangeAdd64((volatile __int64 *) (p), (__int64) (n)))
#define ALLOT__ATOMIC_LOAD(p) \
	((unsigned __int64) _InterlockedCompareExchange64((volatile __int64 *) (p), 0, 0))
#define ALLOT__ATOMIC_STORE(p, v) \
	((void) _InterlockedExchange64((volatile __int64 *) (p), (__int64) (v)))
#define ALLOT__ATOMIC_SWAP_FN(p, v, old, type) \
	((old) = (type) _InterlockedExchangePointer((void *volatile *) (p), (void *) (v)))
#define ALLOT__ATOMIC_LOAD_FN(p, type) \
	((type) _InterlockedCompareExchangePointer((void *volatile *) (p), NULL, NULL))
#define ALLOT__ATOMIC_LOAD_PTR(p) \
	_InterlockedCompareExchangePointer((void *volatile *) (void *) (p), NULL, NULL)
#define ALLOT__ATOMIC_REPLACE_PTR(p, old, v)                                               \
	(_InterlockedCompareExchangePointer((void *volatile *) (void *) (p), (void *) (v), \
	                                    (void *) (old)) == (old))
#define ALLOT__ATOMIC_TAKE(p) ((size_t) _InterlockedExchangeAdd64((volatile __int64 *) (p), 1))
#else
#define ALLOT__ATOMIC_ADD(p, n)                ((void) (*(p) += (n)))
#define ALLOT__ATOMIC_LOAD(p)                  (*(p))
#define ALLOT__ATOMIC_STORE(p, v)              ((void) (*(p) = (v)))
#define ALLOT__ATOMIC_SWAP_FN(p, v, old, type) ((void) ((old) = *(p)), (void) (*(p) = (v)))
#define ALLOT__ATOMIC_LOAD_FN(p, type)         (*(p))
#define ALLOT__ATOMIC_LOAD_PTR(p)              (*(p))
#define ALLOT__ATOMIC_REPLACE_PTR(p, old, v)   (*(p) != (old) ? 0 : ((*(p) = (v)), 1))
#define ALLOT__ATOMIC_TAKE(p)                  ((*(p))++)
#endif

#if ALLOT__GNUC
#define ALLOT__COUNTER(name) __extension__ unsigned long long name __attribute__((aligned(8)))
#if (defined(__GCC_ATOMIC_LLONG_LOCK_FREE) && __GCC_ATOMIC_LLONG_LOCK_FREE == 2) || \
    defined(__GCC_HAVE_SYNC_COMPARE_AND_SWAP_8)
#define ALLOT__COUNTER_ADD(p, n)   ALLOT__ATOMIC_ADD(p, n)
#define ALLOT__COUNTER_LOAD(p)     ALLOT__ATOMIC_LOAD(p)
#define ALLOT__COUNTER_STORE(p, v) ALLOT__ATOMIC_STORE(p, v)
#endif
#elif defined(_MSC_VER) && defined(_WIN64)
#define ALLOT__COUNTER(name)       unsigned __int64 name
#define ALLOT__COUNTER_ADD(p, n)   ALLOT__ATOMIC_ADD(p, n)
#define ALLOT__COUNTER_LOAD(p)     ALLOT__ATOMIC_LOAD(p)
#define ALLOT__COUNTER_STORE(p, v) ALLOT__ATOMIC_STORE(p, v)
#else
#define ALLOT__COUNTER(name) unsigned long long name
#endif
#ifndef ALLOT__COUNTER_ADD
#define ALLOT__COUNTER_ADD(p, n)   ((void) (*(p) += (n)))
#define ALLOT__COUNTER_LOAD(p)     (*(p))
#define ALLOT__COUNTER_STORE(p, v) ((void) (*(p) = (v)))
#endif

#endif /* ALLOT_COMPILER_H */

/* ---- alloca (outside the include guard: read again by whoever wants it) --------- */

/*
 * ALLOT__ALLOCA(n): n bytes in the caller's stack frame, for the alloca array strategy
 * only: strategies/array_alloca.h defines ALLOT__WANT_ALLOCA and includes this header
 * (again), so that no other build includes an alloca header. GNU C's builtin needs no
 * header; Windows compilers spell it _alloca in <malloc.h>; elsewhere <alloca.h>, unless
 * the host says it has none (ALLOT_HAVE_ALLOCA_H=0, as Git's HAVE_ALLOCA_H). GCC 6 and
 * clang also have the builtin with an alignment (in bits: 128, max_align_t's), which
 * they turn into a slot of the frame when n is a constant, as for a local array.
 */
#if defined(ALLOT__WANT_ALLOCA) && !defined(ALLOT__ALLOCA)
#if ALLOT__GNUC && (__GNUC__ >= 6 || defined(__clang__))
#define ALLOT__ALLOCA(n) __builtin_alloca_with_align((n), 128)
#elif ALLOT__GNUC
#define ALLOT__ALLOCA(n) __builtin_alloca(n)
#elif defined(_WIN32)
#include <malloc.h>
#define ALLOT__ALLOCA(n) _alloca(n)
#elif !defined(ALLOT_HAVE_ALLOCA_H) || ALLOT_HAVE_ALLOCA_H
#include <alloca.h>
#define ALLOT__ALLOCA(n) alloca(n)
#else
#error \
    "ALLOT_ARRAY_STRATEGY=ALLOT_ARRAY_ALLOCA needs alloca, which this system lacks: choose ALLOT_ARRAY_INLINE or ALLOT_ARRAY_HEAP"
#endif
#endif
