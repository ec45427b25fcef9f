/* SPDX-License-Identifier: MIT */
/* Counters and allot_config() (see alloc/stats.h). */
#include <string.h>

#include "alloc/stats.h"
#include "alloc/internal.h"

struct allot__counters allot__stats;

void allot_stats_get(struct allot_stats *out)
{
#define GET(f, what) out->f = ALLOT__COUNTER_LOAD(&allot__stats.f);
	ALLOT__STATS_COUNTERS(GET)
#undef GET
}

void allot_stats_reset(void)
{
#define RESET(f, what) ALLOT__COUNTER_STORE(&allot__stats.f, 0);
	ALLOT__STATS_COUNTERS(RESET)
#undef RESET
}

void allot_stats_print(FILE *out)
{
	struct allot_stats s;

	allot_stats_get(&s);
#define PRINT(f, what) fprintf(out, "%-19s %llu\n", #f, (unsigned long long) s.f);
	ALLOT__STATS_COUNTERS(PRINT)
#undef PRINT
}

/*
 * The form is alloc/knobs.bzl's CONFIG, the one spelling of a configuration
 * ("array=alloca:2 pool=arena path=heap,builtin malloc=system stats=off").
 */
#define NAME(knob) ALLOT__KNOB_NAME(knob)
#define ARRAY      NAME(ALLOT_ARRAY_STRATEGY) ":" ALLOT__STRING(ALLOT_ARRAY_INLINE_MAX)
#define PATH       NAME(ALLOT_PATH_STORE) "," NAME(ALLOT_PATH_FORMAT)
#define POOL       NAME(ALLOT_POOL_STRATEGY)
#define BACKEND    ALLOT_MALLOC_NAME
#define STATS      ALLOT__SWITCH_NAME(ALLOT_STATS)

const char *allot_config(void)
{
	return "array=" ARRAY " pool=" POOL " path=" PATH " malloc=" BACKEND " stats=" STATS;
}
