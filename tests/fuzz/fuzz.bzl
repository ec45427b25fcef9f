"""Fuzz targets replayed over their seed corpus under Bazel, on every toolchain."""

load("//alloc:variants.bzl", "allot_test_variants")

# Named after the fuzz target: `target`_corpus and `target`_replay_<variant>.
# buildifier: disable=unnamed-macro
def fuzz_replay_variants(target, variants, srcs = [], defines = [], deps = []):
    """Declares `target`_replay_<variant>: a fuzz target replayed over its corpus.

    tests/fuzz/`target`.c, run by fuzz_replay.c over every file of
    tests/fuzz/`target`_corpus/ (a filegroup `target`_corpus), once per variant.

    Args:
      target: the fuzz target's name.
      variants: [{knob: value}].
      srcs: what the target needs besides its own file.
      defines: likewise.
      deps: likewise.
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
