/* SPDX-License-Identifier: MIT */
/* Synthetic trees for the tree-diff workload (see trees.h). Plain malloc: not measured. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benches/le64.h"
#include "benches/trees.h"

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "tree_diff: out of memory building trees (%zu bytes)\n", n);
		exit(1);
	}
	return p;
}

/* splitmix64: a small, good, reproducible generator. */
static uint64_t mix(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void make_oid(unsigned char *oid, uint64_t seed)
{
	uint64_t state = seed, words[3];

	words[0] = bench_le64(mix(&state)); /* the same bytes on every CPU */
	words[1] = bench_le64(mix(&state));
	words[2] = bench_le64(mix(&state));
	memcpy(oid, words, OID_RAWSZ);
}

/* A directory's id from its entries: equal contents, equal ids. */
static void tree_oid(unsigned char *oid, const struct tree *t)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i, k;

	for (i = 0; i < t->nr; i++) {
		const struct tree_entry *e = &t->entries[i];

		for (k = 0; k < e->namelen; k++)
			h = (h ^ (unsigned char) e->name[k]) * 0x100000001b3ULL;
		for (k = 0; k < OID_RAWSZ; k++)
			h = (h ^ e->oid[k]) * 0x100000001b3ULL;
		h = (h ^ e->mode) * 0x100000001b3ULL;
	}
	make_oid(oid, h);
}

/*
 * prefix, n in at least width decimal digits (zero-padded), suffix: what
 * snprintf("%s%0*zu%s") gives, written by hand because building the trees is not what
 * is measured and musl's snprintf would make it the slowest part of every run.
 */
static const char *name_of(char *buf, const char *prefix, size_t n, int width, const char *suffix)
{
	char digits[24];
	int nd = 0;
	size_t len = strlen(prefix);

	memcpy(buf, prefix, len);
	do {
		digits[nd++] = (char) ('0' + n % 10);
		n /= 10;
	} while (n);
	while (width-- > nd)
		buf[len++] = '0';
	while (nd)
		buf[len++] = digits[--nd];
	strcpy(buf + len, suffix);
	return buf;
}

static struct tree *new_tree(size_t cap)
{
	struct tree *t = xmalloc(sizeof(*t));

	t->entries = xmalloc(cap * sizeof(*t->entries));
	t->nr = 0;
	return t;
}

/* Names live in large blocks, freed with the trees: building is not what is measured. */
struct name_block {
	struct name_block *prev;
	size_t used;
	char bytes[1 << 20];
};

static struct name_block *names;

static char *save_name(const char *name)
{
	size_t len = strlen(name) + 1;
	char *copy;

	if (!names || names->used + len > sizeof(names->bytes)) {
		struct name_block *b = xmalloc(sizeof(*b));

		b->prev = names;
		b->used = 0;
		names = b;
	}
	copy = names->bytes + names->used;
	names->used += len;
	memcpy(copy, name, len);
	return copy;
}

static struct tree_entry *add_entry(struct tree *t, const char *name, unsigned mode)
{
	struct tree_entry *e = &t->entries[t->nr++];

	e->name = save_name(name);
	e->namelen = strlen(name);
	e->mode = mode;
	e->subtree = NULL;
	return e;
}

static void build_flat(struct tree_pair *pair, size_t n)
{
	char name[32];
	size_t i;

	pair->a = new_tree(n);
	pair->b = new_tree(n);
	for (i = 0; i < n; i++) {
		name_of(name, "path", i, 8, "");
		make_oid(add_entry(pair->a, name, MODE_FILE)->oid, 2 * (uint64_t) i);
		make_oid(add_entry(pair->b, name, MODE_FILE)->oid, 2 * (uint64_t) i + 1);
	}
	pair->truth.modified = n;
}

/*
 * One directory level of the nested pair: dirs subdirectories "dNNN" (recursing while
 * depth allows), then file slots "fNNNNN.c", each in a only, b only, both alike or
 * both changed. Writes both directories' ids.
 */
static void build_level(struct tree_pair *pair, struct tree **a, struct tree **b, int depth,
                        size_t files, uint64_t *rng)
{
	size_t dirs = depth > 0 ? 4 + mix(rng) % 5 : 0;
	size_t slots = files / (dirs + 1) + 1, i;
	char name[32];

	*a = new_tree(dirs + slots);
	*b = new_tree(dirs + slots);
	for (i = 0; i < dirs; i++) {
		struct tree *sa, *sb;
		struct tree_entry *ea, *eb;

		name_of(name, "d", i, 3, "");
		build_level(pair, &sa, &sb, depth - 1, files / (dirs + 1), rng);
		if (sa->nr) {
			ea = add_entry(*a, name, MODE_DIR);
			ea->subtree = sa;
			tree_oid(ea->oid, sa);
		}
		if (sb->nr) {
			eb = add_entry(*b, name, MODE_DIR);
			eb->subtree = sb;
			tree_oid(eb->oid, sb);
		}
	}
	for (i = 0; i < slots; i++) {
		uint64_t r = mix(rng) % 100, blob = mix(rng);

		name_of(name, "f", i, 5, ".c");
		if (r < 3) { /* deleted */
			make_oid(add_entry(*a, name, MODE_FILE)->oid, blob);
			pair->truth.deleted++;
		} else if (r < 6) { /* added */
			make_oid(add_entry(*b, name, MODE_FILE)->oid, blob);
			pair->truth.added++;
		} else {
			make_oid(add_entry(*a, name, MODE_FILE)->oid, blob);
			make_oid(add_entry(*b, name, MODE_FILE)->oid, r < 16 ? blob + 1 : blob);
			pair->truth.modified += r < 16;
		}
	}
}

void trees_build(struct tree_pair *pair, enum tree_shape shape, size_t n)
{
	uint64_t rng = 42;

	memset(pair, 0, sizeof(*pair));
	if (shape == SHAPE_FLAT)
		build_flat(pair, n);
	else
		build_level(pair, &pair->a, &pair->b, 3, n, &rng);
}

static void free_tree(struct tree *t)
{
	size_t i;

	for (i = 0; i < t->nr; i++) {
		if (t->entries[i].subtree)
			free_tree((struct tree *) t->entries[i].subtree);
	}
	free(t->entries);
	free(t);
}

void trees_free(struct tree_pair *pair)
{
	free_tree(pair->a);
	free_tree(pair->b);
	while (names) {
		struct name_block *prev = names->prev;

		free(names);
		names = prev;
	}
}
