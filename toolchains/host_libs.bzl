"""allot_host_libs: the heap backends and the benchmarks' peers, from the machine's /usr.

One repository rule serves WORKSPACE builds (allot_repositories()) and bzlmod (the host_libs
extension, toolchains/extensions.bzl). Each library whose files are on the machine is a
cc_library of the prebuilt Debian library. Each that is not is a target that fails, naming
its Debian package, only when a build uses it: @allot//alloc with the system heap needs
none of them, so it builds on a machine that has none, and the repository itself never
fails: it says which are missing.
"""

_LIB = "lib/x86_64-linux-gnu/"

# name: the files the target needs (under the root), the Debian package, and the rest of
# its cc_library (as BUILD text).
LIBRARIES = {
    # Heap backends: linking one of these makes the program's malloc resolve to it.
    "tcmalloc": ([_LIB + "libtcmalloc_minimal.so"], "libgoogle-perftools-dev", ""),
    "jemalloc": ([_LIB + "libjemalloc.so"], "libjemalloc-dev", ""),
    "mimalloc": ([_LIB + "libmimalloc.so"], "libmimalloc-dev", ""),
    # Peers for //benches:peers: what users pick instead of allot (glibc builds).
    "talloc": (
        [_LIB + "libtalloc.so", "include/talloc.h"],
        "libtalloc-dev",
        'hdrs = ["include/talloc.h"], strip_include_prefix = "include",',
    ),
    "apr": (
        [_LIB + "libapr-1.so", "include/apr-1.0/apr.h"],
        "libapr1-dev",
        'hdrs = glob(["include/apr-1.0/*.h"]), defines = ["LINUX"], ' +
        'strip_include_prefix = "include/apr-1.0",',
    ),
    "glib": (
        [_LIB + "libglib-2.0.so", "include/glib-2.0/glib.h", _LIB + "glib-2.0/include/glibconfig.h"],
        "libglib2.0-dev",
        'hdrs = glob(["include/glib-2.0/**/*.h"]) + ["%sglib-2.0/include/glibconfig.h"], ' % _LIB +
        'includes = ["include/glib-2.0", "%sglib-2.0/include"],' % _LIB,
    ),
    # Header-only, so for every toolchain: stb_sprintf, and Valgrind's client requests,
    # which name nothing but <stdarg.h>.
    "stb_sprintf": (
        ["include/stb/stb_sprintf.h"],
        "libstb-dev",
        'hdrs = ["include/stb/stb_sprintf.h"], strip_include_prefix = "include/stb",',
    ),
    "callgrind_headers": (
        ["include/valgrind/callgrind.h", "include/valgrind/valgrind.h"],
        "valgrind",
        'hdrs = ["include/valgrind/callgrind.h", "include/valgrind/valgrind.h"], ' +
        'strip_include_prefix = "include",',
    ),
}

def _host_libs_impl(rctx):
    targets, missing = [], []
    for name, (files, package, rest) in LIBRARIES.items():
        if all([rctx.path(rctx.attr.root + "/" + f).exists for f in files]):
            targets.append("cc_library(name = %r, srcs = %r, %s)" % (
                name,
                [f for f in files if f.endswith(".so")],
                rest,
            ))
        else:
            missing.append(name)
            targets.append("allot_missing_library(name = %r, package = %r)" % (name, package))
    for top in ("include", "lib"):
        if rctx.path(rctx.attr.root + "/" + top).exists:
            rctx.symlink(rctx.attr.root + "/" + top, top)
    if missing:
        # buildifier: disable=print
        print("allot: not on this machine, and failing only a build that uses them: %s" %
              ", ".join(missing))
    this = str(Label("//toolchains:host_libs.bzl"))
    if this.startswith("//"):  # WORKSPACE builds of allot itself: its workspace is @allot
        this = "@allot" + this
    rctx.file("BUILD.bazel", "\n".join([
        "# Written by allot's host_libs repository rule (toolchains/host_libs.bzl).",
        'load("@rules_cc//cc:defs.bzl", "cc_library")',
        'load("%s", "allot_missing_library")' % this,
        'package(default_visibility = ["//visibility:public"])',
    ] + targets) + "\n")

host_libs_repository = repository_rule(
    implementation = _host_libs_impl,
    attrs = {"root": attr.string(default = "/usr", doc = "where the Debian libraries are")},
    local = True,
    doc = "allot_host_libs: the prebuilt libraries allot's heap backends and peers use.",
)

def _missing_impl(ctx):
    fail("allot: %s is not on this machine: install Debian's %s (or leave it out of the build)" %
         (ctx.label.name, ctx.attr.package))

allot_missing_library = rule(
    implementation = _missing_impl,
    attrs = {"package": attr.string(doc = "the Debian package that has it")},
    doc = "A library that is not on the machine: it fails the build that uses it.",
)
