"""The test matrix: the variants every test of the suite runs under."""

load("//alloc:knobs.bzl", "KNOBS")
load("//alloc:variants.bzl", "allot_test_variants", "pairwise_cover", "strategy_combinations")
load("//toolchains:toolchains.bzl", "FULL_MATRIX", "MALLOC_LIBS")

def suite_variants():
    """The variants every test runs under: every value of every knob.

    Every combination of the array, pool and path strategies, then each other heap
    backend, stats off, misuse checks off (under each pool strategy; the others follow
    NDEBUG, so they are on at -c fastbuild), and the edges of array_inline_max.

    Returns:
      [{knob: value}].
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

def matrix_test_variants(name, tags = [], **kwargs):
    """allot_test_variants over suite_variants(), those outside the pairwise cover tagged.

    The strategy combinations outside their pairwise cover are tagged FULL_MATRIX: every
    value of every knob, and every pair of values of two strategy knobs, runs everywhere;
    every combination runs on glibc and musl.

    Args:
      name: the prefix of the tests.
      tags: of every test.
      **kwargs: of allot_test_variants (srcs, deps, ...).
    """
    cover = [dict(v, stats = "true") for v in pairwise_cover(strategy_combinations())]
    outside = [v for v in suite_variants() if _combination(v) and v not in cover]
    everywhere = [v for v in suite_variants() if v not in outside]
    allot_test_variants(
        name = name,
        tags = tags,
        variants = everywhere,
        samples = shared_samples(everywhere),
        **kwargs
    )
    allot_test_variants(
        name = name,
        tags = tags + [FULL_MATRIX],
        variants = outside,
        samples = shared_samples(outside),
        **kwargs
    )

SAMPLE_SHARES = 4

def shared_samples(variants):
    """ALLOT_TEST_SAMPLE for each variant (tests/check.h).

    The variants that format alike (the same path_format) share the differential tests'
    generated cases out, up to SAMPLE_SHARES ways, each keeping every Nth case from
    another K, so that together they run every case; those that link a glibc-only heap
    backend, which the cross toolchains skip, run every case. A differential test's cases
    cost the same under every strategy of the other knobs, and they are most of the
    suite's time.

    Args:
      variants: [{knob: value}].

    Returns:
      ALLOT_TEST_SAMPLE's value for each variant, "" for every case.
    """
    groups = {}
    for i, v in enumerate(variants):
        if v.get("malloc", "system") not in MALLOC_LIBS:
            groups.setdefault(v.get("path_format", KNOBS["path_format"].default), []).append(i)
    samples = [""] * len(variants)
    for members in groups.values():
        n = min(SAMPLE_SHARES, len(members))
        for k, i in enumerate(members):
            samples[i] = "%d:%d" % (n, k % n) if n > 1 else ""
    return samples

def _combination(variant):
    """Whether a variant sets every strategy knob (one of strategy_combinations())."""
    return all([knob in variant for knob in strategy_combinations()[0]])
