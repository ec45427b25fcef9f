/* SPDX-License-Identifier: MIT */
/*
 * alloc/alloc.h: all of allot. See each header for its part of the contract:
 *
 *   alloc/config.h  the compile-time knobs that choose the strategies
 *   alloc/die.h     what happens on overflow, out-of-memory and misuse
 *   alloc/array.h   ALLOT_ARRAY: small arrays of a run-time count
 *   alloc/pool.h    struct allot_pool: objects freed all at once
 *   alloc/path.h    struct allot_path: growing path strings
 *   alloc/format.h  the printf family, for the host's own buffers and streams
 *   alloc/stats.h   counters, and allot_config()
 */
#ifndef ALLOT_ALLOC_H
#define ALLOT_ALLOC_H

#include "alloc/config.h"
#include "alloc/die.h"
#include "alloc/array.h"
#include "alloc/pool.h"
#include "alloc/path.h"
#include "alloc/format.h"
#include "alloc/stats.h"

#endif /* ALLOT_ALLOC_H */
