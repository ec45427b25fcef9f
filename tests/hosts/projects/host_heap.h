/* SPDX-License-Identifier: MIT */
/* The host heap and die handler of tests/hosts/host_heap.c. */
#ifndef HOST_HEAP_H
#define HOST_HEAP_H

#include <setjmp.h>
#include <stddef.h>

void *host_malloc(size_t n);
void *host_realloc(void *ptr, size_t n);
void host_free(void *ptr);
void host_die(const char *msg);

/* Calls of each hook so far, and blocks handed out and not freed. */
extern unsigned long host_mallocs, host_reallocs, host_frees;
extern long host_live;

/* Where host_die jumps (NULL: it prints and exits 128), and the message it got. */
extern jmp_buf *host_die_jump;
extern char host_die_msg[256];

#endif
