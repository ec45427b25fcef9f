/* SPDX-License-Identifier: MIT */
/*
 * benches/names.h: the object names of Git's loose-object loop, for strbuf_addf and
 * peers: N pseudo-random object ids sorted into their 256 directories, each also as
 * "xx" and its other 38 hex digits. The same names on every platform. Include after
 * <stdio.h>, <stdlib.h> and benches/bench.h.
 */
#ifndef ALLOT_BENCHES_NAMES_H
#define ALLOT_BENCHES_NAMES_H

#define RAWSZ 20

struct names {
	size_t nr;
	unsigned char (*raw)[RAWSZ]; /* object ids, sorted like a loose object store */
	char (*dir)[3];              /* "xx" */
	char (*rest)[2 * RAWSZ - 1]; /* the other 38 digits */
};

/* What every path starts with; the loop appends "xx/<38 digits>". */
static const char *const PREFIX = "objects/";

static void make_names(struct names *n, size_t nr)
{
	static const char digits[] = "0123456789abcdef";
	uint64_t state = 7;
	size_t i, k;

	n->nr = nr;
	n->raw = malloc(nr * sizeof(*n->raw));
	n->dir = malloc(nr * sizeof(*n->dir));
	n->rest = malloc(nr * sizeof(*n->rest));
	if (!n->raw || !n->dir || !n->rest) {
		fprintf(stderr, "names: out of memory\n");
		exit(1);
	}
	for (i = 0; i < nr; i++) {
		for (k = 0; k < RAWSZ; k++) {
			state = state * 6364136223846793005ULL + 1442695040888963407ULL;
			n->raw[i][k] = (unsigned char) (state >> 56);
		}
		n->raw[i][0] = (unsigned char) (i * 256 / nr); /* one directory after the other */
		n->dir[i][0] = digits[n->raw[i][0] >> 4];
		n->dir[i][1] = digits[n->raw[i][0] & 15];
		n->dir[i][2] = '\0';
		for (k = 1; k < RAWSZ; k++) {
			n->rest[i][2 * k - 2] = digits[n->raw[i][k] >> 4];
			n->rest[i][2 * k - 1] = digits[n->raw[i][k] & 15];
		}
		n->rest[i][2 * RAWSZ - 2] = '\0';
	}
}

static void free_names(struct names *n)
{
	free(n->raw);
	free(n->dir);
	free(n->rest);
}

#endif /* ALLOT_BENCHES_NAMES_H */
