"""Variants: the library compiled with knobs of its own, for tests and benchmarks.

A variant is a dict of knob values (strings, as in allot_cc_test's `strategies`). For
each one, allot_variant_library declares a cc_library of allot built with exactly those
knobs, whatever the command line says, so that many variants build side by side in one
configuration (and what they share, GoogleTest, builds once).
"""

load("@rules_cc//cc:defs.bzl", "cc_binary", "cc_library", "cc_test")
load(":knobs.bzl", "KNOBS", "MALLOC_LIBS", "config_string", "knob_defines", "resolve")

def variant_name(strategies):
    """A target-name-safe name for a variant: its knobs in table order, e.g. pool-arena_stats-on."""
    parts = []
    for knob in KNOBS:
        if knob in strategies:
            parts.append("%s-%s" % (knob, strategies[knob]))
    return "_".join(parts) if parts else "defaults"

def suite_variants():
    """The variants every test runs under: every value of every knob.

    Every combination of the array, pool and path strategies, then each other heap
    backend, stats off, and the edges of array_inline_max.
    """
    variants = []
    for array in KNOBS["array"].values:
        for pool in KNOBS["pool"].values:
            for store in KNOBS["path_store"].values:
                for fmt in KNOBS["path_format"].values:
                    variants.append({
                        "array": array,
                        "pool": pool,
                        "path_store": store,
                        "path_format": fmt,
                        "stats": "true",
                    })
    for backend in MALLOC_LIBS:
        variants.append({"malloc": backend, "stats": "true"})
    variants.append({"stats": "false"})
    variants.append({"array": "inline", "array_inline_max": "0", "stats": "true"})
    variants.append({"array": "alloca", "array_inline_max": "8", "stats": "true"})
    return variants

def allot_variant_library(name, strategies, **kwargs):
    """cc_library `name`: allot built with the knobs in `strategies` and their backend."""
    values = resolve(strategies)
    backend = MALLOC_LIBS.get(values["malloc"])
    cc_library(
        name = name,
        srcs = [str(Label("//alloc:sources"))],
        hdrs = [str(Label("//alloc:public_headers"))],
        defines = knob_defines(values, for_attribute = True),
        deps = [backend] if backend else [],
        **kwargs
    )

def allot_test_variants(name, srcs, deps = [], variants = None, **kwargs):
    """One cc_test per variant (`name`_<variant>), and a test_suite `name` of them all.

    Each test is srcs linked with the variant's library and deps, and gets
    ALLOT_EXPECT_CONFIG, the allot_config() string its knobs must produce.
    """
    tests = []
    for strategies in (variants if variants != None else suite_variants()):
        variant = "%s_%s" % (name, variant_name(strategies))
        allot_variant_library(name = variant + "_alloc", strategies = strategies, testonly = True)
        cc_test(
            name = variant,
            size = "small",
            srcs = srcs,
            deps = deps + [":%s_alloc" % variant],
            env = {"ALLOT_EXPECT_CONFIG": config_string(resolve(strategies))},
            **kwargs
        )
        tests.append(":" + variant)
    native.test_suite(name = name, tests = tests)

def allot_binary_variants(name, srcs, deps = [], variants = None, **kwargs):
    """One cc_binary per variant (`name`_<variant>); returns their labels.

    For programs that must behave the same under every variant (the benchmarks).
    """
    binaries = []
    for strategies in (variants if variants != None else suite_variants()):
        variant = "%s_%s" % (name, variant_name(strategies))
        allot_variant_library(name = variant + "_alloc", strategies = strategies)
        cc_binary(name = variant, srcs = srcs, deps = deps + [":%s_alloc" % variant], **kwargs)
        binaries.append(":" + variant)
    return binaries
