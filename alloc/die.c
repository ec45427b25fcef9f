/* SPDX-License-Identifier: MIT */
/* The die handler and the messages allot gives it (see alloc/die.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/die.h"
#include "alloc/internal.h"

#ifdef ALLOT_DIE_DEFAULT
/* The host's handler (alloc/config.h). */
void ALLOT_DIE_DEFAULT(const char *msg);
#define DEFAULT_DIE ALLOT_DIE_DEFAULT
#else
/* allot's own handler. */
static void allot_default_die(const char *msg)
{
	fprintf(stderr, "allot: %s\n", msg);
	fflush(stderr);
	abort();
}
#define DEFAULT_DIE allot_default_die
#endif

static allot_die_fn die_handler = DEFAULT_DIE;

allot_die_fn allot_set_die(allot_die_fn fn)
{
	allot_die_fn old;

	ALLOT__ATOMIC_SWAP_FN(&die_handler, fn ? fn : DEFAULT_DIE, old, allot_die_fn);
	return old;
}

void allot__die(const char *msg)
{
	allot_die_fn fn = ALLOT__ATOMIC_LOAD_FN(&die_handler, allot_die_fn);

	fn(msg);
	abort(); /* the handler returned: there is nothing left to give the caller */
}

/* Appends the decimal digits of n at *pos; the buffers below are sized for any size_t. */
static char *put_size(char *pos, size_t n)
{
	char digits[24];
	int i = 0;

	do {
		digits[i++] = (char) ('0' + n % 10);
		n /= 10;
	} while (n);
	while (i)
		*pos++ = digits[--i];
	return pos;
}

static char *put_str(char *pos, const char *s)
{
	size_t len = strlen(s);

	memcpy(pos, s, len);
	return pos + len;
}

void allot__die_overflow(size_t a, char op, size_t b)
{
	char msg[80], *pos = msg;

	pos = put_str(pos, "size overflow: ");
	pos = put_size(pos, a);
	*pos++ = ' ';
	*pos++ = op;
	*pos++ = ' ';
	pos = put_size(pos, b);
	*pos = '\0';
	allot__die(msg);
}

void allot__die_oom(size_t n)
{
	char msg[80], *pos = msg;

	pos = put_str(pos, "out of memory allocating ");
	pos = put_size(pos, n);
	pos = put_str(pos, " bytes");
	*pos = '\0';
	allot__die(msg);
}

void allot__die_in(const char *fn, const char *what)
{
	char msg[256];

	snprintf(msg, sizeof(msg), "%s: %s", fn, what);
	allot__die(msg);
}

void allot__bug(const char *what)
{
	char msg[256];

	snprintf(msg, sizeof(msg), "BUG: %s", what);
	allot__die(msg);
}
