"""Variants: the library compiled with knobs of its own, for tests and benchmarks.

A variant is a dict of knob values (strings, as in allot_cc_test's `strategies`). For
each one, allot_variant_library declares a cc_library of allot built with exactly those
knobs, whatever the command line says, so that many variants build side by side in one
configuration (and what they share, GoogleTest, builds once).
"""

load("@rules_cc//cc:defs.bzl", "cc_binary", "cc_library", "cc_test")
load("@rules_shell//shell:sh_test.bzl", "sh_test")
load("//toolchains:toolchains.bzl", "GLIBC_ONLY", "HOST", "MALLOC_LIBS", "toolchain_select")
load(":knobs.bzl", "KNOBS", "SOURCE_KNOBS", "config_string", "knob_defines", "resolve", "source_library")

def variant_name(strategies):
    """A target-name-safe name for a variant: its knobs in table order.

    Args:
      strategies: the variant's {knob: value}.

    Returns:
      e.g. "pool-arena_stats-on"; "defaults" for no knob.
    """
    parts = []
    for knob in KNOBS:
        if knob in strategies:
            parts.append("%s-%s" % (knob, strategies[knob]))
    return "_".join(parts) if parts else "defaults"

def strategy_combinations():
    """Every combination of the array, pool and path strategies, as variants."""
    return [
        {
            "array": array,
            "pool": pool,
            "path_store": store,
            "path_format": fmt,
        }
        for array in KNOBS["array"].values
        for pool in KNOBS["pool"].values
        for store in KNOBS["path_store"].values
        for fmt in KNOBS["path_format"].values
    ]

def _pairs(combination):
    """The (knob, value, knob, value) pairs of a combination, knobs in table order."""
    knobs = [knob for knob in KNOBS if knob in combination]
    return [
        (a, combination[a], b, combination[b])
        for i, a in enumerate(knobs)
        for b in knobs[i + 1:]
    ]

def pairwise_cover(combinations):
    """The fewest of `combinations` that cover every pair of values of two knobs, greedily.

    Each step takes the first combination with the most pairs not yet covered (6 of the 24
    strategy combinations).

    Args:
      combinations: [{knob: value}].

    Returns:
      The cover, a list of some of `combinations`.
    """
    left = {}
    for combination in combinations:
        for pair in _pairs(combination):
            left[pair] = True
    cover = []
    for _ in combinations:
        if not left:
            break
        best, best_new = None, -1
        for combination in combinations:
            new = len([pair for pair in _pairs(combination) if pair in left])
            if new > best_new:
                best, best_new = combination, new
        cover.append(best)
        for pair in _pairs(best):
            left.pop(pair, None)
    return cover

def variant_tags(strategies, tags = []):
    """The tags of a variant's targets: GLIBC_ONLY when it links a glibc-only backend."""
    if strategies.get("malloc", "system") in MALLOC_LIBS:
        return tags + [GLIBC_ONLY]
    return tags

def _variant_source(src, values, defines, copts):
    """The calling package's library of alloc/`src` under the knobs it reads.

    Under the knobs it reads of `values`, `defines` and `copts`: declared by the first
    variant that needs it, shared by the others.
    """
    own = {knob: values[knob] for knob in SOURCE_KNOBS[src]}
    name = "allot_%s_%s" % (src[:-len(".c")], "_".join([
        "%s-%s" % (knob, str(value).lower())
        for knob, value in own.items()
    ]))
    if defines or copts:
        name += "_options-%s" % str(hash(" ".join(defines + ["|"] + copts))).replace("-", "m")
    if not native.existing_rule(name):
        source_library(
            name = name,
            src = src,
            copts = copts,
            local_defines = knob_defines(own, for_attribute = True) + defines,
        )
    return ":" + name

def allot_variant_library(name, strategies, defines = [], copts = [], tags = [], **kwargs):
    """cc_library `name`: allot built with the knobs in `strategies` and their backend.

    Each source is compiled with the knobs it reads (SOURCE_KNOBS), once per package for
    all the variants that agree on them and on defines and copts.
    defines: more defines for the library and what uses it (e.g. a C library's options).
    copts: options for compiling the library's sources (-fvisibility=hidden, say).
    """
    values = resolve(strategies)
    backend = MALLOC_LIBS.get(values["malloc"])
    cc_library(
        name = name,
        defines = knob_defines(values, for_attribute = True) + defines,
        deps = [str(Label("//alloc:headers"))] +
               [_variant_source(src, values, defines, copts) for src in SOURCE_KNOBS] +
               ([backend] if backend else []),
        tags = variant_tags(strategies, tags),
        **kwargs
    )

def _declare_variants(kind, name, srcs, deps, variants, defines, tags, kwargs, samples = None):
    """For each variant: its library and a cc_test or cc_binary `name`_<variant> on it.

    `kind` is "test" or "binary". Returns [(strategies, label)].
    """
    declared = []
    for i, strategies in enumerate(variants):
        variant = "%s_%s" % (name, variant_name(strategies))
        allot_variant_library(
            name = variant + "_alloc",
            strategies = strategies,
            defines = defines,
            tags = tags,
            testonly = kind == "test",
        )
        common = dict(
            name = variant,
            srcs = srcs,
            deps = deps + [":%s_alloc" % variant],
            tags = variant_tags(strategies, tags),
            **kwargs
        )
        if kind == "test":
            env = {"ALLOT_EXPECT_CONFIG": config_string(resolve(strategies))}
            if samples and samples[i]:
                env["ALLOT_TEST_SAMPLE"] = samples[i]
            cc_test(size = "small", env = env, **common)
        else:
            cc_binary(**common)
        declared.append((strategies, ":" + variant))
    return declared

def allot_test_variants(name, srcs, variants, deps = [], defines = [], tags = [], samples = None, **kwargs):
    """One cc_test per variant: `name`_<variant>.

    (No test_suite of them: it would bring glibc-only variants past the cross configs'
    tag filters. `bazel test //pkg:all` runs them all.)

    Each test is srcs linked with the variant's library (built with `defines` too) and
    deps, and gets ALLOT_EXPECT_CONFIG, the allot_config() string its knobs must produce.
    samples: None, or for each variant ALLOT_TEST_SAMPLE's value ("N:K", tests/check.h)
    or "" for every case.
    """
    _declare_variants("test", name, srcs, deps, variants, defines, tags, kwargs, samples)

def allot_binary_variants(name, srcs, variants, deps = [], defines = [], tags = [], **kwargs):
    """One cc_binary per variant (`name`_<variant>).

    For programs that must behave the same under every variant (the benchmarks).
    Returns a select() of their labels: all of them for glibc, the others elsewhere.
    """
    declared = _declare_variants("binary", name, srcs, deps, variants, defines, tags, kwargs)
    everywhere = [label for strategies, label in declared if GLIBC_ONLY not in variant_tags(strategies)]
    return for_toolchains(glibc = [label for _, label in declared], cross = everywhere)

def allot_tool_test_variants(name, srcs, script, variants, script_args = [], deps = [], defines = [], tags = [], **kwargs):
    """For each variant: a program, and an sh_test that runs a script on it.

    The program is built from srcs (`name`_program_<variant>); the sh_test
    `name`_<variant> runs `script` with script_args and the program's path. For checks
    that run a program under a tool (tests/runners/valgrind_run.sh, the poisoning
    checks).

    Args:
      name: the prefix of the targets.
      srcs: the program's sources.
      script: the test's script.
      variants: [{knob: value}].
      script_args: the script's arguments before the program's path.
      deps: the program's deps beside its library.
      defines: the program's and its library's defines.
      tags: of every target.
      **kwargs: of the programs (linkopts, say).
    """
    declared = _declare_variants("binary", name + "_program", srcs, deps, variants, defines, tags, kwargs)
    for strategies, label in declared:
        sh_test(
            name = "%s_%s" % (name, variant_name(strategies)),
            srcs = [script],
            args = script_args + ["$(location %s)" % label],
            data = [label],
            tags = variant_tags(strategies, tags),
        )

def for_toolchains(glibc, cross):
    """A select() of `glibc` for glibc builds and `cross` for the cross toolchains."""
    return toolchain_select({HOST: glibc}, cross)
