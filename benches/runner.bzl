# SPDX-License-Identifier: MIT
"""A benchmark's command, tools/allot-tune over its programs, and the goals its test checks."""

load("//alloc:defs.bzl", "allot_executable")
load("//toolchains:toolchains.bzl", "HOST", "toolchain_select")

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

def goals_metric():
    """What a goals test checks its goals in: callgrind's instruction counts on the Linux
    toolchains without a sanitizer ("instructions"); elsewhere, with no callgrind to count,
    only that the programs run and agree ("time"): under the sanitizers and qemu-user
    there is nothing to count, and the goals are set for x86-64 Linux."""
    return toolchain_select({HOST: ["instructions"], "musl": ["instructions"]}, ["time"])

def checked_goals(goals, ceilings):
    """The runner's --goal= options a goals test checks: each goal, or where one does not
    hold yet, the ceiling that ceilings (goal -> ceiling) gives for it."""
    return ["'--goal=%s'" % (ceilings.get(goal) or goal) for goal in goals]
