# SPDX-License-Identifier: MIT
"""Pinning a decision: --write merges it into a .bazelrc or a Make fragment."""

import os
import time

def bazel_flags(chosen, flag_prefix):
    return ["--%s%s=%s" % (flag_prefix, k, v) for k, v in chosen.items()]


def merge_pins(path, new_lines, replaces):
    """Writes new_lines into the file at path in place of the lines that replaces(line)
    says they replace (and the "# allot-tune" comment above each), or at its end."""
    old = []
    if os.path.exists(path):
        with open(path) as f:
            old = f.read().splitlines()
    kept, at = [], None
    for line in old:
        if replaces(line):
            if kept and kept[-1].startswith("# allot-tune"):
                kept.pop()
            at = len(kept) if at is None else at
            continue
        kept.append(line)
    at = len(kept) if at is None else at
    write_lines(path, kept[:at] + new_lines + kept[at:])


def write_lines(path, lines):
    """Replaces the file at path with lines, at once (a reader never sees half of it)."""
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(path + ".tmp", path)


def write_pins(opts, decision, make):
    chosen = decision["chosen"]
    note = "# allot-tune %s on %s, %s, %s" % (opts.target, opts.toolchain, decision["metric"],
                                             time.strftime("%Y-%m-%d"))
    if make:
        names = {make[k][0] for k in chosen}
        merge_pins(opts.write, [note] + ["%s = %s" % (make[k][0], v) for k, v in chosen.items()],
                   lambda line: line.split("=")[0].strip() in names and "=" in line)
    else:
        command = "build" if opts.toolchain == "glibc" else "build:" + opts.toolchain
        merge_pins(opts.write, [note, " ".join([command] + bazel_flags(chosen, opts.flag_prefix))],
                   lambda line: pins_of(line, opts.flag_prefix, command) is not None)
        keep_backends_linkable(opts)
    print("wrote %s's pins for %s to %s" % (opts.toolchain, opts.target, opts.write))


def pins_of(line, flag_prefix, command):
    """{knob: value} of a .bazelrc line of `command` that has allot knob flags only (as
    --write writes them), else None."""
    words = line.split()
    prefix = "--" + flag_prefix
    if len(words) < 2 or words[0] != command or not all(
            w.startswith(prefix) and "=" in w for w in words[1:]):
        return None
    return dict(w[len(prefix):].split("=", 1) for w in words[1:])


def keep_backends_linkable(opts):
    """The plain `build` line holds for every toolchain, which a build:<config> line
    overrides knob by knob: where the host's line pins a heap backend that a cross
    toolchain cannot link, that toolchain's line (added if need be) pins "system"."""
    with open(opts.write) as f:
        lines = f.read().splitlines()
    host = next((p for p in (pins_of(l, opts.flag_prefix, "build") for l in lines) if p), {})
    backend = host.get("malloc", "system")
    changed = False
    for cross, backends in sorted(opts.backends.items()):
        if backend in backends:
            continue
        command = "build:" + cross
        at = next((i for i, l in enumerate(lines) if pins_of(l, opts.flag_prefix, command) is not None), None)
        if at is None:
            lines += ["# allot-tune: %s links none of %s, which the build line pins" % (cross, backend),
                      "%s --%smalloc=system" % (command, opts.flag_prefix)]
            changed = True
        elif "malloc" not in pins_of(lines[at], opts.flag_prefix, command):
            lines[at] += " --%smalloc=system" % opts.flag_prefix
            changed = True
    if changed:
        write_lines(opts.write, lines)
