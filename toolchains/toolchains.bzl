"""The toolchains allot builds with, and what each can link: one table, read by
toolchains/BUILD.bazel (the toolchains and their config_settings), alloc/knobs.bzl (which
backends a toolchain links) and the test and benchmark variants (what glibc alone has).
.bazelrc names the same toolchains in its --config=<cpu> lines and tag filters.
"""

# Each cross toolchain (--config=<cpu>, --cpu=<cpu>): the compiler Bazel may ask for with
# it, and the heap backends it can link.
CROSS_TOOLCHAINS = {
    "musl": struct(compiler = "gcc", backends = ["system"]),
    "mingw": struct(compiler = "gcc", backends = ["system"]),
    "asan": struct(compiler = "clang", backends = ["system"]),
    "tsan": struct(compiler = "clang", backends = ["system"]),
}

def toolchain_setting(cpu):
    """The config_setting that is true when building with the cross toolchain cpu."""
    return "//toolchains:" + cpu

# Heap backends other than the C library's own, as libraries to link (glibc builds only).
MALLOC_LIBS = {
    "tcmalloc": "@allot_host_libs//:tcmalloc",
    "jemalloc": "@allot_host_libs//:jemalloc",
    "mimalloc": "@allot_host_libs//:mimalloc",
}

# Tag of targets that only glibc builds have (the cross configs skip them).
GLIBC_ONLY = "glibc_only"

# Tag of the test variants of strategy combinations outside the pairwise cover
# (tests/matrix.bzl): glibc and musl run them; MinGW, ASan and TSan, where a run costs
# several times more, skip them (.bazelrc).
FULL_MATRIX = "full_matrix"
