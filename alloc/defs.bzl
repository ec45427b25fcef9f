"""allot_cc_binary and allot_cc_test: C targets whose allot strategies are pinned.

    load("@allot//alloc:defs.bzl", "allot_cc_binary")

    allot_cc_binary(
        name = "tool",
        srcs = ["tool.c"],
        deps = ["@allot//alloc"],
        strategies = {"pool": "arena", "array": "inline", "stats": "true"},
    )

`strategies` maps knob names (those of the --//alloc:* flags) to values, as strings;
the target and everything it depends on is built with them, whatever the command line
says. Knobs it does not name follow the command line. The other arguments are those of
cc_binary and cc_test.

allot_executable wraps any executable target the same way, and can also force the
compilation mode (benchmarks: compilation_mode = "opt", whatever -c says).

allot_tune measures a program of yours under every combination of the strategies and
tells which to pin:

    load("@allot//alloc:defs.bzl", "allot_tune")

    allot_tune(
        name = "tune_tool",
        binary = ":tool",                    # a cc_binary that depends on @allot//alloc
        args = ["--input", "$(location :sample)"],
        data = [":sample"],
        knobs = ["pool", "array", "path_format"],   # default: every strategy and the heap backend
    )

    bazel run //:tune_tool [--config=musl|mingw] [-- --rounds N --metric=instructions --write=user.bazelrc]

It builds the binary once per combination (-c opt), runs the builds side by side, stops
if their outputs differ, and prints the table and the decision (tools/allot-tune says
how it decides).
"""

load("@rules_cc//cc:defs.bzl", "cc_binary")
load("//toolchains:toolchains.bzl", "CROSS_TOOLCHAINS", "HOST", "TOOLCHAINS", "emulated", "toolchain_select")
load(":knobs.bzl", "KNOBS", "TUNED", "knob_label", "knob_spec", "parse_knob", "resolve")

_LABELS = {knob: knob_label(knob) for knob in KNOBS}

_MODE = "//command_line_option:compilation_mode"

def _pin_impl(settings, attr):
    out = {
        label: parse_knob(knob, attr.strategies[knob]) if knob in attr.strategies else settings[label]
        for knob, label in _LABELS.items()
    }
    out[_MODE] = attr.compilation_mode or settings[_MODE]
    return out

_pin = transition(
    implementation = _pin_impl,
    inputs = _LABELS.values() + [_MODE],
    outputs = _LABELS.values() + [_MODE],
)

def _pinned_impl(ctx):
    target = ctx.attr.binary[0]
    info = target[DefaultInfo]
    exe = info.files_to_run.executable
    name = ctx.label.name
    if exe.extension == "exe" and not name.endswith(".exe"):
        name += "." + exe.extension  # keep .exe for Windows binaries
    out = ctx.actions.declare_file(name)
    ctx.actions.symlink(output = out, target_file = exe, is_executable = True)
    runfiles = ctx.runfiles(files = [out]).merge(info.default_runfiles)
    return [
        DefaultInfo(executable = out, files = depset([out]), runfiles = runfiles),
        testing.TestEnvironment(ctx.attr.env),
    ]

_ATTRS = {
    "binary": attr.label(cfg = _pin, executable = True, mandatory = True),
    "compilation_mode": attr.string(values = ["", "fastbuild", "dbg", "opt"]),
    "env": attr.string_dict(),
    "strategies": attr.string_dict(),
    "_allowlist_function_transition": attr.label(
        default = "@bazel_tools//tools/allowlists/function_transition_allowlist",
    ),
}

_pinned_binary = rule(implementation = _pinned_impl, attrs = _ATTRS, executable = True)

_pinned_test = rule(implementation = _pinned_impl, attrs = _ATTRS, test = True)

# Attributes that belong to the test or binary as users run it, not to its compilation.
_OUTER = ["args", "env", "flaky", "local", "shard_count", "size", "tags", "timeout", "visibility"]

def _split(kwargs):
    outer = {k: kwargs.pop(k) for k in _OUTER if k in kwargs}
    return outer, kwargs

def allot_cc_binary(name, strategies = {}, **kwargs):
    """A cc_binary built with the given allot strategies (see the file's doc).

    Args:
      name: the target.
      strategies: {knob: value}, as strings; the knobs it leaves out follow the command line.
      **kwargs: those of cc_binary.
    """
    resolve(strategies)  # unknown knobs and bad values fail here, at loading time
    outer, inner = _split(kwargs)
    cc_binary(
        name = name + "_unpinned",
        tags = ["manual"],
        visibility = ["//visibility:private"],
        **inner
    )
    _pinned_binary(name = name, binary = ":%s_unpinned" % name, strategies = strategies, **outer)

def allot_cc_test(name, strategies = {}, **kwargs):
    """A test built like cc_test with the given allot strategies (see the file's doc).

    Args:
      name: the target.
      strategies: {knob: value}, as strings; the knobs it leaves out follow the command line.
      **kwargs: those of cc_test.
    """
    resolve(strategies)
    outer, inner = _split(kwargs)
    cc_binary(
        name = name + "_unpinned",
        tags = ["manual"],
        testonly = True,
        visibility = ["//visibility:private"],
        **inner
    )
    _pinned_test(name = name, binary = ":%s_unpinned" % name, strategies = strategies, **outer)

def allot_executable(name, binary, strategies = {}, compilation_mode = "", test = False, **kwargs):
    """An executable target, built with strategies and a compilation mode whatever the command line says.

    Args:
      name: the wrapper, which runs `binary`.
      binary: the executable target.
      strategies: {knob: value}, as strings.
      compilation_mode: "fastbuild", "dbg" or "opt"; "" follows the command line.
      test: whether the wrapper is a test.
      **kwargs: args, env, tags, visibility, size, ... of the wrapper.
    """
    resolve(strategies)
    rule = _pinned_test if test else _pinned_binary
    rule(
        name = name,
        binary = binary,
        strategies = strategies,
        compilation_mode = compilation_mode,
        **kwargs
    )

# allot_tune: the binary built once per combination of the tuned knobs' values (a split
# transition over the knob table), and a runner that measures them side by side.

_PLATFORMS = "//command_line_option:platforms"

# allot's platforms, as labels valid from any workspace: which toolchain a build is for.
_PLATFORM_TOOLCHAINS = {Label("//toolchains:" + name): name for name in TOOLCHAINS}

def _toolchain_of(platforms):
    """The toolchain of the table that --platforms names (the host's for any other)."""
    for platform in platforms:
        if platform in _PLATFORM_TOOLCHAINS:
            return _PLATFORM_TOOLCHAINS[platform]
    return HOST

def _tune_values(knob, attr, toolchain):
    """The values allot_tune tries for a knob: those given, or every value the toolchain has."""
    spec = KNOBS[knob]
    if knob in attr.values:
        return attr.values[knob]
    if spec.kind == "bool":
        return ["false", "true"]
    if spec.kind == "int":
        fail("allot_tune: give the counts to try for '%s' in values = {\"%s\": [...]}" % (knob, knob))
    if knob == "malloc" and toolchain in CROSS_TOOLCHAINS:
        return CROSS_TOOLCHAINS[toolchain].backends
    return spec.values

def tune_combinations(knobs, attr, toolchain):
    """Every combination of the tuned knobs' values.

    Args:
      knobs: the knobs tuned.
      attr: the allot_tune target's attributes (its values).
      toolchain: the toolchain of the table it builds with.

    Returns:
      [(name, {knob: value string})], one per combination.
    """
    combinations = [{}]
    for knob in knobs:
        combinations = [dict(c, **{knob: v}) for c in combinations for v in _tune_values(knob, attr, toolchain)]
    return [(",".join(["%s=%s" % (k, c[k]) for k in knobs]), c) for c in combinations]

def _tune_split_impl(settings, attr):
    out = {}
    for name, combination in tune_combinations(attr.knobs, attr, _toolchain_of(settings[_PLATFORMS])):
        pinned = {label: settings[label] for label in _LABELS.values()}
        for knob, value in combination.items():
            pinned[_LABELS[knob]] = parse_knob(knob, value)
        pinned[_MODE] = attr.compilation_mode
        out[name] = pinned
    return out

_tune_split = transition(
    implementation = _tune_split_impl,
    inputs = _LABELS.values() + [_MODE, _PLATFORMS],
    outputs = _LABELS.values() + [_MODE],
)

def _tune_mode_impl(_settings, attr):
    return {_MODE: attr.compilation_mode}

_tune_mode = transition(implementation = _tune_mode_impl, inputs = [], outputs = [_MODE])

def _tune_impl(ctx):
    toolchain = ctx.attr.toolchain
    runfiles = ctx.runfiles(files = ctx.files.data + [ctx.file._tuner] + ctx.files._tuner_lib)
    ways = []
    for name, combination in tune_combinations(ctx.attr.knobs, ctx.attr, toolchain):
        info = ctx.split_attr.binary[name][DefaultInfo]
        exe = info.files_to_run.executable

        # Every build has the same short path: each gets a name of its own.
        build = ctx.actions.declare_file("%s.builds/%s%s" % (
            ctx.label.name,
            "_".join(["%s-%s" % (k, combination[k]) for k in ctx.attr.knobs]),
            "." + exe.extension if exe.extension == "exe" else "",
        ))
        ctx.actions.symlink(output = build, target_file = exe, is_executable = True)
        ways.append({"knobs": combination, "path": build.short_path})
        runfiles = runfiles.merge(ctx.runfiles(files = [build])).merge(info.default_runfiles)
    extras = []
    for extra in ctx.attr.extras:
        info = extra[DefaultInfo]
        extras.append(info.files_to_run.executable.short_path)
        runfiles = runfiles.merge(info.default_runfiles)
    defaults = resolve({})
    manifest = ctx.actions.declare_file(ctx.label.name + ".tune.json")
    ctx.actions.write(manifest, json.encode({
        "target": str(ctx.label),
        "toolchain": toolchain,
        # under an emulator, times mean nothing and callgrind cannot count: no decision
        "emulated": emulated(toolchain),
        "flag_prefix": knob_label("pool")[:-len("pool")],
        "knobs": {
            knob: {
                "values": _tune_values(knob, ctx.attr, toolchain),
                "default": str(defaults[knob]).lower() if KNOBS[knob].kind == "bool" else str(defaults[knob]),
                "define": KNOBS[knob].define,
            }
            for knob in ctx.attr.knobs
        },
        "order": ctx.attr.knobs,
        # what --write must know of the other toolchains: the heap backends each links
        "backends": {cross: spec.backends for cross, spec in CROSS_TOOLCHAINS.items()},
        "ways": ways,
        "extras": extras,
        "args": [ctx.expand_location(a, ctx.attr.data) for a in ctx.attr.workload_args],
        "outputs": ctx.attr.outputs,
        "runner": ctx.attr.runner_args,
    }))
    script = ctx.actions.declare_file(ctx.label.name)
    ctx.actions.write(script, "\n".join([
        "#!/bin/sh",
        "# %s: tools/allot-tune over the builds of %s (see alloc/defs.bzl, allot_tune)." % (
            ctx.label.name,
            ctx.attr.binary[0].label,
        ),
        'exec python3 "%s" --manifest "%s" "$@"' % (ctx.file._tuner.short_path, manifest.short_path),
        "",
    ]), is_executable = True)
    runfiles = runfiles.merge(ctx.runfiles(files = [manifest, script]))
    return [DefaultInfo(executable = script, files = depset([script]), runfiles = runfiles)]

_TUNE_ATTRS = {
    "binary": attr.label(cfg = _tune_split, mandatory = True),
    "compilation_mode": attr.string(values = ["fastbuild", "dbg", "opt"], default = "opt"),
    "data": attr.label_list(allow_files = True),
    "extras": attr.label_list(cfg = _tune_mode),
    "knobs": attr.string_list(mandatory = True),
    "outputs": attr.string_list(),
    "runner_args": attr.string_list(),
    "toolchain": attr.string(mandatory = True, doc = "the toolchain of the table it builds with"),
    "values": attr.string_list_dict(),
    "workload_args": attr.string_list(),
    "_allowlist_function_transition": attr.label(
        default = "@bazel_tools//tools/allowlists/function_transition_allowlist",
    ),
    "_tuner": attr.label(default = Label("//tools:allot-tune"), allow_single_file = True),
    "_tuner_lib": attr.label(default = Label("//tools:allot_tune_lib")),
}

_tune = rule(implementation = _tune_impl, attrs = _TUNE_ATTRS, executable = True)

def allot_tune(name, binary, knobs = None, args = [], values = {}, **kwargs):
    """`bazel run :name` measures `binary` under every combination of `knobs` and picks.

    See tools/allot_tune/cli.py for what it measures and decides, and docs/choosing.md.

    Args:
      name: the runner.
      binary: a cc_binary that depends on @allot//alloc (or an allot_cc_binary's _unpinned).
      knobs: the knobs to tune (default: TUNED: array, pool, path_store, path_format and
        malloc, with the heap backends the toolchain links); each combination of their
        values is one build (glibc, by default: 3 x 2 x 2 x 2 x 4 = 96). The other knobs
        follow the command line.
      args: the workload's arguments, with $(location) of `data`.
      values: {knob: [values]} to try instead of all of a knob's values (counts must say);
        where the knob's default is not among them, the first stands for it.
      **kwargs: data (files the workload reads), outputs (files the workload writes,
        relative to its working directory, compared between builds like its standard
        output), extras (more programs that run beside the builds, shown, not tuned: a
        floor, say), runner_args (options for tools/allot-tune that come first:
        --rounds=7, --baseline=...), compilation_mode (of the builds: default "opt",
        whatever -c says), and visibility, tags, size, ... of the runner.
    """
    knobs = list(knobs if knobs != None else TUNED)
    if not knobs:
        fail("allot_tune %s: knobs is empty; name the knobs to tune, or leave it out for %s" % (name, TUNED))
    for knob in knobs:
        knob_spec(knob)
        if len([k for k in knobs if k == knob]) > 1:
            fail("allot_tune %s: knobs names '%s' twice" % (name, knob))
    for knob, tried in values.items():
        if knob not in knobs:
            fail("allot_tune %s: values names '%s', which is not among the knobs %s" % (name, knob, knobs))
        for value in tried:
            parse_knob(knob, value)
    _tune(
        name = name,
        binary = binary,
        knobs = knobs,
        values = values,
        workload_args = args,
        toolchain = toolchain_select({toolchain: toolchain for toolchain in TOOLCHAINS}, HOST),
        **kwargs
    )
