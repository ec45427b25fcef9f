/* SPDX-License-Identifier: MIT */
/*
 * A host's heap and die handler, as Git has them (xmalloc, xrealloc, free, die), for
 * allot built with -DALLOT_MALLOC=host_malloc -DALLOT_REALLOC=host_realloc
 * -DALLOT_FREE=host_free -DALLOT_DIE_DEFAULT=host_die (tests/projects.sh).
 *
 * Programs using it are linked with -Wl,--wrap=malloc,--wrap=realloc,--wrap=free,
 * --wrap=calloc: a direct heap call from allot's objects (or the program's) lands in
 * __wrap_* and fails the run, while the hooks reach the C library through __real_*.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

#include "host_heap.h"

void *__real_malloc(size_t n);
void *__real_realloc(void *ptr, size_t n);
void __real_free(void *ptr);
void *__wrap_malloc(size_t n);
void *__wrap_realloc(void *ptr, size_t n);
void __wrap_free(void *ptr);
void *__wrap_calloc(size_t count, size_t size);

unsigned long host_mallocs, host_reallocs, host_frees;
long host_live;
jmp_buf *host_die_jump;
char host_die_msg[256];

static void direct_call(const char *what)
{
	fprintf(stderr, "host: a direct %s call bypassed the host's heap\n", what);
	abort();
}

void *__wrap_malloc(size_t n)
{
	(void) n;
	direct_call("malloc");
	return NULL;
}

void *__wrap_realloc(void *ptr, size_t n)
{
	(void) ptr;
	(void) n;
	direct_call("realloc");
	return NULL;
}

void __wrap_free(void *ptr)
{
	(void) ptr;
	direct_call("free");
}

void *__wrap_calloc(size_t count, size_t size)
{
	(void) count;
	(void) size;
	direct_call("calloc");
	return NULL;
}

/* The host's xmalloc: counts, and never returns NULL (it dies instead). */
void *host_malloc(size_t n)
{
	void *ptr = __real_malloc(n);

	if (!ptr)
		host_die("out of memory (host_malloc)");
	host_mallocs++;
	host_live++;
	return ptr;
}

void *host_realloc(void *ptr, size_t n)
{
	void *moved = __real_realloc(ptr, n);

	if (!moved)
		host_die("out of memory (host_realloc)");
	host_reallocs++;
	if (!ptr)
		host_live++;
	return moved;
}

void host_free(void *ptr)
{
	if (!ptr)
		return;
	host_frees++;
	host_live--;
	__real_free(ptr);
}

/* The host's die(): jumps back to a test that armed host_die_jump, else exits. */
void host_die(const char *msg)
{
	snprintf(host_die_msg, sizeof(host_die_msg), "host died: %s", msg);
	if (host_die_jump)
		longjmp(*host_die_jump, 1);
	fprintf(stderr, "fatal: %s\n", msg);
	exit(128);
}
