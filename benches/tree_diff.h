/* SPDX-License-Identifier: MIT */
/*
 * benches/tree_diff.h: what the tree_diff programs share (benches/tree_diff.c, through
 * allot; benches/tree_diff_limit.c, the floor). Each program includes this header,
 * defines its walk, then includes benches/tree_diff_main.h, the driver: the walk through
 * both trees and main(). The walk's functions are static, so that the compiler inlines
 * them into the driver; they are:
 *
 *   struct walk { ...; size_t nparent; struct tree_truth found, kept; };
 *                 the parents compared with (1), and the changes seen, and kept, so far
 *   static void walk_init(struct walk *w, const struct tree_pair *pair);
 *   static void walk_release(struct walk *w);
 *   static size_t enter_dir(struct walk *w, const struct tree_entry *e);  returns baselen
 *   static void leave_dir(struct walk *w, size_t baselen);
 *   static void queue_change(struct walk *w, const struct tree_entry *old,
 *                            const struct tree_entry *new, char status);
 *                 builds the change's record, then keeps or drops it as pathchange() says
 *   static uint64_t flush_raw(struct walk *w, FILE *out);  the raw lines, and their checksum
 *   #define WALK_CURSORS(tp, w)  a declaration of struct tree_cursor *tp, w->nparent of them:
 *                 the parents' cursors, one set per directory (Git's FAST_ARRAY_ALLOC)
 *   #define WALK_CURSORS_FREE(tp)  gives them back, before the directory's walk returns
 *   #define VARIANT_NAME  the result line's name: NULL for allot's (its strategies name it)
 *   #define WALK_POOL_FOOTPRINT(w)  optional: the bytes the walk's pool holds from the heap
 *                 once every change is queued, printed as the result's pool_footprint
 *
 * A file that includes it defines _POSIX_C_SOURCE (200809L) before any header.
 */
#ifndef ALLOT_BENCHES_TREE_DIFF_H
#define ALLOT_BENCHES_TREE_DIFF_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/alloc.h"
#include "benches/bench.h"
#include "benches/trees.h"

/*
 * One parent's side of the directory being compared: its tree, and the entry the walk is
 * at (Git's struct tree_desc).
 */
struct tree_cursor {
	const struct tree *tree;
	size_t at;
};

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

/* The statuses pathchange() keeps: --diff-filter's letters (A, D, M), all by default. */
static unsigned char diff_filter_keeps[128];

/* t's count of the changes of status ('A', 'D' or 'M'). */
static uint64_t *tally(struct tree_truth *t, char status)
{
	return status == 'A' ? &t->added : status == 'D' ? &t->deleted : &t->modified;
}

/*
 * The callback each change goes through once its record (parents and path) is built, as
 * Git's tree-diff hands each path to opt->pathchange: it keeps the record, queued for the
 * output, or drops it, and the walk reuses the record's memory for the next change.
 * It keeps the statuses --diff-filter names (Git's filter, which Git applies later, in
 * diffcore), and counts what it keeps in *kept.
 */
static int pathchange(struct tree_truth *kept, char status)
{
	if (!diff_filter_keeps[(unsigned char) status])
		return 0;
	++*tally(kept, status);
	return 1;
}

static void write_line(FILE *out, const char *line, size_t len)
{
	if (out && fwrite(line, 1, len, out) != len) {
		fprintf(stderr, "tree_diff: cannot write the output: %s\n", strerror(errno));
		exit(1);
	}
}

#endif /* ALLOT_BENCHES_TREE_DIFF_H */
