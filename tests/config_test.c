/* SPDX-License-Identifier: MIT */
/* allot_config() names the strategies this build was made with, and the linked heap. */
#if defined(__linux__)
#define _GNU_SOURCE /* dladdr, RTLD_DEFAULT */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/alloc.h"
#include "tests/check.h"

#if defined(__GLIBC__)
#include <dlfcn.h>
#endif

/* Each strategy knob's value is a value of that knob. */
ALLOT_TEST(config, every_knob_has_a_value_of_its_own)
{
#define CHECK_KNOB(knob) CHECK(ALLOT__VALUE_DECADE(knob) == (knob) / 10);
	ALLOT__STRATEGY_KNOBS(CHECK_KNOB)
#undef CHECK_KNOB
}

/* Under Bazel, the variant's build rule says which string its knobs must give. */
ALLOT_TEST(config, matches_what_the_build_asked_for)
{
	const char *expected = getenv("ALLOT_EXPECT_CONFIG");

	if (expected)
		CHECK_STREQ(allot_config(), expected);
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZER_OWNS_MALLOC 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZER_OWNS_MALLOC 1
#endif

#if defined(__GLIBC__) && !defined(SANITIZER_OWNS_MALLOC)
/* The heap backend that allot_config() names is the one malloc resolves to. */
ALLOT_TEST(config, malloc_backend_is_linked)
{
	static const struct {
		const char *name, *library;
	} backends[] = {
	    {"system", "libc.so"},
	    {"tcmalloc", "libtcmalloc"},
	    {"jemalloc", "libjemalloc"},
	    {"mimalloc", "libmimalloc"},
	};
	void *sym = dlsym(RTLD_DEFAULT, "malloc");
	Dl_info info;
	size_t i;

	CHECK(sym != NULL);
	CHECK(dladdr(sym, &info) != 0);
	for (i = 0; i < sizeof(backends) / sizeof(backends[0]); i++) {
		if (strcmp(backends[i].name, ALLOT_MALLOC_NAME) != 0)
			continue;
		if (!strstr(info.dli_fname, backends[i].library))
			allot_check_fail(__FILE__, __LINE__, "malloc comes from %s, not from %s",
			                 info.dli_fname, backends[i].library);
		return;
	}
	allot_check_fail(__FILE__, __LINE__, "unknown backend %s", ALLOT_MALLOC_NAME);
}
#endif
