/*
 * tree_diff: what `git diff-tree -r A B` does with allocations and strings, on synthetic
 * trees (benches/trees.h), through allot.
 *
 * The walk goes through both trees in lockstep like Git's tree-diff. For every change
 * it takes the change's parents in an ALLOT_ARRAY (Git's FAST_ARRAY_ALLOC), builds the
 * path in an allot_path, and queues a record allocated from an allot_pool, as Git's
 * diff queue does. Then it formats Git's raw diff line for each record with
 * allot_path_addf, and checksums the output. The checksum is the same under every
 * strategy; the counts are checked against what the trees were built with.
 *
 * Built with TREE_DIFF_LIMIT, it is the floor instead: the same walk and the same output,
 * with every buffer allocated before the walk and the raw lines written by hand, so no
 * allocation or formatting call happens in the loop.
 *
 * It times the walk, the output and the release of what the diff allocated (not the
 * building of the trees, the same for every variant) and prints it on a "result:" line
 * for benches/interleave.py.
 *
 *   tree_diff [--entries N] [--shape flat|nested] [--output FILE] [--stats]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (benches/bench.h) */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/alloc.h"
#include "benches/bench.h"
#include "benches/trees.h"

static const unsigned char null_oid[OID_RAWSZ];

static void oid_to_hex(const unsigned char *oid, char *hex)
{
	static const char digits[] = "0123456789abcdef";
	int i;

	for (i = 0; i < OID_RAWSZ; i++) {
		hex[2 * i] = digits[oid[i] >> 4];
		hex[2 * i + 1] = digits[oid[i] & 0xf];
	}
	hex[2 * OID_RAWSZ] = '\0';
}

static void write_line(FILE *out, const char *line, size_t len)
{
	if (out && fwrite(line, 1, len, out) != len) {
		fprintf(stderr, "tree_diff: cannot write the output: %s\n", strerror(errno));
		exit(1);
	}
}

#ifndef TREE_DIFF_LIMIT

/* The old side of a change (Git keeps one per parent for combined diffs). */
struct parent {
	unsigned mode;
	unsigned char oid[OID_RAWSZ];
};

/* One queued change: allocated from the pool, path stored inline after it. */
struct change {
	struct change *next;
	const struct parent *parents;
	unsigned mode;
	unsigned char oid[OID_RAWSZ];
	char status;
	size_t pathlen;
	char path[];
};

struct walk {
	struct allot_pool pool;
	struct allot_path path; /* the current directory, then the changed path */
	struct change *head, **tail;
	size_t nparent;
	struct tree_truth found;
};

static void walk_init(struct walk *w, const struct tree_pair *pair)
{
	(void) pair;
	memset(w, 0, sizeof(*w));
	allot_pool_init(&w->pool, 0);
	allot_path_init(&w->path, 0);
	w->tail = &w->head;
	w->nparent = 1;
}

static void walk_release(struct walk *w)
{
	allot_pool_release(&w->pool);
	allot_path_release(&w->path);
}

/* Appends "name/" to the current directory; returns the length to go back to. */
static size_t enter_dir(struct walk *w, const struct tree_entry *e)
{
	size_t baselen = w->path.len;

	allot_path_add(&w->path, e->name, e->namelen);
	allot_path_addch(&w->path, '/');
	return baselen;
}

static void leave_dir(struct walk *w, size_t baselen)
{
	allot_path_setlen(&w->path, baselen);
}

static void queue_change(struct walk *w, const struct tree_entry *old, const struct tree_entry *new,
                         char status)
{
	size_t baselen = w->path.len, i;
	struct change *c;
	struct parent *kept;
	ALLOT_ARRAY(struct parent, parents, w->nparent);

	for (i = 0; i < w->nparent; i++) {
		parents[i].mode = old ? old->mode : 0;
		memcpy(parents[i].oid, old ? old->oid : null_oid, OID_RAWSZ);
	}
	allot_path_add(&w->path, (old ? old : new)->name, (old ? old : new)->namelen);

	c = allot_pool_alloc(&w->pool, sizeof(*c) + w->path.len + 1);
	kept = allot_pool_alloc(&w->pool, w->nparent * sizeof(*kept));
	memcpy(kept, parents, w->nparent * sizeof(*kept));
	c->next = NULL;
	c->parents = kept;
	c->mode = new ? new->mode : 0;
	memcpy(c->oid, new ? new->oid : null_oid, OID_RAWSZ);
	c->status = status;
	c->pathlen = w->path.len;
	memcpy(c->path, w->path.buf, w->path.len + 1);
	*w->tail = c;
	w->tail = &c->next;

	allot_path_setlen(&w->path, baselen);
	ALLOT_ARRAY_FREE(parents);
}

/* Formats Git's raw diff line for every queued change, like diff_flush_raw. */
static uint64_t flush_raw(struct walk *w, FILE *out)
{
	struct allot_path line = ALLOT_PATH_INIT;
	uint64_t h = BENCH_CHECKSUM_INIT;
	char old_hex[2 * OID_RAWSZ + 1], new_hex[2 * OID_RAWSZ + 1];
	const struct change *c;

	for (c = w->head; c; c = c->next) {
		oid_to_hex(c->parents[0].oid, old_hex);
		oid_to_hex(c->oid, new_hex);
		allot_path_reset(&line);
		allot_path_addf(&line, ":%06o %06o %s %s %c\t%s\n", c->parents[0].mode, c->mode,
		                old_hex, new_hex, c->status, c->path);
		h = bench_checksum(h, line.buf, line.len);
		write_line(out, line.buf, line.len);
	}
	allot_path_release(&line);
	return h;
}

#define VARIANT_NAME NULL /* named by its strategies */

#else /* TREE_DIFF_LIMIT: everything allocated up front, lines written by hand */

#define LIMIT_PATH_MAX 4096

struct limit_change {
	const struct tree_entry *old, *new;
	size_t path_at, pathlen;
	char status;
};

struct walk {
	char *path; /* the current directory, LIMIT_PATH_MAX bytes */
	size_t pathlen;
	struct limit_change *changes;
	size_t nr, cap;
	char *paths; /* every changed path, back to back */
	size_t paths_len, paths_cap;
	struct tree_truth found;
};

static void *xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		fprintf(stderr, "tree_diff: out of memory (%zu bytes)\n", n);
		exit(1);
	}
	return p;
}

/* Room for the worst case: every file of both trees changed, with the longest path. */
static void walk_init(struct walk *w, const struct tree_pair *pair)
{
	size_t files = pair->truth.added + pair->truth.deleted + pair->truth.modified;

	memset(w, 0, sizeof(*w));
	w->path = xmalloc(LIMIT_PATH_MAX);
	w->cap = files;
	w->changes = xmalloc(w->cap * sizeof(*w->changes));
	w->paths_cap = files * 64;
	w->paths = xmalloc(w->paths_cap);
	/* Fault the pages in now: the floor pays for no allocation, the kernel's included. */
	memset(w->changes, 0, w->cap * sizeof(*w->changes));
	memset(w->paths, 0, w->paths_cap);
}

static void walk_release(struct walk *w)
{
	free(w->path);
	free(w->changes);
	free(w->paths);
}

static size_t enter_dir(struct walk *w, const struct tree_entry *e)
{
	size_t baselen = w->pathlen;

	if (baselen + e->namelen + 1 > LIMIT_PATH_MAX) {
		fprintf(stderr, "tree_diff: path too deep for the limit variant\n");
		exit(1);
	}
	memcpy(w->path + baselen, e->name, e->namelen);
	w->path[baselen + e->namelen] = '/';
	w->pathlen = baselen + e->namelen + 1;
	return baselen;
}

static void leave_dir(struct walk *w, size_t baselen)
{
	w->pathlen = baselen;
}

static void queue_change(struct walk *w, const struct tree_entry *old, const struct tree_entry *new,
                         char status)
{
	const struct tree_entry *e = old ? old : new;
	struct limit_change *c;

	if (w->nr == w->cap || w->paths_len + w->pathlen + e->namelen > w->paths_cap) {
		fprintf(stderr, "tree_diff: more changes than the limit variant made room for\n");
		exit(1);
	}
	c = &w->changes[w->nr++];
	c->old = old;
	c->new = new;
	c->status = status;
	c->path_at = w->paths_len;
	memcpy(w->paths + w->paths_len, w->path, w->pathlen);
	memcpy(w->paths + w->paths_len + w->pathlen, e->name, e->namelen);
	c->pathlen = w->pathlen + e->namelen;
	w->paths_len += c->pathlen;
}

static char *put_mode(char *out, unsigned mode)
{
	int shift;

	for (shift = 15; shift >= 0; shift -= 3)
		*out++ = (char) ('0' + ((mode >> shift) & 7));
	return out;
}

/* The same bytes as the allot variant's "%06o %06o %s %s %c\t%s\n", written by hand. */
static uint64_t flush_raw(struct walk *w, FILE *out)
{
	char *line = xmalloc(LIMIT_PATH_MAX + 128);
	uint64_t h = BENCH_CHECKSUM_INIT;
	size_t i;

	for (i = 0; i < w->nr; i++) {
		const struct limit_change *c = &w->changes[i];
		char *end = line;

		*end++ = ':';
		end = put_mode(end, c->old ? c->old->mode : 0);
		*end++ = ' ';
		end = put_mode(end, c->new ? c->new->mode : 0);
		*end++ = ' ';
		oid_to_hex(c->old ? c->old->oid : null_oid, end);
		end += 2 * OID_RAWSZ;
		*end++ = ' ';
		oid_to_hex(c->new ? c->new->oid : null_oid, end);
		end += 2 * OID_RAWSZ;
		*end++ = ' ';
		*end++ = c->status;
		*end++ = '\t';
		memcpy(end, w->paths + c->path_at, c->pathlen);
		end += c->pathlen;
		*end++ = '\n';
		h = bench_checksum(h, line, (size_t) (end - line));
		write_line(out, line, (size_t) (end - line));
	}
	free(line);
	return h;
}

#define VARIANT_NAME "limit"

#endif /* TREE_DIFF_LIMIT */

static const struct tree empty_tree;

static void diff_trees(struct walk *w, const struct tree *a, const struct tree *b);

/* Descends into directory entries (either may be absent: the whole side is added or deleted). */
static void diff_dirs(struct walk *w, const struct tree_entry *old, const struct tree_entry *new)
{
	size_t baselen = enter_dir(w, old ? old : new);

	diff_trees(w, old ? old->subtree : &empty_tree, new ? new->subtree : &empty_tree);
	leave_dir(w, baselen);
}

static int compare_names(const struct tree_entry *x, const struct tree_entry *y)
{
	size_t n = x->namelen < y->namelen ? x->namelen : y->namelen;
	int c = memcmp(x->name, y->name, n);

	return c ? c : (x->namelen > y->namelen) - (x->namelen < y->namelen);
}

static void diff_trees(struct walk *w, const struct tree *a, const struct tree *b)
{
	size_t i = 0, j = 0;

	while (i < a->nr || j < b->nr) {
		const struct tree_entry *x = i < a->nr ? &a->entries[i] : NULL;
		const struct tree_entry *y = j < b->nr ? &b->entries[j] : NULL;
		int c = !x ? 1 : !y ? -1 : compare_names(x, y);

		if (c < 0) { /* only in a: deleted */
			if (x->mode == MODE_DIR)
				diff_dirs(w, x, NULL);
			else
				queue_change(w, x, NULL, 'D'), w->found.deleted++;
			i++;
		} else if (c > 0) { /* only in b: added */
			if (y->mode == MODE_DIR)
				diff_dirs(w, NULL, y);
			else
				queue_change(w, NULL, y, 'A'), w->found.added++;
			j++;
		} else {
			if (memcmp(x->oid, y->oid, OID_RAWSZ) || x->mode != y->mode) {
				if (x->mode == MODE_DIR && y->mode == MODE_DIR)
					diff_dirs(w, x, y);
				else
					queue_change(w, x, y, 'M'), w->found.modified++;
			}
			i++;
			j++;
		}
	}
}

static void usage(const char *why)
{
	fprintf(stderr, "tree_diff: %s\n", why);
	fprintf(stderr,
	        "usage: tree_diff [--entries N] [--shape flat|nested] [--output FILE] [--stats]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	size_t entries = 1000000;
	enum tree_shape shape = SHAPE_FLAT;
	const char *output = NULL;
	int want_stats = 0, i;
	struct tree_pair pair;
	struct walk w;
	FILE *out = NULL;
	uint64_t checksum, start, elapsed;
	unsigned long long changes;
	struct allot_stats stats;
	const char *variant = VARIANT_NAME ? VARIANT_NAME : "allot";

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		char *end;

		if (!strcmp(arg, "--entries") && i + 1 < argc) {
			errno = 0;
			entries = (size_t) strtoull(argv[++i], &end, 10);
			if (errno || *end || !entries || argv[i][0] == '-')
				usage("--entries takes a positive count");
		} else if (!strcmp(arg, "--shape") && i + 1 < argc) {
			arg = argv[++i];
			if (!strcmp(arg, "flat"))
				shape = SHAPE_FLAT;
			else if (!strcmp(arg, "nested"))
				shape = SHAPE_NESTED;
			else
				usage("--shape is flat or nested");
		} else if (!strcmp(arg, "--output") && i + 1 < argc) {
			output = argv[++i];
		} else if (!strcmp(arg, "--stats")) {
			want_stats = 1;
		} else {
			usage("unknown or incomplete option");
		}
	}
	if (output && !(out = fopen(output, "wb"))) {
		fprintf(stderr, "tree_diff: cannot open %s: %s\n", output, strerror(errno));
		return 1;
	}

	trees_build(&pair, shape, entries);
	walk_init(&w, &pair);
	allot_stats_reset();

	start = bench_now_ns();
	diff_trees(&w, pair.a, pair.b);
	checksum = flush_raw(&w, out);
	walk_release(&w);
	elapsed = bench_now_ns() - start;

	allot_stats_get(&stats);
	changes = w.found.added + w.found.deleted + w.found.modified;
	printf("tree_diff: shape=%s entries=%zu\n", shape == SHAPE_FLAT ? "flat" : "nested",
	       entries);
	printf("changes: %llu (added %llu, deleted %llu, modified %llu)\n", changes,
	       (unsigned long long) w.found.added, (unsigned long long) w.found.deleted,
	       (unsigned long long) w.found.modified);
	printf("checksum: %016llx\n", (unsigned long long) checksum);
	if (!VARIANT_NAME)
		printf("strategies: %s\n", ALLOT__CONFIG_FIELDS);
	printf("result: name=%s toolchain=%s checks=%s entries=%zu ns=%llu checksum=%016llx",
	       variant, BENCH_TOOLCHAIN, ALLOT_CHECKS ? "on" : "off", entries,
	       (unsigned long long) elapsed, (unsigned long long) checksum);
	if (ALLOT_STATS && !VARIANT_NAME)
		printf(" heap_calls=%llu",
		       (unsigned long long) (stats.heap_allocs + stats.heap_frees));
	printf("\n");
	if (want_stats)
		allot_stats_print(stdout);

	trees_free(&pair);
	if (out && fclose(out)) {
		fprintf(stderr, "tree_diff: cannot write %s: %s\n", output, strerror(errno));
		return 1;
	}
	if (memcmp(&w.found, &pair.truth, sizeof(w.found))) {
		fprintf(stderr,
		        "tree_diff: BUG: the diff found other changes than the trees hold\n");
		return 1;
	}
	return 0;
}
