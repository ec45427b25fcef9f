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

/* allot_config()'s form, rewritten as key=value fields; "" if it is not in that form. */
static void config_as_fields(const char *config, char *out, size_t size)
{
	char array[32], pool[32], store[32], format[32], malloc_name[64], stats[8];
	unsigned inline_max;

	out[0] = '\0';
	if (sscanf(config, "array=%31[^:]:%u pool=%31s path=%31[^,],%31s malloc=%63s stats=%7s",
	           array, &inline_max, pool, store, format, malloc_name, stats) == 7)
		snprintf(
		    out, size,
		    "array=%s pool=%s path_store=%s path_format=%s array_inline_max=%u malloc=%s "
		    "stats=%s",
		    array, pool, store, format, inline_max, malloc_name, stats);
}

/* allot_config() and the key=value fields name the same knob values, from one table. */
ALLOT_TEST(config, names_every_knob)
{
	const char *fields = ALLOT__CONFIG_FIELDS;
	char rewritten[320];

	config_as_fields(allot_config(), rewritten, sizeof(rewritten));
	CHECK(rewritten[0] != '\0');
	CHECK(strncmp(fields, rewritten, strlen(rewritten)) == 0);
	CHECK_STREQ(fields + strlen(rewritten), ALLOT_CHECKS ? " checks=on" : " checks=off");
}

/* Each strategy knob's value is a value of that knob, named in the fields at its key. */
ALLOT_TEST(config, every_knob_has_a_value_of_its_own)
{
	const char *fields = " " ALLOT__CONFIG_FIELDS " ";
	char field[64];

#define CHECK_KNOB(key, knob)                                                   \
	CHECK(ALLOT__VALUE_DECADE(knob) == (knob) / 10);                        \
	snprintf(field, sizeof(field), " %s=%s ", key, ALLOT__KNOB_NAME(knob)); \
	CHECK(strstr(fields, field) != NULL);
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
