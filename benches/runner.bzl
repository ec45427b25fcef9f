# SPDX-License-Identifier: MIT
"""A benchmark's command: tools/allot-tune over its programs."""

load("//alloc:defs.bzl", "allot_executable")

def bench_runner(name, programs, args, script = None, **kwargs):
    """`name`: runs tools/allot-tune (or `script`, which runs it) over `programs`, all
    built -c opt whatever the command line says: the figures users see.

    args: the runner's arguments (a benchmark's name and options), split like a shell's.
    kwargs: of allot_executable (test = True makes it a test; size, ...).
    """
    native.sh_binary(
        name = name + "_runner",
        srcs = [script or "//tools:allot-tune"],
        data = programs + ["//tools:allot_tune_lib"] + (["//tools:allot-tune"] if script else []),
        tags = ["manual"],
    )
    allot_executable(
        name = name,
        args = args,
        binary = ":%s_runner" % name,
        compilation_mode = "opt",
        **kwargs
    )
