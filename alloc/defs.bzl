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
"""

load("@rules_cc//cc:defs.bzl", "cc_binary")
load(":knobs.bzl", "KNOBS", "knob_label", "parse_knob", "resolve")

_LABELS = {knob: knob_label(knob) for knob in KNOBS}

def _pin_impl(settings, attr):
    return {
        label: parse_knob(knob, attr.strategies[knob]) if knob in attr.strategies else settings[label]
        for knob, label in _LABELS.items()
    }

_pin = transition(
    implementation = _pin_impl,
    inputs = _LABELS.values(),
    outputs = _LABELS.values(),
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
