/* SPDX-License-Identifier: MIT */
/*
 * benches/trees.h: synthetic Git trees, built in memory, for the tree-diff workload.
 *
 * Two shapes:
 *  - flat:   two trees of n entries "path%08d", every blob different (the case Git's
 *            developers measured tree-diff's allocations with);
 *  - nested: a tree of directories and files about n files large, and a second one in
 *            which some files changed, some were deleted and some added; unchanged
 *            directories have equal object ids, so a diff skips them as Git does.
 *
 * Entries are sorted by name within a tree, as in Git. The trees do not use allot:
 * what they cost is the same under every strategy and is not part of the workload.
 */
#ifndef ALLOT_BENCHES_TREES_H
#define ALLOT_BENCHES_TREES_H

#include <stddef.h>
#include <stdint.h>

#define OID_RAWSZ 20
#define MODE_FILE 0100644
#define MODE_DIR  0040000

struct tree;

struct tree_entry {
	const char *name;
	size_t namelen;
	unsigned mode;
	unsigned char oid[OID_RAWSZ];
	const struct tree *subtree; /* for MODE_DIR */
};

struct tree {
	struct tree_entry *entries;
	size_t nr;
};

/* What a correct recursive diff of the pair must find. */
struct tree_truth {
	uint64_t added, deleted, modified;
};

struct tree_pair {
	struct tree *a, *b;
	struct tree_truth truth;
};

enum tree_shape { SHAPE_FLAT, SHAPE_NESTED };

/* Builds the pair for shape with about n files; the same arguments give the same trees. */
void trees_build(struct tree_pair *pair, enum tree_shape shape, size_t n);

/* Frees what trees_build made. */
void trees_free(struct tree_pair *pair);

#endif /* ALLOT_BENCHES_TREES_H */
