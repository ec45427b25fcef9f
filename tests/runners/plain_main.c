/* SPDX-License-Identifier: MIT */
/*
 * The plain-C runner for the test bodies (tests/NAME_test.c), for toolchains without C++ (musl).
 * It prints what GoogleTest would, closing with "N passed, N failed" (and ", N skipped" when
 * a test was skipped, each with its reason).
 *
 *   runner [--list] [--filter=TEXT]   TEXT: run the tests whose "suite.name" contains it
 */
#include <stdio.h>
#include <string.h>

#include "alloc/stats.h"
#include "tests/check.h"

int main(int argc, char **argv)
{
	const char *filter = NULL;
	const struct allot_test *t;
	int passed = 0, failed = 0, skipped = 0, i;
	char name[256];

	for (i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "--filter=", 9)) {
			filter = argv[i] + 9;
		} else if (!strcmp(argv[i], "--list")) {
			for (t = allot_check_tests(); t; t = t->next)
				printf("%s.%s\n", t->suite, t->name);
			return 0;
		} else {
			fprintf(stderr, "usage: %s [--list] [--filter=TEXT]\n", argv[0]);
			return 2;
		}
	}
	printf("allot: %s\n", allot_config());
	for (t = allot_check_tests(); t; t = t->next) {
		struct allot_check_result r;

		snprintf(name, sizeof(name), "%s.%s", t->suite, t->name);
		if (filter && !strstr(name, filter))
			continue;
		printf("[ RUN      ] %s\n", name);
		fflush(stdout);
		if (allot_check_run(t, &r)) {
			printf("%s:%d: Failure\n%s\n[  FAILED  ] %s\n", r.file, r.line, r.msg,
			       name);
			failed++;
		} else if (r.skipped) {
			printf("[  SKIPPED ] %s: %s\n", name, r.msg);
			skipped++;
		} else {
			printf("[       OK ] %s\n", name);
			passed++;
		}
	}
	if (skipped)
		printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	else
		printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
