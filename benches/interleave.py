#!/usr/bin/env python3
"""Runs benchmark variants side by side and prints their timings as a table or JSON.

The variants are the programs benches/<bench>_* next to this script (in Bazel's
runfiles): one per strategy combination, each timing its own workload and printing

    strategies: array=<a> pool=<p> path_store=<s> path_format=<f> ... stats=<on|off> ...
    result: name=<variant|allot> [pattern=<p>] toolchain=<t> entries=<n> ns=<ns> checksum=<hex> [heap_calls=<n>]

(the strategies line, allot's key=value fields, only from programs that use allot; one
or more result lines). Results with a pattern (//benches:peers) are grouped by it: one
table per pattern, with each way's ratio to the best peer (a way not named allot/...). Programs built with stats=on are the counting twins: run
once, untimed, for their heap calls. Every round runs every program once, in an order
rotated each round, so that machine noise falls on all variants alike; a variant's time
is the median of its rounds, its spread the half-range around it.

Before printing a single time, every variant's checksum must be the same (within a
pattern): a strategy changes speed, never results. Otherwise it stops with an error.

--metric=instructions runs each program once more under callgrind and reports the
instructions per entry of each counted section (benches/bench.h's BENCH_COUNT_START and
BENCH_COUNT_STOP, labelled "<pattern> <name>"): deterministic where times are not.
--metric=both shows both. A --goal "PATTERN: A <= F x B" (A and B ways, or "allot" for
allot's best way and "peers" for the best peer) is checked on every metric shown;
--check-goals=instructions makes a missed instruction goal an error (CI's check).

    interleave.py BENCH [--rounds N] [--json] [--metric time|instructions|both]
                  [--baseline NAME ...] [--goal GOAL ...] [--check-goals METRIC] [-- ARGS...]

ARGS go to every program. Windows programs (.exe) run through $ALLOT_RUN (Wine).
"""

import argparse
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

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


def run(program, args, callgrind_dir=None):
    command = [program] + args
    if callgrind_dir:
        command = ["valgrind", "--tool=callgrind", "--quiet",
                   "--callgrind-out-file=" + os.path.join(callgrind_dir, "callgrind.out")] + command
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


def callgrind_counts(program, args):
    """{label: instructions} of a program's counted sections, from one run under callgrind."""
    if program.endswith(".exe"):
        sys.exit("interleave: callgrind cannot run %s, a Windows program: use --metric=time"
                 % os.path.basename(program))
    if not shutil.which("valgrind"):
        sys.exit("interleave: --metric=instructions needs valgrind (apt-get install valgrind)")
    where = tempfile.mkdtemp(prefix="allot-callgrind-")
    try:
        run(program, args, where)
        counts = {}
        for name in os.listdir(where):
            label, total = None, None
            with open(os.path.join(where, name)) as f:
                for line in f:
                    if line.startswith("desc: Trigger: Client Request: "):
                        label = line.split(": ", 3)[3].strip()
                    elif line.startswith(("summary:", "totals:")):
                        total = int(line.split()[1])
            if label is not None and total is not None:
                counts[label] = total
        return counts
    finally:
        shutil.rmtree(where)


GOAL = re.compile(r"^\s*(\S+):\s*(\S+)\s*<=\s*([0-9.]+)\s*x\s*(\S+)\s*$")


def parse_goal(text):
    m = GOAL.match(text)
    if not m:
        sys.exit('interleave: --goal "%s": write it as "PATTERN: A <= F x B"' % text)
    return {"text": text.strip(), "pattern": m.group(1), "a": m.group(2),
            "factor": float(m.group(3)), "b": m.group(4)}


def best_of(ways, name, key):
    """A way's figure, or the best of allot's ways ("allot") or of the peers ("peers")."""
    if name in ("allot", "peers"):
        own = [w for w in ways if w["name"].startswith("allot") == (name == "allot")
               and w.get(key) is not None]
        return min(own, key=lambda w: w[key]) if own else None
    return next((w for w in ways if w["name"] == name and w.get(key) is not None), None)


def check_goal(goal, patterns, metrics):
    """The goal's outcome on each metric: {metric: {"ratio", "holds", "a", "b"}}, or n/a."""
    outcome = {}
    ways = patterns.get(goal["pattern"], {}).get("ways", [])
    for metric, key in metrics:
        a, b = best_of(ways, goal["a"], key), best_of(ways, goal["b"], key)
        if a is None or b is None or not b[key]:
            outcome[metric] = None
            continue
        ratio = a[key] / b[key]
        outcome[metric] = {"ratio": ratio, "holds": ratio <= goal["factor"] + 1e-9,
                           "a": a["name"], "b": b["name"]}
    return outcome


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("bench")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--metric", choices=("time", "instructions", "both"), default="time")
    parser.add_argument("--baseline", action="append",
                        help="the variant to compare with (the first one present of those given)")
    parser.add_argument("--goal", action="append", default=[])
    parser.add_argument("--check-goals", choices=("time", "instructions"), action="append",
                        default=[], help="a missed goal on this metric is an error")
    argv = sys.argv[1:]
    rest = []
    if "--" in argv:  # what follows goes to every program
        rest = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    opts = parser.parse_args(argv)
    opts.args = rest
    if opts.rounds < 1:
        sys.exit("interleave: --rounds must be at least 1")
    goals = [parse_goal(g) for g in opts.goal]
    timing = opts.metric in ("time", "both")
    counting = opts.metric in ("instructions", "both")

    programs = find_programs(opts.bench)
    if not programs:
        sys.exit("interleave: no %s_* programs next to %s" % (opts.bench, __file__))

    times = {}  # (pattern, way) -> [ns per round]
    info = {}  # (pattern, way) -> {"strategies":..., "checksum":..., "entries":...}
    heap_calls = {}
    instructions = {}  # (pattern, way) -> instructions per entry
    checksums = {}  # pattern -> {checksum: [programs]}
    toolchain, changes, checks = "", None, set()

    def way_of(strategies, r):
        """The result's (pattern, way name) and the strategies to show beside it."""
        if r["name"] == "allot":
            name = variant_name(strategies)
            shown = {k: v for k, v in strategies.items() if k not in ("stats", "checks")}
        else:
            name, shown = r["name"], {}
        return (r.get("pattern", ""), name), shown

    def note(program, strategies, results, ns=True):
        for r in results:
            key, shown = way_of(strategies, r)
            checksums.setdefault(key[0], {}).setdefault(r["checksum"], []).append(
                os.path.basename(program))
            info[key] = {"strategies": shown, "checksum": r["checksum"], "entries": int(r["entries"])}
            if ns:
                times.setdefault(key, []).append(int(r["ns"]))

    timed = []
    for program in programs:  # the counting twins, once; a warm-up for the others
        strategies, results = run(program, opts.args)
        for r in results:
            toolchain = r["toolchain"]
            changes = r.get("changes")
            if "checks" in r:
                checks.add(r["checks"])
        if strategies.get("stats") == "on":
            for r in results:
                checksums.setdefault(r.get("pattern", ""), {}).setdefault(r["checksum"], []).append(
                    os.path.basename(program))
            heap_calls[variant_name(strategies)] = int(results[0].get("heap_calls", 0))
            continue
        timed.append(program)
        note(program, strategies, results, ns=False)
        if counting:
            counts = callgrind_counts(program, opts.args)
            for r in results:
                key, _ = way_of(strategies, r)
                label = ("%s %s" % (key[0], r["name"])) if key[0] else r["name"]
                if label not in counts:
                    sys.exit("interleave: %s counted no section \"%s\": its instructions are "
                             "not measured (--metric=time)" % (os.path.basename(program), label))
                instructions[key] = counts[label] / int(r["entries"])
    for rnd in range(opts.rounds if timing else 0):
        shift = rnd % len(timed)
        for program in timed[shift:] + timed[:shift]:
            strategies, results = run(program, opts.args)
            note(program, strategies, results)

    for pattern, sums in checksums.items():
        if len(sums) != 1:
            lines = ["  %s: %s" % (c, ", ".join(sorted(set(p)))) for c, p in sums.items()]
            sys.exit("interleave: the variants disagree%s; checksums:\n" % (
                " on " + pattern if pattern else "") + "\n".join(lines))

    patterns = {}
    for key in info:
        pattern, name = key
        ns = times.get(key)
        median = statistics.median(ns) if ns else None
        entries = info[key]["entries"]
        patterns.setdefault(pattern, {"entries": entries, "checksum": info[key]["checksum"],
                                      "ways": []})["ways"].append({
            "name": name,
            "strategies": info[key]["strategies"],
            "median_ns": int(median) if median is not None else None,
            "spread": ((max(ns) - min(ns)) / 2 / median if median else 0.0) if ns else None,
            "runs_ns": ns or [],
            "ns_per_entry": median / entries if median is not None and entries else None,
            "instructions_per_entry": instructions.get(key),
            "heap_calls_per_entry": (heap_calls[name] / entries) if name in heap_calls and entries else None,
            "checksum": info[key]["checksum"],
        })
    metrics = ([("time", "ns_per_entry")] if timing else []) + \
              ([("instructions", "instructions_per_entry")] if counting else [])
    for pattern, p in patterns.items():
        p["ways"].sort(key=lambda w: w["ns_per_entry"] if timing else w["instructions_per_entry"])
        if pattern:
            for metric, key in metrics:
                best = best_of(p["ways"], "peers", key)
                for w in p["ways"]:
                    w["vs_best_peer_" + metric] = w[key] / best[key] if best and best[key] else None
    outcomes = [dict(g, outcome=check_goal(g, patterns, metrics)) for g in goals]

    if "" in patterns:  # one result per program: the variants of a single workload
        legacy(opts, toolchain, changes, checks, patterns[""], timing, counting)
    if [p for p in patterns if p] or outcomes:
        by_pattern(opts, toolchain, patterns, metrics, outcomes)
    missed = [g for g in outcomes for m in opts.check_goals
              if g["outcome"].get(m) is not None and not g["outcome"][m]["holds"]]
    if missed:
        sys.exit("interleave: %d goal(s) missed on %s: %s" % (
            len(missed), ", ".join(opts.check_goals), "; ".join(g["text"] for g in missed)))


def legacy(opts, toolchain, changes, checks, p, timing, counting):
    """The table of a benchmark whose programs are variants of one workload."""
    rows, entries = p["ways"], p["entries"]
    candidates = opts.baseline or ["array=heap pool=malloc path=heap,libc"]
    baseline = next((b for b in candidates if any(r["name"] == b for r in rows)), None)
    base = next((r for r in rows if r["name"] == baseline), None)
    for r in rows:
        r["speedup"] = (base["median_ns"] / r["median_ns"]) if base and timing and r["median_ns"] else None
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
    print("%-*s %10s %8s %9s %10s%s%s" % (width, "variant", "median ms", "spread", "ns/entry",
                                          "speed-up", " heap/entry" if counted else "",
                                          " instr/entry" if counting else ""))
    for r in rows:
        speedup = "%.2fx" % r["speedup"] if r["speedup"] else "-"
        heap = "%.2f" % r["heap_calls_per_entry"] if r["heap_calls_per_entry"] is not None else "-"
        instr = r["instructions_per_entry"]
        mark = "  (baseline)" if r["name"] == baseline else ""
        print("%-*s %10s %7s %9s %10s%s%s%s" % (
            width, r["name"],
            "%.1f" % (r["median_ns"] / 1e6) if r["median_ns"] is not None else "-",
            "%.1f%%" % (100 * r["spread"]) if r["spread"] is not None else "-",
            "%.1f" % r["ns_per_entry"] if r["ns_per_entry"] is not None else "-", speedup,
            " %10s" % heap if counted else "", " %11s" % ("%.1f" % instr if instr else "-") if counting else "",
            mark))
    print("speed-up: baseline median / variant median; spread: half the range of the rounds")
    print("bigger run: --rounds N, and the program's own options after --")


def by_pattern(opts, toolchain, patterns, metrics, outcomes):
    """One table per pattern, each way against the best peer; then the goals."""
    if opts.json:
        json.dump({"toolchain": toolchain, "rounds": opts.rounds, "metric": opts.metric,
                   "patterns": {k: v for k, v in patterns.items() if k},
                   "goals": outcomes}, sys.stdout, indent=1)
        print()
        return
    shown = " and ".join("%s (%s)" % (m, "median of %d interleaved rounds" % opts.rounds
                                      if m == "time" else "callgrind, one run")
                         for m, _ in metrics)
    print("%s on %s: %s; ratios are to the best peer (a way not named allot/...)" % (
        opts.bench, toolchain, shown))
    for pattern in sorted(k for k in patterns if k):
        p = patterns[pattern]
        ways = p["ways"]
        width = max(len(w["name"]) for w in ways)
        print("\n%s: %d entries per way, every way checksum %s" % (pattern, p["entries"], p["checksum"]))
        head = "%-*s" % (width, "way")
        for metric, _ in metrics:
            head += (" %9s %7s %8s" % ("ns/entry", "spread", "vs peer") if metric == "time"
                     else " %11s %8s" % ("instr/entry", "vs peer"))
        print(head)
        for w in ways:
            line = "%-*s" % (width, w["name"])
            for metric, key in metrics:
                ratio = w.get("vs_best_peer_" + metric)
                ratio = "%.2fx" % ratio if ratio is not None else "-"
                if metric == "time":
                    line += " %9.2f %6.1f%% %8s" % (w[key], 100 * w["spread"], ratio)
                else:
                    line += " %11.1f %8s" % (w[key], ratio)
            print(line)
    if outcomes:
        print("\ngoals (allot: its best way; peers: the best peer):")
        for g in outcomes:
            cells = []
            for metric, _ in metrics:
                o = g["outcome"].get(metric)
                if o is None:
                    cells.append("%s n/a" % metric)
                else:
                    cells.append("%s %.2fx (%s/%s) %s" % (metric, o["ratio"], o["a"], o["b"],
                                                          "holds" if o["holds"] else "MISSES"))
            print("  %-45s %s" % (g["text"], "; ".join(cells)))


if __name__ == "__main__":
    main()
