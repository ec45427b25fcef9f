/* SPDX-License-Identifier: MIT */
/*
 * benches/peers_main.h: the patterns of //benches:peers, for the ways one program
 * defines. Each benches/peers/peers_*.c includes benches/peers.h, defines its ways, then
 * includes this file, which times them
 * (and, under callgrind, counts their instructions) and prints one result line per
 * pattern and way:
 *
 *   result: name=<way> pattern=<pattern> toolchain=<t> entries=<n> ns=<ns> checksum=<hex>
 *
 * The patterns, and what a program defines for them (static, so that every call inlines
 * as it would in a user's program):
 *
 *   pool/million  PEER_POOL "<way>", struct peer_pool and its four calls below: 1,000,000
 *                 objects of 16 to 128 bytes, then everything released, then one
 *                 4 KiB request (settle_heap). The first thing the process does, so that
 *                 it pays for fresh memory as a program does.
 *   pool/steady   the same pool: 1,024 such objects, then all freed, over and over.
 *   path/loose    PEER_PATH_WAYS(X), X("<way>", fn) for each way, with struct peer_path
 *                 and its calls: Git's loose-object loop, "objects/" then "xx/<38 digits>"
 *                 built by fn(path, first byte of the id, the other 38 digits) for each
 *                 name.
 *   path/dir      PEER_DIR_WAYS(X), X("<way>", fn), with PEER_PATH_WAYS: the same paths
 *                 from strings, "objects/" then "<dir>/<rest>" built by fn(path, "xx", the
 *                 other 38 digits), as a "%s/%s" format builds them.
 *   line/raw      PEER_LINE_WAYS(X), X("<way>", fn), with the path calls above: Git's raw
 *                 diff line (RAW_LINE_FORMAT, two modes, two 40-digit ids, a status),
 *                 built by fn(path, mode1, mode2, oid1, oid2, status) into the path
 *                 emptied, for every other name.
 *   stream/raw,   PEER_STREAM_WAYS(X), X("<way>", fn), fn a function of fprintf's type:
 *   stream/loose  the raw line and a newline, or "objects/xx/<38 digits>" and a newline,
 *                 written by fn to a FILE with a 1 MiB buffer (on the null device, and
 *                 to a temporary file for the checksum).
 *   array/2       PEER_ARRAY_WAYS(X), X("<way>", fn): fn(nr, in) declares an array of nr
 *                 (1 or 2) 16-byte elements, fills it from in and returns
 *                 array_work()'s hash of it; one call per count.
 *
 * Every way of a pattern must produce the same checksum (tools/allot-tune checks);
 * the time covers everything the pattern does, checksum included, so every way pays the
 * same for it.
 *
 * Each pattern but pool/million is timed --repeats times in the process (default 5),
 * its ways interleaved, and reports its median pass: a pass the machine interrupted
 * moves it little. Under callgrind each way runs once: its instructions are the same
 * every time.
 *
 *   peers_* [--objects N] [--rounds N] [--names N] [--calls N] [--repeats N]
 */
#ifndef ALLOT_BENCHES_PEERS_MAIN_H
#define ALLOT_BENCHES_PEERS_MAIN_H

#include "benches/peers.h"

struct options {
	size_t objects; /* pool/million */
	size_t rounds;  /* pool/steady: rounds of STEADY_OBJECTS */
	size_t names;   /* path/loose */
	size_t calls;   /* array/2 */
	size_t repeats; /* timed passes of each way of a pattern other than pool/million */
};

#define STEADY_OBJECTS 1024
#define MAX_REPEATS    99

/*
 * The median of the n times at ns (n <= MAX_REPEATS; reorders them): a pass that the
 * machine interrupted moves it less than it moves the mean.
 */
static uint64_t median_ns(uint64_t *ns, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && ns[j - 1] > ns[j]; j--) {
			uint64_t t = ns[j];

			ns[j] = ns[j - 1];
			ns[j - 1] = t;
		}
	return n % 2 ? ns[n / 2] : (ns[n / 2 - 1] + ns[n / 2]) / 2;
}

static void report(const char *pattern, const char *way, size_t entries, uint64_t ns,
                   uint64_t checksum)
{
	printf("result: name=%s pattern=%s toolchain=%s entries=%llu ns=%llu checksum=%016llx\n",
	       way, pattern, BENCH_TOOLCHAIN, (unsigned long long) entries, (unsigned long long) ns,
	       (unsigned long long) checksum);
}

/* Starts a timed and counted section. */
static uint64_t section_start(void)
{
	BENCH_COUNT_START();
	return bench_now_ns();
}

/* Ends the section section_start() began: its nanoseconds; callgrind dumps its counts. */
static uint64_t section_stop(const char *pattern, const char *way, uint64_t start)
{
	uint64_t ns = bench_now_ns() - start;
	char label[128];

	snprintf(label, sizeof(label), "%s %s", pattern, way);
	BENCH_COUNT_STOP(label);
	return ns;
}

#ifdef PEER_POOL
/*
 * The pool calls a program defines: init makes an empty pool; clear frees the n objects
 * at ptrs (the pool's own way, or one by one) and keeps the pool usable; release frees
 * them and every byte the pool holds.
 *
 *   static void peer_pool_init(struct peer_pool *pool);
 *   static void *peer_pool_alloc(struct peer_pool *pool, size_t len);
 *   static void peer_pool_clear(struct peer_pool *pool, void **ptrs, size_t n);
 *   static void peer_pool_release(struct peer_pool *pool, void **ptrs, size_t n);
 */
static size_t object_size(size_t i)
{
	return 16 + (i * 37) % 113;
}

/* Allocates n objects into ptrs, writes each one's first 8 and last byte, reads them back. */
static uint64_t pool_fill(struct peer_pool *pool, void **ptrs, size_t n, uint64_t salt)
{
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		size_t len = object_size(i);
		unsigned char *o = peer_pool_alloc(pool, len);
		uint64_t v = i + salt;

		memcpy(o, &v, 8);
		o[len - 1] = (unsigned char) i;
		ptrs[i] = o;
	}
	for (i = 0; i < n; i++) {
		unsigned char *o = ptrs[i];
		uint64_t v;

		memcpy(&v, o, 8);
		sum = sum * 31 + v + o[object_size(i) - 1];
	}
	return sum;
}

static void **pointers(size_t n)
{
	void **ptrs = calloc(n, sizeof(*ptrs));

	if (!ptrs) {
		fprintf(stderr, "peers: out of memory\n");
		exit(1);
	}
	return ptrs;
}

/*
 * The first large request after a release pays for what the heap deferred: glibc
 * consolidates the small blocks its free kept aside there (stdio's 4 KiB buffer, in a
 * program that prints next). The million's section ends after one, for every way, so
 * that a way's time holds the heap work its release caused.
 */
static void settle_heap(void)
{
	void *volatile p = malloc(4096);

	free(p);
}

static void pool_million(const struct options *o)
{
	void **ptrs = pointers(o->objects);
	struct peer_pool pool;
	uint64_t start, sum;

	memset(ptrs, 1, o->objects * sizeof(*ptrs)); /* its pages are not the pattern's */
	start = section_start();
	peer_pool_init(&pool);
	sum = pool_fill(&pool, ptrs, o->objects, 0);
	peer_pool_release(&pool, ptrs, o->objects);
	settle_heap();
	report("pool/million", PEER_POOL, o->objects,
	       section_stop("pool/million", PEER_POOL, start),
	       bench_checksum(BENCH_CHECKSUM_INIT, (const char *) &sum, 8));
	free(ptrs);
}

/* pool/steady, o->repeats times: the median pass's time. */
static void pool_steady(const struct options *o)
{
	void **ptrs = pointers(STEADY_OBJECTS);
	uint64_t ns[MAX_REPEATS], sum = 0;
	size_t r, k;

	for (k = 0; k < o->repeats; k++) {
		struct peer_pool pool;
		uint64_t start = section_start();

		sum = 0;
		peer_pool_init(&pool);
		for (r = 0; r < o->rounds; r++) {
			sum += pool_fill(&pool, ptrs, STEADY_OBJECTS, r);
			peer_pool_clear(&pool, ptrs, STEADY_OBJECTS);
		}
		peer_pool_release(&pool, ptrs, 0);
		ns[k] = section_stop("pool/steady", PEER_POOL, start);
	}
	report("pool/steady", PEER_POOL, o->rounds * STEADY_OBJECTS, median_ns(ns, o->repeats),
	       bench_checksum(BENCH_CHECKSUM_INIT, (const char *) &sum, 8));
	free(ptrs);
}
#endif /* PEER_POOL */

#if defined(PEER_PATH_WAYS) || defined(PEER_ARRAY_WAYS) || defined(PEER_LINE_WAYS) || \
    defined(PEER_STREAM_WAYS)
/* A way of a pattern other than pools: its name and the pass that runs it once. */
struct way {
	const char *name;
	uint64_t (*pass)(const void *input, size_t entries, int check);
};

#define MAX_WAYS 16

/*
 * Times each way repeats times, interleaved: every repeat runs each way once, in an order
 * rotated by the clock and by the repeat (each starts with another). A way's time is
 * its median pass. Then runs each way again with check for its checksum: checking costs
 * the timed passes nothing.
 */
static void run_ways(const char *pattern, const struct way *ways, size_t nways, const void *input,
                     size_t entries, size_t repeats)
{
	static uint64_t ns[MAX_WAYS][MAX_REPEATS];
	size_t i, r, rotate = (size_t) (bench_now_ns() % nways);
	uint64_t sink = 0;

	if (nways > MAX_WAYS) {
		fprintf(stderr, "peers: %s has more than %d ways\n", pattern, MAX_WAYS);
		exit(1);
	}
	for (r = 0; r < repeats; r++)
		for (i = 0; i < nways; i++) {
			size_t k = (i + rotate + r) % nways;
			uint64_t start = section_start();

			sink += ways[k].pass(input, entries, 0);
			ns[k][r] = section_stop(pattern, ways[k].name, start);
		}
	for (i = 0; i < nways; i++)
		report(pattern, ways[i].name, entries, median_ns(ns[i], repeats),
		       ways[i].pass(input, entries, 1));
	if (sink == 42) /* never: keeps the timed passes' results alive */
		printf("\n");
}

/*
 * run_ways over the ways that WAYS lists as X(way, fn), each a row ROW(way, fn) of
 * struct way (WAY_PASS: fn's pass is fn##_pass).
 */
#define RUN_WAYS(pattern, WAYS, ROW, input, entries, repeats)                              \
	do {                                                                               \
		static const struct way ways_[] = {WAYS(ROW)};                             \
		run_ways(pattern, ways_, sizeof(ways_) / sizeof(ways_[0]), input, entries, \
		         repeats);                                                         \
	} while (0)
#define WAY_PASS(way, fn) {way, fn##_pass},
#endif

#if defined(PEER_PATH_WAYS) || defined(PEER_LINE_WAYS) || defined(PEER_STREAM_WAYS)
#include "benches/names.h"

/* The raw lines' arguments: for line i, names i and its neighbour, full ids in hex. */
struct lines {
	struct names names;
	char (*hex)[2 * RAWSZ + 1];
};

static void make_lines(struct lines *l, size_t nr)
{
	size_t i;

	make_names(&l->names, nr);
	l->hex = malloc(nr * sizeof(*l->hex));
	if (!l->hex) {
		fprintf(stderr, "peers: out of memory\n");
		exit(1);
	}
	for (i = 0; i < nr; i++) {
		memcpy(l->hex[i], l->names.dir[i], 2);
		memcpy(l->hex[i] + 2, l->names.rest[i], 2 * RAWSZ - 1);
	}
}

static void free_lines(struct lines *l)
{
	free_names(&l->names);
	free(l->hex);
}

/* Line i's arguments, in RAW_LINE_FORMAT's order. */
#define LINE_ARGS(l, i)                                                             \
	(i) % 7 ? 0100644u : 0100755u, (i) % 11 ? 0100644u : 0120000u, (l)->hex[i], \
	    (l)->hex[((i) + 1) % (l)->names.nr], "MAM"[(i) % 3]
#endif

#if defined(PEER_PATH_WAYS) || defined(PEER_LINE_WAYS)
/*
 * fn's pass over nr lines (in): the path started by start, then per line cut back to
 * where start left it and call; the checksum of every result (check) or of its last
 * bytes (timed).
 */
#define BUILDER_PASS(fn, start, call)                                                          \
	static uint64_t fn##_pass(const void *input, size_t nr, int check)                     \
	{                                                                                      \
		const struct lines *in = input;                                                \
		struct peer_path p;                                                            \
		uint64_t h = BENCH_CHECKSUM_INIT;                                              \
		size_t base, i;                                                                \
                                                                                               \
		peer_path_init(&p);                                                            \
		start;                                                                         \
		base = peer_path_len(&p);                                                      \
		for (i = 0; i < nr; i++) {                                                     \
			peer_path_setlen(&p, base);                                            \
			call;                                                                  \
			if (check)                                                             \
				h = bench_checksum(h, peer_path_buf(&p), peer_path_len(&p));   \
			else                                                                   \
				h += (unsigned char) peer_path_buf(&p)[peer_path_len(&p) - 1]; \
		}                                                                              \
		peer_path_release(&p);                                                         \
		return h;                                                                      \
	}
#endif

#ifdef PEER_PATH_WAYS

/*
 * The path calls a program defines, with its ways:
 *
 *   static void peer_path_init(struct peer_path *p);
 *   static void peer_path_start(struct peer_path *p, const char *prefix); (the path is prefix)
 *   static void peer_path_setlen(struct peer_path *p, size_t len);
 *   static const char *peer_path_buf(const struct peer_path *p);
 *   static size_t peer_path_len(const struct peer_path *p);
 *   static void peer_path_release(struct peer_path *p);
 *   static void fn(struct peer_path *p, const unsigned char *raw, const char *rest);
 *       (appends "xx/<rest>", xx being raw[0] in hex)
 */
#define PATH_PASS(way, fn) \
	BUILDER_PASS(fn, peer_path_start(&p, PREFIX), fn(&p, in->names.raw[i], in->names.rest[i]))
PEER_PATH_WAYS(PATH_PASS)
#undef PATH_PASS

#ifdef PEER_DIR_WAYS
/*   static void fn(struct peer_path *p, const char *dir, const char *rest);
 *       (appends "<dir>/<rest>") */
#define DIR_PASS(way, fn) \
	BUILDER_PASS(fn, peer_path_start(&p, PREFIX), fn(&p, in->names.dir[i], in->names.rest[i]))
PEER_DIR_WAYS(DIR_PASS)
#undef DIR_PASS
#endif

#endif /* PEER_PATH_WAYS */

#ifdef PEER_LINE_WAYS
#define LINE_PASS(way, fn) BUILDER_PASS(fn, (void) 0, fn(&p, LINE_ARGS(in, i)))
PEER_LINE_WAYS(LINE_PASS)
#undef LINE_PASS

#endif /* PEER_LINE_WAYS */

#ifdef PEER_STREAM_WAYS
/*
 * Where a pass writes, with a large buffer: with check, a temporary file to read back;
 * timed, the null device, so that the figures are the formatting and the FILE's, not
 * the file system's.
 */
#if defined(_WIN32)
#define NULL_DEVICE "NUL"
#else
#define NULL_DEVICE "/dev/null"
#endif
static FILE *stream_open(int check)
{
	FILE *out = check ? tmpfile() : fopen(NULL_DEVICE, "w");

	if (!out || setvbuf(out, NULL, _IOFBF, 1 << 20)) {
		fprintf(stderr, "peers: no temporary file\n");
		exit(1);
	}
	return out;
}

/* Closes out; with check, the checksum of what was written, else its length. */
static uint64_t stream_close(FILE *out, int check)
{
	uint64_t h = BENCH_CHECKSUM_INIT;
	char buf[1 << 16];
	size_t n;

	if (fflush(out) || ferror(out)) {
		fprintf(stderr, "peers: a stream failed\n");
		exit(1);
	}
	if (!check) {
		h = (uint64_t) ftell(out);
		fclose(out);
		return h;
	}
	rewind(out);
	while ((n = fread(buf, 1, sizeof(buf), out)) > 0)
		h = bench_checksum(h, buf, n);
	fclose(out);
	return h;
}

/* A stream pass named name: write, for each line i of l, to out. */
#define STREAM_PASS(name, write)                                      \
	static uint64_t name(const void *input, size_t nr, int check) \
	{                                                             \
		const struct lines *l = input;                        \
		FILE *out = stream_open(check);                       \
		size_t i;                                             \
                                                                      \
		for (i = 0; i < nr; i++)                              \
			write;                                        \
		return stream_close(out, check);                      \
	}
#define STREAM_PASSES(way, fn)                                                     \
	STREAM_PASS(fn##_raw_pass, fn(out, RAW_LINE_FORMAT "\n", LINE_ARGS(l, i))) \
	STREAM_PASS(fn##_loose_pass,                                               \
	            fn(out, "objects/%02x/%s\n", l->names.raw[i][0], l->names.rest[i]))
PEER_STREAM_WAYS(STREAM_PASSES)
#undef STREAM_PASSES

#define RAW_PASS(way, fn)   {way, fn##_raw_pass},
#define LOOSE_PASS(way, fn) {way, fn##_loose_pass},

#endif /* PEER_STREAM_WAYS */

#if defined(PEER_PATH_WAYS) || defined(PEER_LINE_WAYS) || defined(PEER_STREAM_WAYS)
/* The patterns over names and lines, on the same ones. */
static void strings(const struct options *o)
{
	struct lines lines;

	make_lines(&lines, o->names);
#ifdef PEER_PATH_WAYS
	RUN_WAYS("path/loose", PEER_PATH_WAYS, WAY_PASS, &lines, o->names, o->repeats);
#endif
#ifdef PEER_DIR_WAYS
	RUN_WAYS("path/dir", PEER_DIR_WAYS, WAY_PASS, &lines, o->names, o->repeats);
#endif
#ifdef PEER_LINE_WAYS
	RUN_WAYS("line/raw", PEER_LINE_WAYS, WAY_PASS, &lines, o->names, o->repeats);
#endif
#ifdef PEER_STREAM_WAYS
	RUN_WAYS("stream/raw", PEER_STREAM_WAYS, RAW_PASS, &lines, o->names, o->repeats);
	RUN_WAYS("stream/loose", PEER_STREAM_WAYS, LOOSE_PASS, &lines, o->names, o->repeats);
#endif
	free_lines(&lines);
}
#endif

#ifdef PEER_ARRAY_WAYS
/*
 * Each way's fn, out of line (one call per array, as at a call site):
 *
 *   static PEER_NOINLINE uint64_t fn(size_t nr, const struct elem *in);
 */
#define ARRAY_PASS(way, fn)                                                    \
	static uint64_t fn##_pass(const void *input, size_t calls, int check)  \
	{                                                                      \
		const struct elem *in = input;                                 \
		size_t c;                                                      \
		uint64_t h = BENCH_CHECKSUM_INIT, sum = 0;                     \
                                                                               \
		for (c = 0; c < calls; c++) {                                  \
			uint64_t v = fn(1 + (c & 1), in + (c % ARRAY_INPUTS)); \
                                                                               \
			if (check)                                             \
				h = bench_checksum(h, (const char *) &v, 8);   \
			else                                                   \
				sum += v;                                      \
		}                                                              \
		return check ? h : sum;                                        \
	}
PEER_ARRAY_WAYS(ARRAY_PASS)
#undef ARRAY_PASS

static void array_2(const struct options *o)
{
	static struct elem in[ARRAY_INPUTS + 1]; /* the last one: a second element */
	size_t i;

	for (i = 0; i <= ARRAY_INPUTS; i++) {
		in[i].a = i * 0x9e3779b97f4a7c15ULL;
		in[i].b = ~i * 0xc2b2ae3d27d4eb4fULL;
	}
	RUN_WAYS("array/2", PEER_ARRAY_WAYS, WAY_PASS, in, o->calls, o->repeats);
}
#endif /* PEER_ARRAY_WAYS */

int main(int argc, char **argv)
{
	struct options o = {1000000, 2000, 500000, 10000000, 5};
	int i;

	for (i = 1; i < argc; i++) {
		if (!bench_count_option(argc, argv, &i, "--objects", &o.objects) &&
		    !bench_count_option(argc, argv, &i, "--rounds", &o.rounds) &&
		    !bench_count_option(argc, argv, &i, "--names", &o.names) &&
		    !bench_count_option(argc, argv, &i, "--calls", &o.calls) &&
		    !bench_count_option(argc, argv, &i, "--repeats", &o.repeats)) {
			fprintf(stderr,
			        "usage: %s [--objects N] [--rounds N] [--names N] [--calls N] "
			        "[--repeats N (at most %d)]\n",
			        argv[0], MAX_REPEATS);
			return 2;
		}
	}
	if (o.repeats > MAX_REPEATS) {
		fprintf(stderr, "peers: --repeats %llu: at most %d\n",
		        (unsigned long long) o.repeats, MAX_REPEATS);
		return 2;
	}
	if (BENCH_COUNTED())
		o.repeats = 1; /* callgrind adds up a section's counts: count each way once */
#ifdef PEER_CONFIG
	printf("allot: %s\n", PEER_CONFIG);
#endif
#ifdef PEER_POOL
	pool_million(&o); /* first: fresh memory */
	pool_steady(&o);
#endif
#if defined(PEER_PATH_WAYS) || defined(PEER_LINE_WAYS) || defined(PEER_STREAM_WAYS)
	strings(&o);
#endif
#ifdef PEER_ARRAY_WAYS
	array_2(&o);
#endif
	return 0;
}

#endif /* ALLOT_BENCHES_PEERS_MAIN_H */
