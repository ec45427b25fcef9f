/* SPDX-License-Identifier: MIT */
/*
 * tree_diff: what `git diff-tree -r A B` does with allocations and strings, on synthetic
 * trees (benches/trees.h), through allot.
 *
 * The walk goes through both trees in lockstep like Git's tree-diff. For every directory
 * it takes its parents' cursors in an ALLOT_ARRAY, as Git's ll_diff_tree_paths takes its
 * tree descriptors with FAST_ARRAY_ALLOC. For every change it builds a record with its
 * path (the directory, which an allot_path holds during the walk, and the name) and its
 * parents' sides, one object of an allot_pool (Git's tree-diff makes a heap block of
 * each, and reuses the one its callback dropped). The callback, pathchange()
 * (benches/tree_diff.h), keeps the record in the queue or drops it: the pool rewinds to
 * where the record began. Then it formats Git's raw diff line for each kept record with
 * allot_path_addf, and checksums the output. The checksum is the same under every
 * strategy; the counts are checked against what the trees were built with.
 *
 * benches/tree_diff_limit.c is the floor: the same walk and output, without allot.
 *
 * It times the walk, the output and the release of what the diff allocated (not the
 * building of the trees, the same for every variant) and prints it on a "result:" line
 * for tools/allot-tune.
 *
 *   tree_diff [--entries N] [--shape flat|nested] [--diff-filter ADM] [--output FILE] [--stats]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (benches/bench.h) */
#include "benches/tree_diff.h"

/* The old side of a change (Git keeps one per parent for combined diffs). */
struct parent {
	unsigned mode;
	unsigned char oid[OID_RAWSZ];
};

/*
 * One queued change, one object of the pool, as Git's struct combine_diff_path: the new
 * side, then each parent's side, then the path.
 */
struct change {
	struct change *next;
	const char *path;
	unsigned mode;
	unsigned char oid[OID_RAWSZ];
	char status;
	struct parent parent[]; /* then the path */
};

struct walk {
	struct allot_pool pool;
	struct allot_path path; /* the current directory */
	struct change *head, **tail;
	size_t nparent;
	struct tree_truth found, kept;
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
	const struct tree_entry *e = old ? old : new;
	size_t baselen = w->path.len, len = baselen + e->namelen, i;
	unsigned old_mode = old ? old->mode : 0;
	const unsigned char *old_oid = old ? old->oid : null_oid;
	struct allot_pool_mark mark = allot_pool_save(&w->pool);
	struct change *c =
	    allot_pool_alloc(&w->pool, sizeof(*c) + w->nparent * sizeof(*c->parent) + len + 1);
	char *path = (char *) (c->parent + w->nparent);

	/* As Git's path_appendnew: the directory and the name, copied into the record. */
	c->next = NULL;
	c->path = path;
	memcpy(path, w->path.buf, baselen);
	memcpy(path + baselen, e->name, e->namelen);
	path[len] = '\0';
	c->mode = new ? new->mode : 0;
	memcpy(c->oid, new ? new->oid : null_oid, OID_RAWSZ);
	c->status = status;
	/* As Git's emit_path: each parent's side, written into the record. */
	for (i = 0; i < w->nparent; i++) {
		c->parent[i].mode = old_mode;
		memcpy(c->parent[i].oid, old_oid, OID_RAWSZ);
	}

	if (pathchange(&w->kept, status)) {
		*w->tail = c;
		w->tail = &c->next;
	} else {
		allot_pool_rewind(&w->pool, mark); /* the next change reuses its memory */
	}
}

/* Formats Git's raw diff line for every queued change, like diff_flush_raw. */
static uint64_t flush_raw(struct walk *w, FILE *out)
{
	struct allot_path line = ALLOT_PATH_INIT;
	uint64_t h = BENCH_CHECKSUM_INIT;
	char old_hex[2 * OID_RAWSZ + 1], new_hex[2 * OID_RAWSZ + 1];
	const struct change *c;

	for (c = w->head; c; c = c->next) {
		oid_to_hex(c->parent[0].oid, old_hex);
		oid_to_hex(c->oid, new_hex);
		allot_path_reset(&line);
		allot_path_addf(&line, ":%06o %06o %s %s %c\t%s\n", c->parent[0].mode, c->mode,
		                old_hex, new_hex, c->status, c->path);
		h = bench_checksum(h, line.buf, line.len);
		write_line(out, line.buf, line.len);
	}
	allot_path_release(&line);
	return h;
}

#define WALK_CURSORS(tp, w)    ALLOT_ARRAY(struct tree_cursor, tp, (w)->nparent)
#define WALK_CURSORS_FREE(tp)  ALLOT_ARRAY_FREE(tp)
#define VARIANT_NAME           NULL /* named by its strategies */
#define WALK_POOL_FOOTPRINT(w) allot_pool_footprint(&(w)->pool)

#include "benches/tree_diff_main.h"
