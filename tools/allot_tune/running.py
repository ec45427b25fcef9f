# SPDX-License-Identifier: MIT
"""Running the programs: each way's command, one run of it (its output, results and
peak memory), the builds of --build templates, and Wine kept up between runs."""

import contextlib
import glob
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

from .knobs import knob_table, make_names, parse_config

RESULT = re.compile(r"^result: (.*)$", re.M)
RESULT_FIELDS = {"name", "toolchain", "entries", "ns", "checksum"}  # what a benchmark's result has
CHANGES = re.compile(r"^changes: (\d+)", re.M)
CONFIG = re.compile(r"^allot: (.*)$", re.M)  # allot_config(), as a program prints it
# GNU time reports the peak resident memory of the program it runs (wait4's ru_maxrss).
# The runner cannot ask for it itself: a child of Python starts out with Python's pages,
# and Linux keeps that peak across exec.
GNU_TIME = shutil.which("time", path="/usr/bin:/bin")


class Way:
    """One program to run: its command, and the knob values it was built with (None for
    a program that only runs beside the builds)."""

    def __init__(self, command, knobs=None, label=None):
        self.command = command
        self.knobs = knobs
        self.label = label or os.path.basename(command[0])


def find_programs(bench):
    # Under bazel run and bazel test the working directory is the workspace's runfiles.
    here = os.path.join(os.getcwd(), "benches")
    if not os.path.isdir(here):
        here = os.path.dirname(os.path.abspath(sys.argv[0]))  # the runner, as a bench names it
    programs = []
    for path in sorted(glob.glob(os.path.join(here, bench + "_*"))):
        base = os.path.basename(path)
        if base.endswith((".py", ".sh", "_test", "_runner", "_workload", ".a", ".so", ".params")):
            continue
        if os.path.isfile(path) and os.access(path, os.X_OK):
            programs.append(Way([path]))
    return programs


def key_values(text):
    """The key=value fields of a line, as a dict."""
    return dict(kv.split("=", 1) for kv in text.split() if "=" in kv)


def variant_name(strategies):
    """A short name from a program's strategies: "array=alloca pool=arena path=heap,libc"."""
    name = "array=%s pool=%s path=%s,%s" % (
        strategies["array"], strategies["pool"], strategies["path_store"], strategies["path_format"])
    if strategies.get("malloc", "system") != "system":
        name += " malloc=" + strategies["malloc"]
    return name


def combination_label(knobs):
    return ",".join("%s=%s" % kv for kv in knobs.items())


class Run:
    """What one run of a way printed: its strategies line, its results (a plain program's
    one result is synthesized: its time from start to exit, its output's digest), for a
    plain program the output itself, and its peak resident memory in KiB (None when
    not measured: under callgrind, or without GNU time)."""

    def __init__(self, strategies, results, output=None, peak_kib=None):
        self.strategies, self.results, self.output = strategies, results, output
        self.peak_kib = peak_kib


def read_peak(path):
    """GNU time's %M from its -o file: the last line (a line before it says why a program
    failed), in KiB."""
    try:
        with open(path) as f:
            lines = f.read().split()
        return int(lines[-1]) if lines and lines[-1].isdigit() else None
    finally:
        os.remove(path)


def run(way, opts, callgrind_dir=None):
    command = way.command + opts.args
    windows = way.command[0].endswith(".exe")
    runner = os.environ.get("ALLOT_RUN")  # toolchains/run.sh: Wine, or qemu-user
    if windows and not runner:
        sys.exit("allot-tune: %s is a Windows program: run with --config=mingw" % way.command[0])
    if runner:
        command = [runner] + command
    if callgrind_dir:
        # Under Wine the program runs in a process of its own that Wine starts: follow
        # it, and not Wine's server and services.
        follow = ["--trace-children=yes", "--trace-children-skip=*wineserver*",
                  "--trace-children-skip-by-arg=*system32*"] if windows else []
        command = ["valgrind", "--tool=callgrind", "--quiet"] + follow + [
            "--callgrind-out-file=" + os.path.join(callgrind_dir, "callgrind.out.%p")] + command
    for name in opts.outputs:  # what a run before this one left
        if os.path.isfile(name):
            os.remove(name)
    peak_file = None
    if not callgrind_dir and GNU_TIME:  # (Wine's process, under Wine: its own pages too)
        fd, peak_file = tempfile.mkstemp(prefix="allot-peak-")
        os.close(fd)
        command = [GNU_TIME, "-f", "%M", "-o", peak_file] + command
    started = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE)
    if done.returncode != 0 and way.command[0].endswith(".exe") and not done.stdout:
        # Wine, not the program: now and then a start fails before the program prints
        # anything (seen once in CI, exit status 1). A program that fails fails again.
        print("allot-tune: %s exited with %d before any output; once more" % (
            way.label, done.returncode), file=sys.stderr)
        started = time.perf_counter()
        done = subprocess.run(command, stdout=subprocess.PIPE)
    elapsed = time.perf_counter() - started
    peak = read_peak(peak_file) if peak_file else None
    if done.returncode != 0:
        sys.exit("allot-tune: %s exited with %d" % (" ".join(command), done.returncode))
    raw = done.stdout.replace(b"\r\n", b"\n")
    out = raw.decode("utf-8", "replace")
    # A benchmark's result lines (a program of the user's may print "result: " lines of
    # its own: those lack the fields, and are output like any other).
    results = [f for f in (key_values(line) for line in RESULT.findall(out)) if RESULT_FIELDS <= f.keys()]
    if results:
        config = CONFIG.search(out)
        strategies = parse_config(config.group(1)) if config else {}
        if way.knobs and strategies:  # the build must have the knobs it was asked for
            wrong = ["%s=%s" % (k, strategies[k]) for k, v in way.knobs.items()
                     if k in strategies and strategies[k] != v]
            if wrong:
                sys.exit("allot-tune: %s was to be built with %s, and reports %s" % (
                    way.label, combination_label(way.knobs), " ".join(wrong)))
        changes = CHANGES.search(out)
        for fields in results:
            if changes:
                fields["changes"] = int(changes.group(1))
        return Run(strategies, results, peak_kib=peak)
    if opts.bench:
        sys.exit("allot-tune: %s printed no result line" % way.label)
    output = [("the standard output", raw)]
    for name in opts.outputs:
        if not os.path.isfile(name):
            sys.exit("allot-tune: %s wrote no %s (--output)" % (way.label, name))
        with open(name, "rb") as f:
            output.append((name, f.read()))
        os.remove(name)
    digest = hashlib.sha1()
    for name, data in output:
        digest.update(b"%d:%s%d:" % (len(name), name.encode(), len(data)) + data)
    return Run({}, [{
        "name": "allot", "toolchain": opts.toolchain, "entries": "1",
        "ns": str(int(elapsed * 1e9)), "checksum": digest.hexdigest()[:16],
    }], output, peak)


def first_difference(a, b):
    """Where two outputs (lists of (name, bytes)) first differ, as lines to show: the
    output, the byte and line, and a few bytes of each around that byte."""
    for (name, x), (_, y) in zip(a, b):
        if x != y:
            break
    at = next((i for i in range(min(len(x), len(y))) if x[i] != y[i]), min(len(x), len(y)))
    start = max(0, at - 40)

    def excerpt(data):
        return repr(data[start:at + 40])[1:] + ("" if at + 40 < len(data) else " (end)")
    return "first difference in %s, at byte %d (line %d):" % (
        name, at, x[:at].count(b"\n") + 1), excerpt(x), excerpt(y)


def combinations(knobs):
    combos = [{}]
    for knob, spec in knobs.items():
        combos = [dict(c, **{knob: v}) for c in combos for v in spec["values"]]
    return combos


def fill(template, values):
    """template with each {name} of values replaced (other braces stay, as in ${VAR})."""
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), m.group(0)), template)


def build_with_templates(opts):
    """Builds every combination with --build; returns the knobs tuned and the ways."""
    table = knob_table()
    names = [k.strip() for k in opts.knobs.split(",")] if opts.knobs else \
        [k for k, spec in table.items() if spec["tuned"]]
    knobs = {}
    for knob in names:
        if knob not in table:
            sys.exit("allot-tune: --knobs: '%s' is not a strategy knob; they are: %s" % (
                knob, ", ".join(table)))
        knobs[knob] = dict(table[knob])
    for given in opts.values:
        knob, _, values = given.partition("=")
        if knob not in knobs:
            sys.exit("allot-tune: --values %s: '%s' is not among --knobs (%s)" % (
                given, knob, ", ".join(knobs)))
        wrong = [v for v in values.split(",") if v not in table[knob]["values"]]
        if wrong:
            sys.exit("allot-tune: --values %s: %s takes %s, not %s" % (
                given, knob, ", ".join(table[knob]["values"]), ", ".join(wrong)))
        knobs[knob]["values"] = values.split(",")
    make = make_names(table)
    opts.builds = tempfile.mkdtemp(prefix="allot-tune-")
    ways = []
    for combo in combinations(knobs):
        where = os.path.join(opts.builds, "_".join("%s-%s" % kv for kv in combo.items()))
        os.mkdir(where)
        values = dict(combo, dir=where, defines=" ".join(make[k][1](v) for k, v in combo.items()))
        command = fill(opts.build, values)
        print("allot-tune: building %s" % combination_label(combo), file=sys.stderr)
        done = subprocess.run(command, shell=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              universal_newlines=True)
        if done.returncode != 0:
            sys.exit("allot-tune: the build of %s failed (exit status %d):\n  %s\n%s" % (
                combination_label(combo), done.returncode, command, done.stdout[-3000:]))
        ways.append(Way(shlex.split(fill(opts.run, {"dir": where})), combo, combination_label(combo)))
    return knobs, ways, make


@contextlib.contextmanager
def wine_kept_up(ways):
    """While Windows programs are measured, one Windows process lives beside them (a
    cmd.exe waiting for input), so that Wine's server and services stay up between runs.
    Without it, Wine now and then shuts them down between two runs and starts them again
    for the next, which adds about 2 seconds to that run (seen every 16 runs or so)."""
    runner = os.environ.get("ALLOT_RUN")
    if not runner or not any(w.command[0].endswith(".exe") for w in ways):
        yield
        return
    keeper = subprocess.Popen([runner, "cmd.exe"], stdin=subprocess.PIPE,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield
    finally:
        keeper.stdin.close()  # cmd.exe ends at the end of its input
        try:
            keeper.wait(timeout=30)
        except subprocess.TimeoutExpired:
            keeper.kill()
