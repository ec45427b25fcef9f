/* SPDX-License-Identifier: MIT */
/* The array knobs' link-time check (alloc/config.h): the heap side of ALLOT_ARRAY is inline, in alloc/array.h. */
#include "alloc/array.h"
#include "alloc/internal.h"

/* What the headers' translation units refer to (alloc/config.h, "Matching the library"). */
void ALLOT__ARRAY_BUILT_WITH(void)
{
}
