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
"""

load("@rules_cc//cc:defs.bzl", "cc_binary")
load(":knobs.bzl", "KNOBS", "knob_label", "parse_knob", "resolve")

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
    """A cc_binary built with the given allot strategies (see the file's doc)."""
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
    """A test built like cc_test with the given allot strategies (see the file's doc)."""
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
    """`name` runs the executable target `binary`, built with `strategies` and, if given,
    `compilation_mode` (e.g. "opt"), whatever the command line says. kwargs: args, env,
    tags, visibility, size, ... of the wrapper."""
    resolve(strategies)
    rule = _pinned_test if test else _pinned_binary
    rule(
        name = name,
        binary = binary,
        strategies = strategies,
        compilation_mode = compilation_mode,
        **kwargs
    )
