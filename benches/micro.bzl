"""micro_benchmarks: //benches:micro, one Google Benchmark binary per heap backend.

Strategies are chosen at compile time, so each strategy's cases (micro_cases.cc) are
built into a shared object of their own with their own copy of allot, all symbols
hidden: the objects cannot see each other (`name`_hidden_test checks), and one process
loads them all and runs every strategy side by side. Adding a strategy value to
alloc/knobs.bzl adds its object.
"""

load("@rules_cc//cc:defs.bzl", "cc_binary")
load("@rules_shell//shell:sh_test.bzl", "sh_test")
load("//alloc:defs.bzl", "allot_executable")
load("//alloc:knobs.bzl", "KNOBS")
load("//alloc:variants.bzl", "allot_variant_library")
load("//toolchains:toolchains.bzl", "GLIBC_ONLY", "MALLOC_LIBS")

def _patterns():
    """pattern -> the variants that vary it (dicts of knobs)."""
    return {
        "ARRAY": [{"array": v} for v in KNOBS["array"].values],
        # and the arena with the misuse checks on, as a build without NDEBUG has them
        "POOL": [{"pool": v} for v in KNOBS["pool"].values] + [{"pool": "arena", "checks": "on"}],
        "PATH": [
            {"path_store": store, "path_format": fmt}
            for store in KNOBS["path_store"].values
            for fmt in KNOBS["path_format"].values
        ],
    }

def micro_benchmarks(name):
    """Declares `name` (system malloc) and `name`_<backend> for each other heap backend.

    Args:
      name: the benchmark, and the prefix of the others.
    """
    tags = ["manual", GLIBC_ONLY]  # Google Benchmark is glibc-only here
    objects = []
    for pattern, variants in _patterns().items():
        for strategies in variants:
            label = ",".join([strategies[k] for k in sorted(strategies.keys(), reverse = True)])
            variant = "%s_%s_%s" % (name, pattern.lower(), label.replace(",", "_"))
            allot_variant_library(
                name = variant + "_alloc",
                strategies = strategies,
                copts = ["-fvisibility=hidden"],
                tags = tags,
            )
            cc_binary(
                name = "lib%s.so" % variant,
                srcs = ["micro_cases.cc"],
                copts = ["-fvisibility=hidden"],
                linkshared = True,
                local_defines = [
                    "MICRO_" + pattern,
                    "MICRO_STRATEGY=\\\"%s\\\"" % label,
                ],
                tags = tags,
                deps = [
                    ":%s_alloc" % variant,
                    "@google_benchmark//:benchmark",
                ],
            )
            objects.append(":lib%s.so" % variant)

    sh_test(
        name = name + "_hidden_test",
        size = "small",
        srcs = ["micro_hidden_test.sh"],
        args = ["$(location %s)" % o for o in objects],
        data = objects,
        tags = [GLIBC_ONLY],
    )

    for backend in KNOBS["malloc"].values:
        target = name if backend == "system" else "%s_%s" % (name, backend)
        cc_binary(
            name = target + "_bin",
            srcs = ["micro_main.cc"] + objects,
            # The strategy objects are only loaded for what they register at start-up.
            linkopts = ["-Wl,--no-as-needed"],
            local_defines = ["MICRO_BACKEND=\\\"%s\\\"" % backend],
            tags = tags,
            deps = ["@google_benchmark//:benchmark"] +
                   ([MALLOC_LIBS[backend]] if backend in MALLOC_LIBS else []),
        )
        allot_executable(
            name = target,
            binary = ":%s_bin" % target,
            compilation_mode = "opt",
            tags = [GLIBC_ONLY],
        )
