#!/usr/bin/env python3
"""Runs benchmark variants side by side and prints their timings as a table or JSON.

The variants are the programs benches/<bench>_* next to this script (in Bazel's
runfiles): one per strategy combination, each timing its own workload and printing

    strategies: array=<a> pool=<p> path_store=<s> path_format=<f> ... stats=<on|off> ...
    result: name=<variant|allot> toolchain=<t> entries=<n> ns=<ns> checksum=<hex> [heap_calls=<n>]

(the strategies line, allot's key=value fields, only from programs that use allot; one
or more result lines). Programs built with stats=on are the counting twins: run
once, untimed, for their heap calls. Every round runs every program once, in an order
rotated each round, so that machine noise falls on all variants alike; a variant's time
is the median of its rounds, its spread the half-range around it.

Before printing a single time, every variant's checksum must be the same: a strategy
changes speed, never results. Otherwise it stops with an error.

    interleave.py BENCH [--rounds N] [--json] [--baseline NAME ...] [-- ARGS...]

ARGS go to every program. Windows programs (.exe) run through $ALLOT_RUN (Wine).
"""

import argparse
import glob
import json
import os
import re
import statistics
import subprocess
import sys

RESULT = re.compile(r"^result: (.*)$", re.M)
CHANGES = re.compile(r"^changes: (\d+)", re.M)
STRATEGIES = re.compile(r"^strategies: (.*)$", re.M)


def find_programs(bench):
    # Under bazel run and bazel test the working directory is the workspace's runfiles.
    here = os.path.join(os.getcwd(), "benches")
    if not os.path.isdir(here):
        here = os.path.dirname(os.path.abspath(__file__))
    programs = []
    for path in sorted(glob.glob(os.path.join(here, bench + "_*"))):
        base = os.path.basename(path)
        if base.endswith((".py", ".sh", "_test", "_runner", "_workload", ".a", ".so", ".params")):
            continue
        if os.path.isfile(path) and os.access(path, os.X_OK):
            programs.append(path)
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


def run(program, args):
    command = [program] + args
    if program.endswith(".exe"):
        runner = os.environ.get("ALLOT_RUN")
        if not runner:
            sys.exit("interleave: %s is a Windows program: run with --config=mingw" % program)
        command = [runner] + command
    done = subprocess.run(command, stdout=subprocess.PIPE, universal_newlines=True)
    if done.returncode != 0 and program.endswith(".exe") and not done.stdout:
        # Wine, not the program: now and then a start fails before the program prints
        # anything (seen once in CI, exit status 1). A program that fails fails again.
        print("interleave: %s exited with %d before any output; once more" % (
            os.path.basename(program), done.returncode), file=sys.stderr)
        done = subprocess.run(command, stdout=subprocess.PIPE, universal_newlines=True)
    if done.returncode != 0:
        sys.exit("interleave: %s exited with %d" % (" ".join(command), done.returncode))
    out = done.stdout.replace("\r", "")
    strategies = STRATEGIES.search(out)
    changes = CHANGES.search(out)
    results = []
    for line in RESULT.findall(out):
        fields = key_values(line)
        if changes:
            fields["changes"] = int(changes.group(1))
        results.append(fields)
    if not results:
        sys.exit("interleave: %s printed no result line" % program)
    return (key_values(strategies.group(1)) if strategies else {}), results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("bench")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--baseline", action="append",
                        help="the variant to compare with (the first one present of those given)")
    argv = sys.argv[1:]
    rest = []
    if "--" in argv:  # what follows goes to every program
        rest = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    opts = parser.parse_args(argv)
    opts.args = rest
    if opts.rounds < 1:
        sys.exit("interleave: --rounds must be at least 1")

    programs = find_programs(opts.bench)
    if not programs:
        sys.exit("interleave: no %s_* programs next to %s" % (opts.bench, __file__))

    times = {}  # variant -> [ns per round]
    info = {}  # variant -> {"strategies":..., "checksum":...}
    heap_calls = {}
    checksums = {}
    toolchain, entries, changes, checks = "", 0, None, set()
    timed = []
    for program in programs:  # the counting twins, once
        strategies, results = run(program, opts.args)
        for r in results:
            checksums.setdefault(r["checksum"], []).append(os.path.basename(program))
            toolchain, entries = r["toolchain"], int(r["entries"])
            changes = r.get("changes")
            checks.add(r.get("checks", "?"))
        if strategies.get("stats") == "on":
            name = variant_name(strategies)
            heap_calls[name] = int(results[0].get("heap_calls", 0))
        else:
            timed.append(program)
    for rnd in range(opts.rounds):
        shift = rnd % len(timed)
        for program in timed[shift:] + timed[:shift]:
            strategies, results = run(program, opts.args)
            for r in results:
                checksums.setdefault(r["checksum"], []).append(os.path.basename(program))
                if r["name"] == "allot":
                    name = variant_name(strategies)
                    shown = {k: v for k, v in strategies.items() if k not in ("stats", "checks")}
                else:
                    name, shown = r["name"], {}
                times.setdefault(name, []).append(int(r["ns"]))
                info[name] = {"strategies": shown, "checksum": r["checksum"]}

    if len(checksums) != 1:
        lines = ["  %s: %s" % (c, ", ".join(sorted(set(p)))) for c, p in checksums.items()]
        sys.exit("interleave: the variants disagree; checksums:\n" + "\n".join(lines))

    candidates = opts.baseline or ["array=heap pool=malloc path=heap,libc"]
    baseline = next((b for b in candidates if b in times), None)
    rows = []
    for name, ns in times.items():
        median = statistics.median(ns)
        rows.append({
            "name": name,
            "strategies": info[name]["strategies"],
            "median_ns": int(median),
            "spread": (max(ns) - min(ns)) / 2 / median if median else 0.0,
            "runs_ns": ns,
            "ns_per_entry": median / entries if entries else 0.0,
            "speedup": (statistics.median(times[baseline]) / median) if baseline and median else None,
            "heap_calls_per_entry": (heap_calls[name] / entries) if name in heap_calls and entries else None,
            "checksum": info[name]["checksum"],
        })
    rows.sort(key=lambda r: r["median_ns"])

    if opts.json:
        json.dump({"toolchain": toolchain, "entries": entries, "changes": changes,
                   "checks": ",".join(sorted(checks)),
                   "checksum": rows[0]["checksum"], "baseline": baseline,
                   "rounds": opts.rounds, "variants": rows}, sys.stdout, indent=1)
        print()
        return

    print("%s on %s: %d entries, %d rounds interleaved, median of rounds, misuse checks %s" % (
        opts.bench, toolchain, entries, opts.rounds, ",".join(sorted(checks))))
    print("every variant: %schecksum %s" % ("%d changes, " % changes if changes is not None else "",
                                           rows[0]["checksum"]))
    width = max(len(r["name"]) for r in rows)
    counted = any(r["heap_calls_per_entry"] is not None for r in rows)
    print("%-*s %10s %8s %9s %10s%s" % (width, "variant", "median ms", "spread", "ns/entry",
                                        "speed-up", " heap/entry" if counted else ""))
    for r in rows:
        speedup = "%.2fx" % r["speedup"] if r["speedup"] else "-"
        heap = "%.2f" % r["heap_calls_per_entry"] if r["heap_calls_per_entry"] is not None else "-"
        mark = "  (baseline)" if r["name"] == baseline else ""
        print("%-*s %10.1f %7.1f%% %9.1f %10s%s%s" % (width, r["name"], r["median_ns"] / 1e6,
                                                      100 * r["spread"], r["ns_per_entry"], speedup,
                                                      " %10s" % heap if counted else "", mark))
    print("speed-up: baseline median / variant median; spread: half the range of the rounds")
    print("bigger run: --rounds N, and the program's own options after --")


if __name__ == "__main__":
    main()
