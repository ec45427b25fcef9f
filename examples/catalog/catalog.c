/* SPDX-License-Identifier: MIT */
/*
 * catalog: an example of a program that allot_tune can tune (docs/choosing.md). It does
 * what many tools do: reads names, makes many records with a path each, groups them by
 * directory and prints a summary.
 *
 *   catalog [--input WORDS] [--records N]
 *
 * Each record gets a name from the words ("<word>-<n>"), a size and a path
 * "objects/xx/<name>", where xx is a hash of the name. The records and their strings
 * live in one pool, released at the end; the paths are built in one allot_path; each
 * directory's summary uses a small array. The output is the same under every strategy.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/alloc.h"

struct record {
	const char *name;
	const char *path;
	size_t size;
	struct record *next; /* in its directory */
};

struct directory {
	struct record *records;
	size_t count;
};

static unsigned hash_of(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char) *s++) * 16777619u;
	return h;
}

/* The words of the file, in the pool; the built-in ones without a file. */
static size_t read_words(struct allot_pool *pool, const char *file, const char ***words)
{
	static const char *const builtin[] = {"tree", "blob", "commit", "tag", "index", "pack"};
	size_t nr = 0, alloc = 64;
	char line[256];
	FILE *f;

	*words = allot_pool_alloc(pool, alloc * sizeof(**words));
	if (!file) {
		for (nr = 0; nr < sizeof(builtin) / sizeof(*builtin); nr++)
			(*words)[nr] = builtin[nr];
		return nr;
	}
	f = fopen(file, "r");
	if (!f) {
		perror(file);
		exit(1);
	}
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!*line)
			continue;
		if (nr == alloc) {
			const char **more = allot_pool_alloc(pool, 2 * alloc * sizeof(*more));

			memcpy(more, *words, alloc * sizeof(*more));
			*words = more;
			alloc *= 2;
		}
		(*words)[nr++] = allot_pool_strdup(pool, line);
	}
	fclose(f);
	if (!nr) {
		fprintf(stderr, "catalog: %s has no words\n", file);
		exit(1);
	}
	return nr;
}

/* The summary of a directory: its record count, bytes, and its two largest records. */
static void summarize(const struct directory *dir, unsigned xx, struct allot_path *line)
{
	size_t total = 0, top = dir->count < 2 ? dir->count : 2, i;
	const struct record *r;
	ALLOT_ARRAY(const struct record *, largest, top);

	for (i = 0; i < top; i++)
		largest[i] = NULL;
	for (r = dir->records; r; r = r->next) {
		total += r->size;
		for (i = 0; i < top; i++) {
			if (!largest[i] || r->size > largest[i]->size ||
			    (r->size == largest[i]->size &&
			     strcmp(r->name, largest[i]->name) < 0)) {
				memmove(largest + i + 1, largest + i,
				        (top - i - 1) * sizeof(*largest));
				largest[i] = r;
				break;
			}
		}
	}
	allot_path_reset(line);
	allot_path_addf(line, "objects/%02x: %zu records, %zu bytes", xx, dir->count, total);
	for (i = 0; i < top; i++)
		allot_path_addf(line, "%s %s", i ? "," : "; largest", largest[i]->path);
	puts(line->buf);
	ALLOT_ARRAY_FREE(largest);
}

int main(int argc, char **argv)
{
	struct allot_pool pool;
	struct allot_path path = ALLOT_PATH_INIT, line = ALLOT_PATH_INIT;
	struct directory dirs[256];
	const char *input = NULL;
	const char **words;
	size_t nr_words, records = 200000, i;
	unsigned xx;

	for (i = 1; i < (size_t) argc; i++) {
		if (!strcmp(argv[i], "--input") && i + 1 < (size_t) argc) {
			input = argv[++i];
		} else if (!strcmp(argv[i], "--records") && i + 1 < (size_t) argc) {
			records = strtoul(argv[++i], NULL, 10);
		} else {
			fprintf(stderr, "usage: catalog [--input WORDS] [--records N]\n");
			return 2;
		}
	}

	allot_pool_init(&pool, 0);
	nr_words = read_words(&pool, input, &words);
	memset(dirs, 0, sizeof(dirs));
	for (i = 0; i < records; i++) {
		struct record *r = allot_pool_alloc(&pool, sizeof(*r));
		unsigned h;

		r->name = allot_pool_strfmt(&pool, "%s-%zu", words[i % nr_words], i);
		h = hash_of(r->name);
		r->size = h % 65536;
		allot_path_reset(&path);
		allot_path_addf(&path, "objects/%02x/%s", h >> 24, r->name);
		r->path = allot_pool_strndup(&pool, path.buf, path.len);
		r->next = dirs[h >> 24].records;
		dirs[h >> 24].records = r;
		dirs[h >> 24].count++;
	}
	for (xx = 0; xx < 256; xx++)
		summarize(&dirs[xx], xx, &line);
	printf("%zu records in %zu words\n", records, nr_words);

	allot_path_release(&path);
	allot_path_release(&line);
	allot_pool_release(&pool);
	return 0;
}
