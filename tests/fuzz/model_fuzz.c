/* SPDX-License-Identifier: MIT */
/*
 * Model-based fuzz target: the input is a program of pool, path and array operations
 * (one byte picks the operation, the next bytes its arguments). Each runs on allot and
 * on a reference model that is plain malloc'd memory: every live pool object with the
 * bytes it must hold, every path as a byte vector. After every step, all of allot's
 * state is compared with the model: object contents (so objects that overlap, or are
 * freed too early, show), pool_used, path bytes, len and the NUL.
 *
 * With ALLOT_FAILING_HEAP (tests/failing_heap.h), one operation makes the next few heap
 * calls fail: the die handler jumps back, and the state must still match the model as
 * it was before that operation (failures lose nothing).
 *
 * Built with libFuzzer under ASan + UBSan by tests/fuzz_check.sh (any strategies, set
 * with -D); replayed over its seed corpus by //tests:model_fuzz_replay_* everywhere.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/alloc.h"
#include "tests/failing_heap.h"

#define MAX_OBJECTS 4096
#define MAX_MARKS   16
#define NR_PATHS    3
#define MAX_PATH    (1 << 16)

struct object {
	unsigned char *ptr;  /* allot's */
	unsigned char *copy; /* the model's: what ptr must hold, malloc'd */
	size_t len;
};

/* A pool and the model of its live objects, oldest first. */
struct pool_model {
	struct allot_pool pool;
	struct object objects[MAX_OBJECTS];
	size_t nr, used;
};

static struct pool_model pools[2];
static struct {
	struct allot_pool_mark mark;
	size_t nr, used;
} marks[MAX_MARKS];
static size_t nr_marks;

static struct allot_path paths[NR_PATHS];
static struct {
	char bytes[MAX_PATH];
	size_t len;
} texts[NR_PATHS];

static const unsigned char *in, *in_end;
static unsigned char next_fill;
static jmp_buf die_jmp;

static void fail(const char *what, long detail)
{
	fprintf(stderr, "model_fuzz: %s (%ld)\n", what, detail);
	abort();
}

static unsigned byte(void)
{
	return in < in_end ? *in++ : 0;
}

static size_t size16(void)
{
	size_t hi = byte();

	return hi << 8 | byte();
}

static void on_die(const char *msg)
{
	if (strncmp(msg, "out of memory allocating ", 25) != 0 || !FAILING_HEAP)
		fail(msg, 0);
	longjmp(die_jmp, 1);
}

static void keep(struct pool_model *m, void *ptr, size_t len, size_t align)
{
	struct object *o;
	size_t j;

	if ((uintptr_t) ptr % align)
		fail("misaligned object", (long) align);
	m->used += len;
	if (m->nr == MAX_OBJECTS)
		return; /* counted, but its bytes are not followed */
	o = &m->objects[m->nr++];
	o->ptr = ptr;
	o->len = len;
	o->copy = malloc(len ? len : 1);
	if (!o->copy)
		fail("out of memory in the model", (long) len);
	for (j = 0; j < len; j++)
		o->ptr[j] = (unsigned char) (next_fill + j * 13);
	next_fill++;
	memcpy(o->copy, o->ptr, len);
}

/* The model forgets the objects of m from the nr-th on. */
static void forget(struct pool_model *m, size_t nr)
{
	while (m->nr > nr)
		free(m->objects[--m->nr].copy);
}

static void check_contains(const struct pool_model *m);

static void check_all(void)
{
	size_t i, k;

	for (k = 0; k < 2; k++) {
		const struct pool_model *m = &pools[k];

		for (i = 0; i < m->nr; i++)
			if (memcmp(m->objects[i].ptr, m->objects[i].copy, m->objects[i].len) != 0)
				fail("a pool object changed", (long) i);
		if (allot_pool_used(&m->pool) != m->used)
			fail("pool_used differs from the model", (long) k);
		check_contains(m);
	}
	for (k = 0; k < NR_PATHS; k++) {
		if (paths[k].len != texts[k].len)
			fail("path len differs", (long) k);
		if (memcmp(paths[k].buf, texts[k].bytes, texts[k].len) != 0 ||
		    paths[k].buf[paths[k].len] != '\0')
			fail("path bytes differ", (long) k);
	}
}

static void text_add(size_t k, const void *data, size_t len)
{
	memcpy(texts[k].bytes + texts[k].len, data, len);
	texts[k].len += len;
}

/* Room in the model for len more bytes of path k (else the operation is skipped). */
static int room(size_t k, size_t len)
{
	return texts[k].len + len < MAX_PATH;
}

static void pool_op(unsigned op)
{
	struct pool_model *m = &pools[op & 1];
	size_t len, n, align;

	switch (op >> 1) {
	case 0:
		len = byte();
		/* mostly small; now and then one larger than a block's quarter */
		len = len >= 248 ? size16() : len & 63;
		keep(m, allot_pool_alloc(&m->pool, len), len, _Alignof(max_align_t));
		break;
	case 1:
		len = byte();
		align = (size_t) 1 << byte() % 13;
		keep(m, allot_pool_alloc_aligned(&m->pool, len, align), len, align);
		break;
	case 2: {
		size_t count = byte(), size = byte(), i;
		unsigned char *p = allot_pool_calloc(&m->pool, count, size);

		for (i = 0; i < count * size; i++)
			if (p[i])
				fail("calloc did not zero", (long) i);
		keep(m, p, count * size, _Alignof(max_align_t));
		break;
	}
	case 3: {
		char s[64];
		char *copy;

		n = byte() % sizeof(s);
		for (len = 0; len < n; len++)
			s[len] = (char) (byte() | 1); /* no NUL: strndup copies them all */
		copy = allot_pool_strndup(&m->pool, s, n);
		if (memcmp(copy, s, n) != 0 || copy[n] != '\0')
			fail("strndup", (long) n);
		keep(m, copy, n + 1, 1);
		break;
	}
	case 4: { /* strfmt: now and then longer than what is left of the block */
		int width = (int) (byte() % 64) * (byte() % 20 ? 1 : 40), v = (int) byte() - 100;
		char expect[2600], *got;

		n = (size_t) snprintf(expect, sizeof(expect), "%s:%*d/%02x", "s", width, v,
		                      (unsigned) width);
		got = allot_pool_strfmt(&m->pool, "%s:%*d/%02x", "s", width, v, (unsigned) width);
		if (strcmp(got, expect) != 0)
			fail("strfmt", (long) n);
		keep(m, got, n + 1, 1);
		break;
	}
	default: /* reserve, then what comes next needs no heap call (not checked here) */
		allot_pool_reserve(&m->pool, size16() % 5000);
		break;
	}
}

/* Whether m's newest and oldest objects are in its pool, as allot_pool_contains says. */
static void check_contains(const struct pool_model *m)
{
	size_t i;

	for (i = 0; i < m->nr; i++) {
		if (i == 8 && m->nr > 16)
			i = m->nr - 8; /* the ends: a walk per object is enough */
		if (!allot_pool_contains(&m->pool, m->objects[i].ptr))
			fail("contains: a live object is not in its pool", (long) i);
	}
	if (allot_pool_contains(&m->pool, NULL))
		fail("contains: NULL", 0);
}

/* After a rewind, clear or release: the objects from the nr-th on are out of the pool. */
static void check_dropped(const struct pool_model *m, size_t nr)
{
	size_t i;

	for (i = nr; i < m->nr; i++)
		if (allot_pool_contains(&m->pool, m->objects[i].ptr))
			fail("contains: a dropped object is still in its pool", (long) i);
}

static void mark_op(unsigned op)
{
	struct pool_model *m = &pools[0];
	size_t i;

	switch (op) {
	case 0: /* save */
		if (nr_marks == MAX_MARKS)
			break;
		marks[nr_marks].mark = allot_pool_save(&m->pool);
		marks[nr_marks].nr = m->nr;
		marks[nr_marks].used = m->used;
		nr_marks++;
		break;
	case 1: /* rewind to one of the marks; the later ones are dropped */
		if (!nr_marks)
			break;
		i = byte() % nr_marks;
		allot_pool_rewind(&m->pool, marks[i].mark);
		check_dropped(m, marks[i].nr);
		forget(m, marks[i].nr);
		m->used = marks[i].used;
		nr_marks = i + 1;
		break;
	case 2: /* clear or release */
		if (byte() & 1)
			allot_pool_clear(&m->pool);
		else
			allot_pool_release(&m->pool);
		check_dropped(m, 0);
		forget(m, 0);
		m->used = 0;
		nr_marks = 0;
		break;
	default: /* combine pool 1 into pool 0: its objects count as new in pool 0 */
		allot_pool_combine(&m->pool, &pools[1].pool);
		check_dropped(&pools[1], 0);
		for (i = 0; i < pools[1].nr; i++)
			if (m->nr < MAX_OBJECTS)
				m->objects[m->nr++] = pools[1].objects[i];
			else
				free(pools[1].objects[i].copy);
		m->used += pools[1].used;
		pools[1].nr = pools[1].used = 0;
		break;
	}
}

static void path_op(unsigned op)
{
	size_t k = byte() % NR_PATHS, j = byte() % NR_PATHS, len, i;
	struct allot_path *p = &paths[k];
	char data[256];

	switch (op) {
	case 0: /* add bytes from the input */
		len = byte();
		for (i = 0; i < len; i++)
			data[i] = (char) byte();
		if (!room(k, len))
			break;
		allot_path_add(p, data, len);
		text_add(k, data, len);
		break;
	case 1: /* add a piece of itself */
		len = byte();
		i = texts[k].len ? byte() % texts[k].len : 0;
		len = len < texts[k].len - i ? len : texts[k].len - i;
		if (!room(k, len))
			break;
		allot_path_add(p, p->buf + i, len);
		text_add(k, texts[k].bytes + i, len);
		break;
	case 2: { /* addf */
		int n = (int) byte() - 128, width = (int) (byte() % 40);
		char out[128];
		int w;

		len = byte() % 60;
		memset(data, 'a' + (int) (len % 26), len);
		data[len] = '\0';
		w = snprintf(out, sizeof(out), "%s/%*d.%02x", data, width, n, (unsigned) len);
		if (!room(k, (size_t) w))
			break;
		allot_path_addf(p, "%s/%*d.%02x", data, width, n, (unsigned) len);
		text_add(k, out, (size_t) w);
		break;
	}
	case 3: { /* addch, addhex, complete */
		unsigned char bytes[32];
		static const char digits[] = "0123456789abcdef";

		len = byte() % sizeof(bytes);
		for (i = 0; i < len; i++)
			bytes[i] = (unsigned char) byte();
		if (!room(k, 2 * len + 2))
			break;
		allot_path_addch(p, 'c');
		text_add(k, "c", 1);
		allot_path_addhex(p, bytes, len);
		for (i = 0; i < len; i++) {
			text_add(k, &digits[bytes[i] >> 4], 1);
			text_add(k, &digits[bytes[i] & 15], 1);
		}
		allot_path_complete(p, '/');
		if (texts[k].len && texts[k].bytes[texts[k].len - 1] != '/')
			text_add(k, "/", 1);
		break;
	}
	case 4: /* setlen (shorter), reset, grow */
		len = byte();
		if (len & 1) {
			len = texts[k].len ? (len >> 1) % (texts[k].len + 1) : 0;
			allot_path_setlen(p, len);
			texts[k].len = len;
		} else if (len & 2) {
			allot_path_reset(p);
			texts[k].len = 0;
		} else {
			allot_path_grow(p, len * 16);
			if (allot_path_avail(p) < len * 16)
				fail("grow gave less room", (long) len);
		}
		break;
	case 5: { /* detach */
		char *out = allot_path_detach(p, &len);

		if (len != texts[k].len || memcmp(out, texts[k].bytes, len) != 0 || out[len])
			fail("detach", (long) len);
		free(out);
		texts[k].len = 0;
		break;
	}
	case 6: /* move j into k */
		if (j == k)
			break;
		allot_path_move(p, &paths[j]);
		memcpy(texts[k].bytes, texts[j].bytes, texts[j].len);
		texts[k].len = texts[j].len;
		texts[j].len = 0;
		break;
	case 7: /* splice (insert, remove) somewhere inside */
		len = byte() % 64;
		for (i = 0; i < len; i++)
			data[i] = (char) byte();
		{
			size_t pos = texts[k].len ? byte() % (texts[k].len + 1) : 0;
			size_t cut = byte() % (texts[k].len - pos + 1);

			if (!room(k, len))
				break;
			if (len & 1)
				allot_path_splice(p, pos, cut, data, len);
			else if (cut)
				allot_path_remove(p, pos, cut), len = 0;
			else
				allot_path_insert(p, pos, data, len);
			memmove(texts[k].bytes + pos + len, texts[k].bytes + pos + cut,
			        texts[k].len - pos - cut);
			memcpy(texts[k].bytes + pos, data, len);
			texts[k].len = texts[k].len - cut + len;
		}
		break;
	case 8: { /* strip_suffix, trim_trailing */
		char c = (char) byte();

		len = byte() % 8;
		if (len > texts[k].len)
			len = texts[k].len;
		memcpy(data, texts[k].bytes + texts[k].len - len, len);
		data[len] = '\0';
		if (memchr(data, '\0', len)) /* a C string: no NUL inside */
			break;
		if (allot_path_strip_suffix(p, data) != 1)
			fail("strip_suffix of its own end", (long) len);
		texts[k].len -= len;
		allot_path_trim_trailing(p, c);
		while (texts[k].len && texts[k].bytes[texts[k].len - 1] == c)
			texts[k].len--;
		break;
	}
	case 9: /* addchars, addpath (j into k, or k into itself) */
		len = byte();
		if (!room(k, 2 * len + texts[j].len)) /* j may be k: its len grows first */
			break;
		allot_path_addchars(p, 'q', len);
		memset(data, 'q', len);
		text_add(k, data, len);
		allot_path_addpath(p, &paths[j]);
		memcpy(texts[k].bytes + texts[k].len, texts[j].bytes, texts[j].len);
		texts[k].len += texts[j].len;
		break;
	case 10: { /* attach a heap buffer, cmp with another path */
		size_t alloc = 1 + byte() % 200;
		char *buf = ALLOT_MALLOC(alloc);
		int c, want;

		if (!buf) /* a failing heap's refusal, not allot's */
			break;
		len = byte() % alloc;
		for (i = 0; i < len; i++)
			data[i] = (char) byte();
		memcpy(buf, data, len);
		allot_path_attach(p, buf, len, alloc); /* buf is p's now */
		memcpy(texts[k].bytes, data, len);
		texts[k].len = len;
		c = allot_path_cmp(p, &paths[j]);
		want =
		    memcmp(texts[k].bytes, texts[j].bytes, len < texts[j].len ? len : texts[j].len);
		if (!want)
			want = (len > texts[j].len) - (len < texts[j].len);
		if ((c > 0) != (want > 0) || (c < 0) != (want < 0))
			fail("cmp", (long) want);
		break;
	}
	default:
		allot_path_release(p);
		texts[k].len = 0;
		break;
	}
}

static void array_op(void)
{
	size_t nr = byte() % 64, i;
	ALLOT_ARRAY(uint32_t, a, nr);

	for (i = 0; i < nr; i++)
		a[i] = (uint32_t) (i * 2654435761u);
	for (i = 0; i < nr; i++)
		if (a[i] != (uint32_t) (i * 2654435761u))
			fail("array element changed", (long) i);
	ALLOT_ARRAY_FREE(a);
}

/* One operation; a heap failure armed before it reaches on_die and jumps back here. */
static void step(unsigned op)
{
	if (setjmp(die_jmp))
		return; /* died of the armed failure: nothing may have changed */
	if (op < 12)
		pool_op(op);
	else if (op < 16)
		mark_op(op - 12);
	else if (op < 28)
		path_op(op - 16);
	else
		array_op();
}

static void reset_all(void)
{
	size_t k;

	for (k = 0; k < 2; k++) {
		allot_pool_release(&pools[k].pool);
		forget(&pools[k], 0);
		pools[k].used = 0;
	}
	for (k = 0; k < NR_PATHS; k++) {
		allot_path_release(&paths[k]);
		texts[k].len = 0;
	}
	nr_marks = 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static int ready;
	size_t k;

	if (!ready) {
		for (k = 0; k < 2; k++)
			allot_pool_init(&pools[k].pool, 1024); /* small blocks: many of them */
		for (k = 0; k < NR_PATHS; k++)
			allot_path_init(&paths[k], 0);
		allot_set_die(on_die);
		ready = 1;
	}
	in = data;
	in_end = data + size;
	while (in < in_end) {
		unsigned op = byte() % 31, fail_at = 0;

		if (op >= 29) /* the next operation's heap calls: one of the first few fails */
			fail_at = 1 + byte() % 4, op = byte() % 29;
#if FAILING_HEAP
		failing_heap_fail_at(fail_at);
#endif
		step(op);
#if FAILING_HEAP
		failing_heap_failed(); /* disarms it */
#endif
		(void) fail_at;
		check_all();
	}
	reset_all();
	check_all();
	return 0;
}
