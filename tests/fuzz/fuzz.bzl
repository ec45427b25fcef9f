"""Fuzz targets replayed over their seed corpus under Bazel, on every toolchain."""

load("//alloc:variants.bzl", "allot_test_variants")

def fuzz_replay_variants(target, variants, srcs = [], defines = [], deps = []):
    """`target`_replay_<variant>: tests/fuzz/`target`.c run by fuzz_replay.c over every
    file of tests/fuzz/`target`_corpus/ (a filegroup `target`_corpus), once per variant.

    srcs, defines, deps: what the target needs besides its own file.
    """
    corpus = target + "_corpus"
    native.filegroup(
        name = corpus,
        srcs = native.glob(["fuzz/%s/*" % corpus]),
    )
    allot_test_variants(
        name = target + "_replay",
        srcs = ["fuzz/%s.c" % target, "fuzz/fuzz_replay.c"] + srcs,
        args = ["$(locations :%s)" % corpus],
        data = [":" + corpus],
        defines = defines,
        variants = variants,
        deps = deps,
    )
