/* SPDX-License-Identifier: MIT */
/*
 * tree_diff_limit: the floor of benches/tree_diff.c. The same walk and the same output,
 * with every buffer allocated (not touched) before the walk and the raw lines written by
 * hand, so no allocation or formatting call happens in the loop; the pages the walk
 * writes it faults in on the clock, as the others do.
 *
 *   tree_diff_limit [--entries N] [--shape flat|nested] [--diff-filter ADM] [--output FILE]
 *                   [--stats]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (benches/bench.h) */
#include "benches/tree_diff.h"

#define LIMIT_PATH_MAX 4096
#define LIMIT_NPARENT  1 /* the parents' cursors are a fixed local array of as many */

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
	size_t nparent;
	struct tree_truth found, kept;
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
	w->nparent = LIMIT_NPARENT;
	w->path = xmalloc(LIMIT_PATH_MAX);
	w->cap = files;
	w->changes = xmalloc(w->cap * sizeof(*w->changes));
	w->paths_cap = files * 64;
	w->paths = xmalloc(w->paths_cap);
	/*
	 * Untouched: the walk faults in the pages it writes, as the allot variants do for the
	 * same live memory. The floor makes no allocation call, not no page fault.
	 */
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
	c = &w->changes[w->nr];
	c->old = old;
	c->new = new;
	c->status = status;
	c->path_at = w->paths_len;
	memcpy(w->paths + w->paths_len, w->path, w->pathlen);
	memcpy(w->paths + w->paths_len + w->pathlen, e->name, e->namelen);
	c->pathlen = w->pathlen + e->namelen;
	if (pathchange(&w->kept, status)) {
		w->nr++;
		w->paths_len += c->pathlen;
	} /* else the next change writes over it */
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

#define WALK_CURSORS(tp, w)   struct tree_cursor tp[LIMIT_NPARENT]
#define WALK_CURSORS_FREE(tp) (void) (tp)
#define VARIANT_NAME          "limit"

#include "benches/tree_diff_main.h"
