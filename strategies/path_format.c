/* SPDX-License-Identifier: MIT */
/*
 * strategies/path_format.c: the formatter that ALLOT_PATH_FORMAT names, for the files of
 * alloc/ that format (path.c, format.c), which include this file (alloc/format_internal.h
 * says what a formatter defines).
 */
#include "alloc/format_internal.h"

#ifdef ALLOT__STRATEGY_CODE
#if ALLOT_PATH_FORMAT == ALLOT_PATH_FORMAT_BUILTIN
#include "strategies/path_format_builtin.c"
#elif ALLOT_PATH_FORMAT == ALLOT_PATH_FORMAT_LIBC
#include "strategies/path_format_libc.c"
#endif
#endif
