/* SPDX-License-Identifier: MIT */
/*
 * strbuf_addf: the loose-object enumeration from Git's strbuf_addf thread. For each of
 * N object names, build "objects/xx/<38 hex digits>" from the raw object id, five ways:
 *
 *   addf("%s/%s")   allot_path_addf(p, "%s/%s", "xx", rest) after "objects/"
 *   addf("%02x/%s") allot_path_addf(p, "%02x/%s", byte, rest) after "objects/"
 *   add             allot_path_add of "xx", '/', and the 38 digits
 *   addstr          the same with allot_path_addstr
 *   addhex          allot_path_addhex straight from the raw bytes
 *
 * Every way must build the same paths: a checksum of them all, taken in a pass of its
 * own so that checking costs the timed pass nothing. Each way is timed over all N names;
 * the ways run in a rotating order, and tools/allot-tune runs this program several
 * times and takes medians. The addf names end in the formatter: /builtin (allot's, with
 * path_format=builtin), /libc, or on MinGW /mingw (MinGW's own printf, the default) or
 * /msvcrt (-D__USE_MINGW_ANSI_STDIO=0). Built with STRBUF_ADDF_ONLY, only the addf ways
 * run (the builds that differ in the formatter alone: the other ways do not format);
 * with STRBUF_ADDF_OTHERS, only the other ways.
 *
 *   strbuf_addf [--names N]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (benches/bench.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/alloc.h"
#include "benches/bench.h"
#include "benches/names.h"

#if ALLOT_PATH_FORMAT == ALLOT_PATH_FORMAT_BUILTIN
#define FORMATTER "builtin"
#elif defined(__MINGW32__) && __USE_MINGW_ANSI_STDIO
#define FORMATTER "mingw"
#elif defined(__MINGW32__)
#define FORMATTER "msvcrt"
#else
#define FORMATTER "libc"
#endif

enum way { ADDF_S_S, ADDF_02X_S, ADD, ADDSTR, ADDHEX, NWAYS };

static const char *const way_names[NWAYS] = {
    "addf(\"%s/%s\")/" FORMATTER, "addf(\"%02x/%s\")/" FORMATTER, "add", "addstr", "addhex",
};

/*
 * Builds every name's path one way. With check, returns the checksum of all the paths;
 * without, something that depends on every path, so that no call can be left out.
 */
static uint64_t build_all(enum way way, const struct names *n, struct allot_path *p, int check)
{
	size_t base, i;
	uint64_t h = BENCH_CHECKSUM_INIT;

	allot_path_reset(p);
	allot_path_addstr(p, PREFIX);
	base = p->len;
	for (i = 0; i < n->nr; i++) {
		allot_path_setlen(p, base);
		switch (way) {
		case ADDF_S_S:
			allot_path_addf(p, "%s/%s", n->dir[i], n->rest[i]);
			break;
		case ADDF_02X_S:
			allot_path_addf(p, "%02x/%s", n->raw[i][0], n->rest[i]);
			break;
		case ADD:
			allot_path_add(p, n->dir[i], 2);
			allot_path_addch(p, '/');
			allot_path_add(p, n->rest[i], 2 * RAWSZ - 2);
			break;
		case ADDSTR:
			allot_path_addstr(p, n->dir[i]);
			allot_path_addch(p, '/');
			allot_path_addstr(p, n->rest[i]);
			break;
		default:
			allot_path_addhex(p, n->raw[i], 1);
			allot_path_addch(p, '/');
			allot_path_addhex(p, n->raw[i] + 1, RAWSZ - 1);
			break;
		}
		if (check)
			h = bench_checksum(h, p->buf, p->len);
		else
			h += (unsigned char) p->buf[p->len - 1];
	}
	return h;
}

int main(int argc, char **argv)
{
	struct allot_path path = ALLOT_PATH_INIT;
	struct names names;
	size_t nr = 500000;
	int i, rotate;
	uint64_t sink = 0;

	for (i = 1; i < argc; i++) {
		if (!bench_count_option(argc, argv, &i, "--names", &nr)) {
			fprintf(stderr, "usage: strbuf_addf [--names N]\n");
			return 2;
		}
	}
	make_names(&names, nr);
	printf("allot: %s\n", allot_config());
	rotate = (int) (bench_now_ns() % NWAYS); /* each run starts with another way */
	for (i = 0; i < NWAYS; i++) {
		enum way way = (enum way)((i + rotate) % NWAYS);
		uint64_t start, elapsed, h;

#ifdef STRBUF_ADDF_ONLY
		if (way != ADDF_S_S && way != ADDF_02X_S)
			continue;
#elif defined(STRBUF_ADDF_OTHERS)
		if (way == ADDF_S_S || way == ADDF_02X_S)
			continue;
#endif
		BENCH_COUNT_START();
		start = bench_now_ns();
		sink += build_all(way, &names, &path, 0);
		elapsed = bench_now_ns() - start;
		BENCH_COUNT_STOP(way_names[way]);
		h = build_all(way, &names, &path, 1);
		printf("result: name=%s toolchain=%s checks=%s entries=%llu ns=%llu "
		       "checksum=%016llx\n",
		       way_names[way], BENCH_TOOLCHAIN, ALLOT_CHECKS ? "on" : "off",
		       (unsigned long long) nr, (unsigned long long) elapsed,
		       (unsigned long long) h);
	}
	if (sink == 42) /* never: keeps the timed passes' result alive */
		printf("\n");
	allot_path_release(&path);
	free_names(&names);
	return 0;
}
