/* Counters and allot_config() (see alloc/stats.h). */
#include <string.h>

#include "alloc/internal.h"

struct allot_stats allot__stats;

void allot_stats_get(struct allot_stats *out)
{
#define GET(f, what) out->f = ALLOT__ATOMIC_LOAD(&allot__stats.f);
	ALLOT__STATS_COUNTERS(GET)
#undef GET
}

void allot_stats_reset(void)
{
#define RESET(f, what) ALLOT__ATOMIC_STORE(&allot__stats.f, 0);
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

#define ALLOT__STR_(x) #x
#define ALLOT__STR(x)  ALLOT__STR_(x)

#if ALLOT_ARRAY_STRATEGY == ALLOT_ARRAY_HEAP
#define ARRAY_NAME "heap"
#elif ALLOT_ARRAY_STRATEGY == ALLOT_ARRAY_ALLOCA
#define ARRAY_NAME "alloca"
#else
#define ARRAY_NAME "inline"
#endif

#if ALLOT_POOL_STRATEGY == ALLOT_POOL_MALLOC
#define POOL_NAME "malloc"
#else
#define POOL_NAME "arena"
#endif

#if ALLOT_PATH_STORE == ALLOT_PATH_STORE_HEAP
#define STORE_NAME "heap"
#else
#define STORE_NAME "inline"
#endif

#if ALLOT_PATH_FORMAT == ALLOT_PATH_FORMAT_LIBC
#define FORMAT_NAME "libc"
#else
#define FORMAT_NAME "builtin"
#endif

#if ALLOT_STATS
#define ALLOT__STATS_NAME "on"
#else
#define ALLOT__STATS_NAME "off"
#endif

const char *allot_config(void)
{
	return "array=" ARRAY_NAME
	       ":" ALLOT__STR(ALLOT_ARRAY_INLINE_MAX) " pool=" POOL_NAME " path=" STORE_NAME
	                                              "," FORMAT_NAME " malloc=" ALLOT_MALLOC_NAME
	                                              " stats=" ALLOT__STATS_NAME;
}
