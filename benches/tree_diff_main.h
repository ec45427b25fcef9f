/* SPDX-License-Identifier: MIT */
/*
 * benches/tree_diff_main.h: the tree_diff driver, over the walk of the program that
 * includes it last (see benches/tree_diff.h): the lockstep walk through both trees, and
 * main(), which builds the trees, times the diff and prints the result.
 */
#ifndef ALLOT_BENCHES_TREE_DIFF_MAIN_H
#define ALLOT_BENCHES_TREE_DIFF_MAIN_H

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

/*
 * Compares the entries of a, the parent's directory, with b's, in name order. Each call
 * takes the parents' cursors (WALK_CURSORS) as Git's ll_diff_tree_paths takes its tree
 * descriptors; the walk compares with one parent, through tp[0].
 */
static void diff_trees(struct walk *w, const struct tree *a, const struct tree *b)
{
	size_t j = 0, k;
	WALK_CURSORS(tp, w);

	tp[0].tree = a; /* the walk has one parent at least */
	tp[0].at = 0;
	for (k = 1; k < w->nparent; k++)
		tp[k] = tp[0];
	while (tp[0].at < tp[0].tree->nr || j < b->nr) {
		const struct tree_entry *x =
		    tp[0].at < tp[0].tree->nr ? &tp[0].tree->entries[tp[0].at] : NULL;
		const struct tree_entry *y = j < b->nr ? &b->entries[j] : NULL;
		int c = !x ? 1 : !y ? -1 : compare_names(x, y);

		if (c < 0) { /* only in a: deleted */
			if (x->mode == MODE_DIR)
				diff_dirs(w, x, NULL);
			else
				queue_change(w, x, NULL, 'D'), w->found.deleted++;
			tp[0].at++;
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
			tp[0].at++;
			j++;
		}
	}
	WALK_CURSORS_FREE(tp);
}

static void usage(const char *why)
{
	fprintf(stderr, "tree_diff: %s\n", why);
	fprintf(stderr, "usage: tree_diff [--entries N] [--shape flat|nested] [--diff-filter ADM]\n"
	                "                 [--output FILE] [--stats]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	size_t entries = 1000000;
	enum tree_shape shape = SHAPE_FLAT;
	const char *output = NULL, *filter = "ADM";
	int want_stats = 0, i;
	struct tree_pair pair;
	struct walk w;
	FILE *out = NULL;
	uint64_t checksum, start, elapsed;
	size_t footprint = 0;
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
		} else if (!strcmp(arg, "--diff-filter") && i + 1 < argc) {
			filter = argv[++i];
			if (!*filter || filter[strspn(filter, "ADM")])
				usage("--diff-filter takes letters of A, D and M (added, deleted, "
				      "modified)");
		} else if (!strcmp(arg, "--output") && i + 1 < argc) {
			output = argv[++i];
		} else if (!strcmp(arg, "--stats")) {
			want_stats = 1;
		} else {
			usage("unknown or incomplete option");
		}
	}
	for (; *filter; filter++)
		diff_filter_keeps[(unsigned char) *filter] = 1;
	if (output && !(out = fopen(output, "wb"))) {
		fprintf(stderr, "tree_diff: cannot open %s: %s\n", output, strerror(errno));
		return 1;
	}

	trees_build(&pair, shape, entries);
	walk_init(&w, &pair);
	allot_stats_reset();

	BENCH_COUNT_START();
	start = bench_now_ns();
	diff_trees(&w, pair.a, pair.b);
	checksum = flush_raw(&w, out);
#ifdef WALK_POOL_FOOTPRINT
	footprint = WALK_POOL_FOOTPRINT(&w);
#endif
	walk_release(&w);
	elapsed = bench_now_ns() - start;
	BENCH_COUNT_STOP(variant);

	allot_stats_get(&stats);
	changes = w.found.added + w.found.deleted + w.found.modified;
	printf("tree_diff: shape=%s entries=%zu\n", shape == SHAPE_FLAT ? "flat" : "nested",
	       entries);
	printf("changes: %llu (added %llu, deleted %llu, modified %llu)\n", changes,
	       (unsigned long long) w.found.added, (unsigned long long) w.found.deleted,
	       (unsigned long long) w.found.modified);
	printf("kept: %llu\n",
	       (unsigned long long) (w.kept.added + w.kept.deleted + w.kept.modified));
	printf("checksum: %016llx\n", (unsigned long long) checksum);
	if (!VARIANT_NAME)
		printf("allot: %s\n", allot_config());
	printf("result: name=%s toolchain=%s checks=%s entries=%zu ns=%llu checksum=%016llx",
	       variant, BENCH_TOOLCHAIN, ALLOT_CHECKS ? "on" : "off", entries,
	       (unsigned long long) elapsed, (unsigned long long) checksum);
	if (ALLOT_STATS && !VARIANT_NAME)
		printf(" heap_calls=%llu",
		       (unsigned long long) (stats.heap_allocs + stats.heap_frees));
	if (footprint)
		printf(" pool_footprint=%llu", (unsigned long long) footprint);
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
	for (filter = "ADM"; *filter; filter++) {
		if (*tally(&w.kept, *filter) !=
		    (diff_filter_keeps[(unsigned char) *filter] ? *tally(&w.found, *filter) : 0)) {
			fprintf(stderr, "tree_diff: BUG: the callback kept other changes than "
			                "--diff-filter names\n");
			return 1;
		}
	}
	return 0;
}

#endif /* ALLOT_BENCHES_TREE_DIFF_MAIN_H */
