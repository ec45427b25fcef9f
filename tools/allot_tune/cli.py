# SPDX-License-Identifier: MIT
"""allot-tune: runs builds of a program side by side, checks that they agree, and picks
the allot strategies that make it fastest.

What to run, three ways:

    allot-tune --manifest FILE [OPTIONS] [ARGS]    the builds of an allot_tune target
        (alloc/defs.bzl writes FILE; `bazel run //pkg:tune_target -- OPTIONS ARGS`)
    allot-tune --build CMD --run CMD [--knobs K,K] [OPTIONS] [ARGS]
        hosts without Bazel: CMD templates build and run each combination of the knobs
        (see "Templates" below)
    allot-tune BENCH [OPTIONS] [ARGS]              allot's benchmarks: the programs
        benches/BENCH_* in Bazel's runfiles (//benches:peers, //benches:scratch)

Options this runner does not know, and everything after `--`, go to every program: the
workload's own arguments (`bazel run //benches:tree_diff -- --entries 200000`). After
`--` nothing is read as an option of the runner (a workload's own --rounds, say).

Measuring. Every round runs every program once, in an order rotated each round, so that
machine noise falls on all of them alike; a program's time is the median of its rounds,
its spread the half-range around it. A program that prints allot's benchmark lines

    allot: array=<a>:<n> pool=<p> path=<store>,<format> malloc=<m> stats=<on|off>
    result: name=<way|allot> [pattern=<p>] toolchain=<t> entries=<n> ns=<ns> checksum=<hex> [heap_calls=<n>]

times itself (its time is the sum of its results' ns) and is compared by the checksums;
any other program is timed from start to exit and compared by its standard output and
the files named with --output, byte for byte. Results with a pattern (//benches:peers)
are grouped by it, one table per pattern with each way's ratio to the best peer (a way
not named allot/...). Programs built with stats=on are counting twins: run once,
untimed, for their heap calls.

Before a single figure is printed, every program must have produced the same output (the
same checksum within a pattern): a strategy changes speed, never results. Otherwise the
runner stops and shows where the outputs first differ.

--metric=instructions runs each program once under callgrind instead and counts
instructions: in the sections a benchmark marks (benches/bench.h's BENCH_COUNT_START and
BENCH_COUNT_STOP), or in the whole run. They are the same from run to run, where times
are not. --metric=both shows both (and decides on time).

Memory, beside either: every run outside callgrind is started under GNU time, which
reports the process's peak resident memory (under Wine, Wine's own pages included); a
program's figure is the median of its rounds' (the warm-up run's alone under
--metric=instructions). A benchmark's result may carry pool_footprint=<bytes>, the
heap its pool held, which is shown beside it. --metric=memory decides on the peak
memory, with the time measured beside it.

Deciding (--manifest and --build). Each knob is judged on its own, each value against
the knob's default, over every pair of builds that differ in that knob alone, round by
round: the value wins when a one-sided sign test over those pairs reaches --confidence
(default 0.95, split over the values judged) and the median of the pairs' ratios is a
gain of at least --min-gain (default 1%). The default wins ("default") when it beats
every other value so; otherwise the knob keeps its default and the output says "tie".
With --metric=instructions the counts are exact: a gain of --min-gain decides. Each
verdict states the peak memory of the value it names, as a ratio to the default's.
--max-memory=RATIO chooses no combination whose peak exceeds RATIO times the
defaults': the winning values are taken largest gain first, each only while the
combination stays under the limit ("memory": the knob keeps its default). The
decision is printed after the table, with what the chosen combination costs in
memory, the flags that pin it and the strategies dict for allot_cc_binary. --write=FILE merges it into FILE: a .bazelrc, one line per toolchain
(`build:<config>`; the host toolchain's is plain `build`, which holds for every config
that does not override it: where it pins a heap backend that a cross toolchain cannot
link, that toolchain's line pins "system"), or, with --build, a Make fragment
(ALLOT_POOL_STRATEGY = arena, ...).

Templates (--build, --run). For each combination of the knobs' values, CMD in --build
runs in a shell with {dir} (an empty directory of the combination's own), {<knob>} (the
knob's value, e.g. {pool}) and {defines} (the -D flags of the combination) replaced;
then --run, with {dir} replaced, is the command to measure (split like a shell would,
without one). With allot's Make fragment:

    tools/allot-tune --knobs pool,array \
        --build 'make -s -C myprog OUT={dir} ALLOT_OBJDIR={dir}/allot ALLOT_POOL_STRATEGY={pool} ALLOT_ARRAY_STRATEGY={array}' \
        --run '{dir}/myprog --input sample.txt' --write=allot-tuned.mk

The knobs, their values and defaults come from alloc/knobs.bzl beside this script.

Goals (benchmarks). A --goal "PATTERN: A <= F x B" is checked on every metric shown
and printed after the tables. PATTERN is a pattern of the benchmark, or the workload's
own name (tree_diff: its builds and the programs beside them); A and B are ways
(variants), "allot" for allot's best (a way named allot/..., or a build with strategies)
and "peers" for the best peer. A goal given again for the same A and B replaces the
earlier one (a ceiling in place of a goal, say). A time goal's ratio is the median of
the rounds' ratios (A's time over B's in each round), with the rounds over the goal
counted beside it. --check-goals=instructions makes a missed instruction goal an error
(CI's check).

Programs run through $ALLOT_RUN where a config sets it (toolchains/run.sh: Wine for
--config=mingw, qemu-user for the emulated CPUs). Under an emulator (the manifest says
"emulated") every build runs once and the outputs are compared, and nothing is decided: the
times are the emulator's, callgrind cannot count, and --metric=instructions, --metric=memory,
--write and --check-goals are refused, saying why.
"""

import argparse
import json
import os
import shlex
import shutil
import statistics
import sys

from .counting import callgrind_counts
from .deciding import Decider
from .pinning import write_pins
from .reporting import best_of, builds_table, by_pattern, check_goal, describe, parse_goals
from .running import (GNU_TIME, Way, build_with_templates, combination_label, find_programs,
                      first_difference, run, variant_name, wine_kept_up)

def parse_options(argv):
    parser = argparse.ArgumentParser(
        prog="allot-tune", allow_abbrev=False, description=__doc__.split("\n")[0],
        usage="allot-tune (--manifest FILE | --build CMD --run CMD | BENCH) [OPTIONS] [ARGS] [-- ARGS]")
    parser.add_argument("--manifest", help="the builds of an allot_tune target (alloc/defs.bzl)")
    parser.add_argument("--build", help="the command that builds a combination (a template)")
    parser.add_argument("--run", help="the command that runs a build (a template)")
    parser.add_argument("--knobs", help="--build: the knobs to tune, comma-separated (default: "
                        "the strategy knobs)")
    parser.add_argument("--values", action="append", default=[], metavar="KNOB=V,V",
                        help="--build: the values to try for a knob (default: all)")
    parser.add_argument("--output", dest="outputs", action="append", default=[], metavar="FILE",
                        help="a file each run writes, compared like its standard output")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--metric", choices=("time", "instructions", "both", "memory"), default="time",
                        help="what to measure and decide on (both: decide on time; memory: "
                        "decide on peak resident memory, with the time beside it)")
    parser.add_argument("--max-memory", type=float, metavar="RATIO",
                        help="choose no combination whose peak memory exceeds RATIO times the "
                        "defaults' (at least 1: the defaults are what is left)")
    parser.add_argument("--confidence", type=float, default=0.95,
                        help="the confidence a value needs to win over the default (time)")
    parser.add_argument("--min-gain", type=float, default=0.01,
                        help="the least gain a value needs to win (a fraction: 0.01 is 1%%)")
    parser.add_argument("--write", metavar="FILE",
                        help="merge the pins into FILE (.bazelrc; with --build a Make fragment)")
    parser.add_argument("--baseline", action="append",
                        help="the variant to compare with (the first one present of those given)")
    parser.add_argument("--goal", action="append", default=[])
    parser.add_argument("--check-goals", choices=("time", "instructions"), action="append",
                        default=[], help="a missed goal on this metric is an error")
    manifest = None
    if argv[:1] == ["--manifest"] or (argv and argv[0].startswith("--manifest=")):
        path = argv[1] if argv[0] == "--manifest" else argv[0].split("=", 1)[1]
        with open(path) as f:
            manifest = json.load(f)
        argv = manifest["runner"] + argv  # the target's own options, then the user's
    bench = argv.pop(0) if argv and not argv[0].startswith("-") else None
    rest = []
    if "--" in argv:  # what follows goes to every program
        rest = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    opts, unknown = parser.parse_known_args(argv)
    opts.bench = bench
    opts.args = (manifest["args"] if manifest else []) + unknown + rest
    if opts.rounds < 1:
        parser.error("--rounds must be at least 1")
    if not 0.5 <= opts.confidence < 1:
        parser.error("--confidence must be at least 0.5 and below 1")
    if (opts.build is None) != (opts.run is None):
        parser.error("--build and --run go together")
    if sum(x is not None for x in (manifest, opts.build, bench)) != 1:
        parser.error("say what to run: --manifest FILE, --build CMD --run CMD, or a BENCH")
    if opts.max_memory is not None and opts.max_memory < 1:
        parser.error("--max-memory must be at least 1: the defaults are what is left")
    if opts.max_memory is not None and not (manifest or opts.build):
        parser.error("--max-memory limits a decision: it needs --manifest or --build")
    if opts.metric == "memory" and not GNU_TIME:
        parser.error("--metric=memory needs GNU time (/usr/bin/time: apt-get install time)")
    if opts.write and not (manifest or opts.build):
        parser.error("--write pins a decision: it needs --manifest or --build")
    if opts.write:  # under bazel run, a relative path is the user's, not the runfiles'
        opts.write = os.path.join(os.environ.get("BUILD_WORKING_DIRECTORY", ""), opts.write)
    return opts, manifest


def main():
    opts, manifest = parse_options(sys.argv[1:])
    goals = parse_goals(opts.goal)
    timing = opts.metric in ("time", "both", "memory")  # memory: each round's peak
    counting = opts.metric in ("instructions", "both")
    knobs, make, opts.builds = None, None, None
    opts.toolchain, opts.target, opts.flag_prefix = "host", "", ""
    opts.emulated = bool(manifest and manifest.get("emulated"))
    if opts.emulated:  # what it can still do: run every build and compare their outputs
        if counting or opts.metric == "memory" or opts.write or opts.check_goals:
            sys.exit("allot-tune: %s" % emulated_reason(manifest["toolchain"]) +
                     ": --metric=time only, without --write or --check-goals")
        opts.rounds = 1
    if manifest:
        knobs = {k: manifest["knobs"][k] for k in manifest["order"]}
        opts.toolchain, opts.target = manifest["toolchain"], manifest["target"]
        opts.flag_prefix, opts.backends = manifest["flag_prefix"], manifest["backends"]
        opts.outputs = manifest["outputs"] + opts.outputs
        ways = []
        for w in manifest["ways"]:
            combination = {k: w["knobs"][k] for k in manifest["order"]}
            ways.append(Way([w["path"]], combination, combination_label(combination)))
        ways += [Way([path]) for path in manifest["extras"]]
    elif opts.build:
        opts.target = os.path.basename(shlex.split(opts.run)[0])
        knobs, ways, make = build_with_templates(opts)
    else:
        ways = find_programs(opts.bench)
        if not ways:
            sys.exit("allot-tune: no %s_* programs next to %s" % (opts.bench, sys.argv[0]))
    try:
        with wine_kept_up(ways):
            measure(opts, ways, knobs, make, goals, timing, counting)
    finally:
        if opts.builds:
            shutil.rmtree(opts.builds)


def emulated_reason(toolchain):
    """Why the tuner decides nothing for an emulated toolchain, and what to do instead."""
    return ("the %s programs run under an emulator here (qemu-user), so their times are the "
            "emulator's and callgrind cannot count them: tune on a real %s machine "
            "(docs/platforms.md)" % (toolchain, toolchain))


def measure(opts, ways, knobs, make, goals, timing, counting):
    deciding = "memory" if opts.metric == "memory" else "time" if timing else "instructions"
    times = {}  # (pattern, way) -> [ns per round]
    info = {}  # (pattern, way) -> {"strategies":..., "checksum":..., "entries":...}
    heap_calls = {}
    instructions = {}  # (pattern, way) -> instructions per entry
    checksums = {}  # pattern -> {checksum: [programs]}
    outputs = {}  # checksum -> (program, the output), of plain programs
    program_figures = {}  # way label -> [ns per round] (time) or [instructions]
    names_of = {}  # way label -> the names of its results
    peaks = {}  # way label -> [peak KiB per round], or the warm-up's alone
    label_of = {}  # (pattern, way) -> the label of the program that printed it
    footprints = {}  # (pattern, way) -> the pool footprint its result reports, in bytes
    toolchain, changes, checks = opts.toolchain, None, set()

    def way_of(way, strategies, r):
        """The result's (pattern, way name) and the strategies to show beside it."""
        if r["name"] == "allot":
            if not strategies:  # a program that does not print allot's lines
                return ("", way.label), dict(way.knobs or {})
            name = variant_name(strategies)
            shown = {k: v for k, v in strategies.items() if k not in ("stats", "checks")}
        else:
            name, shown = r["name"], {}
        return (r.get("pattern", ""), name), shown

    def note(way, got, ns=True):
        for r in got.results:
            key, shown = way_of(way, got.strategies, r)
            checksums.setdefault(key[0], {}).setdefault(r["checksum"], []).append(way.label)
            if got.output is not None:
                outputs.setdefault(r["checksum"], (way.label, got.output))
            names_of.setdefault(way.label, []).append(key[1])
            info[key] = {"strategies": shown, "checksum": r["checksum"], "entries": int(r["entries"])}
            label_of[key] = way.label
            if "pool_footprint" in r:
                footprints[key] = int(r["pool_footprint"])
            if ns:
                times.setdefault(key, []).append(int(r["ns"]))
        if got.peak_kib is not None:  # the rounds' peaks replace the warm-up's
            peaks[way.label] = (peaks.get(way.label, []) if ns else []) + [got.peak_kib]
        if ns:
            program_figures.setdefault(way.label, []).append(sum(int(r["ns"]) for r in got.results))

    timed = []
    for way in ways:  # the counting twins, once; a warm-up for the others
        got = run(way, opts)
        for r in got.results:
            toolchain = r["toolchain"]
            changes = r.get("changes")
            if "checks" in r:
                checks.add(r["checks"])
        if got.strategies.get("stats") == "on":
            for r in got.results:
                checksums.setdefault(r.get("pattern", ""), {}).setdefault(r["checksum"], []).append(
                    way.label)
            heap_calls[variant_name(got.strategies)] = int(got.results[0].get("heap_calls", 0))
            continue
        timed.append(way)
        note(way, got, ns=False)
        if counting:
            got, counts = callgrind_counts(way, opts)
            total = 0
            for r in got.results:
                key, _ = way_of(way, got.strategies, r)
                label = ("%s %s" % (key[0], r["name"])) if key[0] else r["name"]
                if got.output is not None and set(counts) == {""}:
                    label = ""  # a plain program: the whole run
                if label not in counts:
                    why = " (a Windows program's client requests do not reach callgrind: " \
                        "its benchmark sections are counted on Linux only)" \
                        if way.command[0].endswith(".exe") else ""
                    sys.exit("allot-tune: %s counted no section \"%s\"%s: its instructions "
                             "are not measured; use --metric=time" % (way.label, label, why))
                instructions[key] = counts[label] / int(r["entries"])
                total += counts[label]
            if not timing:
                program_figures[way.label] = [total]
    for rnd in range(opts.rounds if timing else 0):
        shift = rnd % len(timed)
        for way in timed[shift:] + timed[:shift]:
            note(way, run(way, opts))

    for pattern, sums in checksums.items():
        if len(sums) != 1:
            lines = ["  %s: %s" % (c, ", ".join(sorted(set(p)))) for c, p in sums.items()]
            message = "allot-tune: the builds disagree%s: a strategy changed the output; " \
                "checksums:\n" % (" on " + pattern if pattern else "") + "\n".join(lines)
            shown = [outputs[c] for c in sums if c in outputs][:2]
            if len(shown) == 2:
                (a_name, a), (b_name, b) = shown
                where, a_text, b_text = first_difference(a, b)
                message += "\n%s\n  %s: %s\n  %s: %s" % (where, a_name, a_text, b_name, b_text)
            sys.exit(message)

    patterns = {}
    for key in info:
        pattern, name = key
        ns = times.get(key)
        median = statistics.median(ns) if ns else None
        entries = info[key]["entries"]
        patterns.setdefault(pattern, {"entries": entries, "checksum": info[key]["checksum"],
                                      "rounds": opts.rounds if timing else 0,
                                      "ways": []})["ways"].append({
            "name": name,
            "strategies": info[key]["strategies"],
            "median_ns": int(median) if median is not None else None,
            "spread": ((max(ns) - min(ns)) / 2 / median if median else 0.0) if ns else None,
            "runs_ns": ns or [],
            "entries": entries,
            "ns_per_entry": median / entries if median is not None and entries else None,
            "instructions_per_entry": instructions.get(key),
            "heap_calls_per_entry": (heap_calls[name] / entries) if name in heap_calls and entries else None,
            "peak_kib": statistics.median(peaks[label_of[key]]) if peaks.get(label_of[key]) else None,
            "pool_footprint": footprints.get(key),
            "program": label_of[key],
            "checksum": info[key]["checksum"],
        })
    metrics = ([("time", "ns_per_entry")] if timing else []) + \
              ([("instructions", "instructions_per_entry")] if counting else [])
    if peaks:
        metrics.append(("memory", "peak_kib"))
    sort_key = dict(metrics).get(deciding, metrics[0][1])
    for pattern, p in patterns.items():
        p["ways"].sort(key=lambda w: (w[sort_key] is None, w[sort_key] or 0))
        if pattern:
            for metric, key in [m for m in metrics if m[0] != "memory"]:
                best = best_of(p["ways"], "peers", key)
                for w in p["ways"]:
                    w["vs_best_peer_" + metric] = w[key] / best[key] if best and best[key] else None
    # Goals are on time and instructions (a program's peak memory covers all its ways); a
    # single workload's ways go by its name.
    workload = (opts.bench or opts.target).rsplit(":", 1)[-1]
    named = {(k or workload): p for k, p in patterns.items()}
    outcomes = [dict(g, outcome=check_goal(g, named, [m for m in metrics if m[0] != "memory"]))
                for g in goals]

    decision = None
    if knobs and not opts.emulated:
        builds = [w for w in timed if w.knobs is not None]
        memory = {tuple(sorted(w.knobs.items())): peaks[w.label] for w in builds if peaks.get(w.label)}
        if len(memory) < len(builds):
            if deciding == "memory" or opts.max_memory is not None:
                sys.exit("allot-tune: the builds' peak memory was not measured: GNU time "
                         "(/usr/bin/time, apt-get install time) measures it")
            memory = None
        samples = memory if deciding == "memory" else \
            {tuple(sorted(w.knobs.items())): program_figures[w.label] for w in builds}
        decision = Decider(knobs, samples, deciding, opts.confidence, opts.min_gain,
                           memory, opts.max_memory).decide()
        # the knobs in their table's order, as the pins show them
        decision["chosen"] = {k: decision["chosen"][k] for k in knobs}
    default_names = None
    if decision:
        default_names = names_of[next(w.label for w in timed if w.knobs == decision["default"])]
    if "" in patterns:  # one result per program: the variants of a single workload
        builds_table(opts, toolchain, changes, checks, patterns[""], metrics, decision, default_names,
                     outcomes)
    if [p for p in patterns if p]:
        by_pattern(opts, toolchain, patterns, metrics, outcomes)
    if decision and not opts.json:
        print()
        print("\n".join(describe(decision, toolchain, opts.flag_prefix, make)))
    if opts.emulated and not opts.json:
        print()
        print("decision: none. %s. Every build printed the same output." % emulated_reason(toolchain))
    if decision and opts.write:
        write_pins(opts, decision, make)
    missed = [g for g in outcomes for m in opts.check_goals
              if g["outcome"].get(m) is not None and not g["outcome"][m]["holds"]]
    if missed:
        sys.exit("allot-tune: %d goal(s) missed on %s: %s" % (
            len(missed), ", ".join(opts.check_goals), "; ".join(g["text"] for g in missed)))
