"""The test matrix: the variants every test of the suite runs under."""

load("//alloc:variants.bzl", "strategy_combinations")
load("//toolchains:toolchains.bzl", "MALLOC_LIBS")

def suite_variants():
    """The variants every test runs under: every value of every knob.

    Every combination of the array, pool and path strategies, then each other heap
    backend, stats off, misuse checks off (under each pool strategy; the others follow
    NDEBUG, so they are on at -c fastbuild), and the edges of array_inline_max.
    """
    variants = [dict(v, stats = "true") for v in strategy_combinations()]
    for backend in MALLOC_LIBS:
        variants.append({"malloc": backend, "stats": "true"})
    variants.append({"stats": "false"})
    variants.append({"checks": "off", "stats": "true"})
    variants.append({"checks": "off", "pool": "malloc", "stats": "true"})
    variants.append({"array": "inline", "array_inline_max": "0", "stats": "true"})
    variants.append({"array": "alloca", "array_inline_max": "8", "stats": "true"})
    return variants
