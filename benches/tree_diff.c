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
 *   tree_diff [--entries N] [--shape flat|nested] [--output FILE] [--stats]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/alloc.h"
#include "benches/trees.h"

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

static const unsigned char null_oid[OID_RAWSZ];

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

static const struct tree empty_tree;

static void diff_trees(struct walk *w, const struct tree *a, const struct tree *b);

/* Descends into directory entries (either may be absent: the whole side is added or deleted). */
static void diff_dirs(struct walk *w, const struct tree_entry *old, const struct tree_entry *new)
{
	size_t baselen = w->path.len;
	const struct tree_entry *e = old ? old : new;

	allot_path_add(&w->path, e->name, e->namelen);
	allot_path_addch(&w->path, '/');
	diff_trees(w, old ? old->subtree : &empty_tree, new ? new->subtree : &empty_tree);
	allot_path_setlen(&w->path, baselen);
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

/* FNV-1a over the output bytes: the same output, the same checksum. */
static uint64_t checksum_add(uint64_t h, const char *bytes, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char) bytes[i]) * 0x100000001b3ULL;
	return h;
}

/* Formats Git's raw diff line for every queued change, like diff_flush_raw. */
static uint64_t flush_raw(struct walk *w, FILE *out)
{
	struct allot_path line = ALLOT_PATH_INIT;
	uint64_t h = 0xcbf29ce484222325ULL;
	char old_hex[2 * OID_RAWSZ + 1], new_hex[2 * OID_RAWSZ + 1];
	const struct change *c;

	for (c = w->head; c; c = c->next) {
		oid_to_hex(c->parents[0].oid, old_hex);
		oid_to_hex(c->oid, new_hex);
		allot_path_reset(&line);
		allot_path_addf(&line, ":%06o %06o %s %s %c\t%s\n", c->parents[0].mode, c->mode,
		                old_hex, new_hex, c->status, c->path);
		h = checksum_add(h, line.buf, line.len);
		if (out && fwrite(line.buf, 1, line.len, out) != line.len) {
			fprintf(stderr, "tree_diff: cannot write the output: %s\n",
			        strerror(errno));
			exit(1);
		}
	}
	allot_path_release(&line);
	return h;
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
	uint64_t checksum;
	unsigned long long changes;

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
	memset(&w, 0, sizeof(w));
	allot_pool_init(&w.pool, 0);
	allot_path_init(&w.path, 0);
	w.tail = &w.head;
	w.nparent = 1;
	allot_stats_reset();

	diff_trees(&w, pair.a, pair.b);
	checksum = flush_raw(&w, out);

	changes = w.found.added + w.found.deleted + w.found.modified;
	printf("tree_diff: shape=%s entries=%zu\n", shape == SHAPE_FLAT ? "flat" : "nested",
	       entries);
	printf("changes: %llu (added %llu, deleted %llu, modified %llu)\n", changes,
	       (unsigned long long) w.found.added, (unsigned long long) w.found.deleted,
	       (unsigned long long) w.found.modified);
	printf("checksum: %016llx\n", (unsigned long long) checksum);
	printf("allot: %s\n", allot_config());
	if (want_stats)
		allot_stats_print(stdout);

	allot_pool_release(&w.pool);
	allot_path_release(&w.path);
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
