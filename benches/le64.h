/* SPDX-License-Identifier: MIT */
/*
 * bench_le64(x): the 64-bit word x converted between the CPU's byte order and little-endian:
 * itself on little-endian CPUs, its bytes swapped on big-endian ones (s390x). What the
 * benchmarks make of words as bytes (object ids, checksums) is then the same on every CPU,
 * and a little-endian CPU runs the same instructions as without it.
 */
#ifndef ALLOT_BENCHES_LE64_H
#define ALLOT_BENCHES_LE64_H

#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define bench_le64(x) __builtin_bswap64(x)
#else
#define bench_le64(x) (x)
#endif

#endif /* ALLOT_BENCHES_LE64_H */
