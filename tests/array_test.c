/* SPDX-License-Identifier: MIT */
/* Behaviour of alloc/array.h that every array strategy must show. */
#include <stdint.h>
#include <string.h>

#include "alloc/alloc.h"
#include "tests/check.h"

struct pair {
	long a;
	double b;
};

/* Fills arr with nr pairs and reads them back; returns the sum of the a fields. */
static size_t fill_and_sum(struct pair *arr, size_t nr)
{
	size_t i, sum = 0;

	CHECK(arr != NULL || nr == 0);
	CHECK(((uintptr_t) arr & (_Alignof(struct pair) - 1)) == 0);
	for (i = 0; i < nr; i++) {
		arr[i].a = (long) i;
		arr[i].b = (double) i / 2;
	}
	for (i = 0; i < nr; i++) {
		CHECK_EQ(arr[i].a, i);
		sum += (size_t) arr[i].a;
	}
	return sum;
}

/* An array of nr pairs from ALLOT_ARRAY, filled and read; the count is evaluated once. */
static size_t roundtrip(size_t nr)
{
	size_t evaluated = 0, sum;

	{
		ALLOT_ARRAY(struct pair, arr, (evaluated++, nr));

		sum = fill_and_sum(arr, nr);
		ALLOT_ARRAY_FREE(arr);
	}
	CHECK_EQ(evaluated, 1);
	return sum;
}

/* The same in two steps: ALLOT_ARRAY_DECL, a statement, then ALLOT_ARRAY_ALLOC. */
static size_t roundtrip_two_steps(size_t nr)
{
	size_t evaluated = 0, sum;

	{
		ALLOT_ARRAY_DECL(struct pair, arr);

		sum = 0;
		ALLOT_ARRAY_ALLOC(arr, (evaluated++, nr));
		sum = fill_and_sum(arr, nr);
		ALLOT_ARRAY_FREE(arr);
	}
	CHECK_EQ(evaluated, 1);
	return sum;
}

ALLOT_TEST(array, every_count_works)
{
	size_t nr;

	for (nr = 0; nr <= 40; nr++)
		CHECK_EQ(roundtrip(nr), nr ? nr * (nr - 1) / 2 : 0);
	roundtrip(100000);
}

ALLOT_TEST(array, every_count_works_in_two_steps)
{
	size_t nr;

	for (nr = 0; nr <= 40; nr++)
		CHECK_EQ(roundtrip_two_steps(nr), nr ? nr * (nr - 1) / 2 : 0);
	roundtrip_two_steps(100000);
}

ALLOT_TEST(array, two_arrays_in_one_scope)
{
	size_t nr = 2;
	ALLOT_ARRAY(int, a, nr);
	ALLOT_ARRAY(int, b, nr + 5);

	a[0] = 1;
	a[1] = 2;
	memset(b, 0, (nr + 5) * sizeof(*b));
	b[6] = 9;
	CHECK_EQ(a[0] + a[1] + b[6], 12);
	ALLOT_ARRAY_FREE(b);
	ALLOT_ARRAY_FREE(a);
}

ALLOT_TEST(array, zero_count)
{
	ALLOT_ARRAY(char, none, 0);
	ALLOT_ARRAY_DECL(char, none_either);

	ALLOT_ARRAY_ALLOC(none_either, 0);
	(void) none; /* must not be dereferenced */
	(void) none_either;
	ALLOT_ARRAY_FREE(none_either);
	ALLOT_ARRAY_FREE(none);
}
