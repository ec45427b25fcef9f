# SPDX-License-Identifier: MIT
"""A benchmark's command, tools/allot-tune over its programs, and the goals its test checks."""

load("@rules_shell//shell:sh_binary.bzl", "sh_binary")
load("//alloc:defs.bzl", "allot_executable")
load("//toolchains:toolchains.bzl", "HOST", "toolchain_select")

def bench_runner(name, programs, args, script = None, **kwargs):
    """Declares `name`: tools/allot-tune over `programs`, all built -c opt: the figures users see.

    Args:
      name: the runner.
      programs: the programs it measures, built -c opt whatever the command line says.
      args: the runner's arguments (a benchmark's name and options), split like a shell's.
      script: a script that runs tools/allot-tune, instead of it.
      **kwargs: of allot_executable (test = True makes it a test; size, ...).
    """
    sh_binary(
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
    """What a goals test checks its goals in, toolchain by toolchain.

    Callgrind's instruction counts on x86-64 Linux without a sanitizer ("instructions");
    elsewhere only that the programs run and agree ("time"): under the sanitizers and
    qemu-user there is nothing to count, and the goals are set for x86-64 Linux.
    """
    return toolchain_select({HOST: ["instructions"], "musl": ["instructions"]}, ["time"])

def checked_goals(goals, ceilings):
    """The runner's --goal= options a goals test checks.

    Each goal, or where one does not hold yet, the ceiling that ceilings (goal -> ceiling)
    gives for it.
    """
    return ["'--goal=%s'" % (ceilings.get(goal) or goal) for goal in goals]
