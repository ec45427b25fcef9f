# SPDX-License-Identifier: MIT
"""Reporting: the tables of the builds and of the patterns, the goals, and the decision
as text."""

import json
import re
import statistics
import sys

from .pinning import bazel_flags
from .running import combination_label

METRIC_WHAT = {"time": "the time", "instructions": "the instructions", "memory": "the peak memory"}


def kib_text(kib):
    return "%.1f MiB" % (kib / 1024) if kib >= 1024 else "%d KiB" % kib


def describe(decision, toolchain, flag_prefix, make):
    """The decision as lines of text: each knob's verdict with the peak memory of the
    value it names beside it, and what the chosen combination costs in memory."""
    metric = decision["metric"]
    what = METRIC_WHAT[metric]
    better = "smaller" if metric == "memory" else "faster"
    if metric == "instructions":
        rule = "callgrind's counts are exact: a value wins with a gain of %g%%" % (
            100 * decision["min_gain"])
    else:
        each, overall = 100 * decision["confidence_each"], 100 * decision["confidence_required"]
        rule = "a value wins at %.4g%% confidence%s and a gain of %g%%" % (
            each, "" if each <= overall + 1e-9 else " (%g%% split over the values judged)" % overall,
            100 * decision["min_gain"])
    if decision["max_memory"] is not None:
        rule += "; peak memory at most %gx the defaults'" % decision["max_memory"]
    lines = ["decision on %s (%s; %s):" % (toolchain, metric, rule)]

    def confidence(c):
        if c is None:
            return "exact"
        return "confidence >99.9%" if c > 0.999 else "confidence %.1f%%" % (100 * c)

    def memory(v):
        if metric == "memory" or v["verdict"] == "memory" or v.get("memory_ratio") is None:
            return ""
        return "; peak memory %.2fx" % v["memory_ratio"]
    width = max([12] + [len(v["knob"]) for v in decision["knobs"]])
    for v in decision["knobs"]:
        if v["verdict"] == "wins":
            why = "%.2fx %s with %s, %s" % (v["ratio"], what, v["against"], confidence(v["confidence"]))
        elif v["verdict"] == "default":
            why = "the default wins: %s takes %.2fx, %s" % (
                v["against"], v["ratio"], confidence(v["confidence"]))
        elif v["verdict"] == "tie" and v.get("same") and v["confidence"] is not None:
            why = "keeps the default: %s takes 1.00x, the same in every pair" % v["against"]
        elif v["verdict"] == "tie":
            why = "keeps the default: %s takes %.2fx, %s" % (
                v["against"], v["ratio"], confidence(v["confidence"]) + (
                    "" if v["confidence"] is None else " that %s is %s" % (v["faster"], better)))
        elif v["verdict"] == "memory":
            why = "keeps the default: %s takes %.2fx %s, %s, but its combination takes " \
                "%.2fx the defaults' peak memory, over %gx" % (
                    v["against"], v["ratio"], what, confidence(v["confidence"]), v["over"],
                    decision["max_memory"])
        else:
            why = "the one value tried"
        lines.append("  %-*s %-8s %-10s %s" % (width, v["knob"], v["value"], v["verdict"],
                                               why + memory(v)))
    vs = decision["vs_default"]
    if decision["chosen"] == decision["default"]:
        line = "chosen: %s, the defaults" % combination_label(decision["chosen"])
    else:
        line = "chosen: %s, %.2fx %s of the defaults (%s)" % (
            combination_label(decision["chosen"]), vs["ratio"], what, confidence(vs["confidence"]))
    m = decision["memory"]
    if m:
        line += "; peak memory %s, %.2fx the defaults' %s" % (
            kib_text(m["peak_kib"]), m["peak_kib"] / m["default_kib"], kib_text(m["default_kib"]))
    lines.append(line)
    if make:
        lines.append("Make: " + " ".join("%s=%s" % (make[k][0], v) for k, v in decision["chosen"].items()))
        lines.append("cc:   " + " ".join(make[k][1](v) for k, v in decision["chosen"].items()))
    else:
        lines.append("pin:  " + " ".join(bazel_flags(decision["chosen"], flag_prefix)))
        lines.append("strategies = {%s}" % ", ".join(
            '"%s": "%s"' % kv for kv in decision["chosen"].items()))
    return lines


GOAL = re.compile(r"^\s*(\S+):\s*(\S+)\s*<=\s*([0-9.]+)\s*x\s*(\S+)\s*$")


def parse_goal(text):
    m = GOAL.match(text)
    if not m:
        sys.exit('interleave: --goal "%s": write it as "PATTERN: A <= F x B"' % text)
    return {"text": text.strip(), "pattern": m.group(1), "a": m.group(2),
            "factor": float(m.group(3)), "b": m.group(4)}


def parse_goals(texts):
    """The goals, in order; a goal given again for the same pattern and ways replaces the
    earlier one (a ceiling in place of a goal, say)."""
    goals = {}
    for g in map(parse_goal, texts):
        goals[(g["pattern"], g["a"], g["b"])] = g
    return list(goals.values())


def best_of(ways, name, key):
    """A way's figure, or the best of allot's ways ("allot": named allot/..., or a build
    with strategies) or of the peers ("peers")."""
    if name in ("allot", "peers"):
        own = [w for w in ways
               if bool(w["name"].startswith("allot") or w.get("strategies")) == (name == "allot")
               and w.get(key) is not None]
        return min(own, key=lambda w: w[key]) if own else None
    return next((w for w in ways if w["name"] == name and w.get(key) is not None), None)


def within(ratio, factor):
    """Whether ratio holds a goal of factor (a float's last bits aside)."""
    return ratio <= factor + 1e-9


def ratio_digits(ratio, factor):
    """The decimals that show ratio on its side of factor: 2, or more when 2 round it
    across (a miss of 1.003 is "1.003x", not "1.00x"); at most 6."""
    digits = 2
    while digits < 6 and within(round(ratio, digits), factor) != within(ratio, factor):
        digits += 1
    return digits


def per_round(runs, rounds):
    """A way's time in each of the rounds: the median of its runs in that round (a way
    that two programs run has two runs a round, in round order), or None when its runs
    do not split into the rounds."""
    if not rounds or not runs or len(runs) % rounds:
        return None
    k = len(runs) // rounds
    return [statistics.median(runs[i * k:(i + 1) * k]) for i in range(rounds)]


def paired_ratios(a, b, rounds):
    """a's time per entry over b's in each of the interleaved rounds, or None when the
    ways' runs do not pair up by round."""
    ra, rb = per_round(a.get("runs_ns"), rounds), per_round(b.get("runs_ns"), rounds)
    if not ra or not rb or not a.get("entries") or not b.get("entries"):
        return None
    return [(x / a["entries"]) / (y / b["entries"]) for x, y in zip(ra, rb) if y] or None


def check_goal(goal, patterns, metrics):
    """The goal's outcome on each metric, or None (n/a): {"ratio", "holds", "digits" (to
    print the ratio with), "a", "b"}, and for time "rounds" and "rounds_over" when the
    pattern says how many rounds its ways ran ("rounds") and their runs split into them.
    A time ratio is then the median of the rounds' ratios, each of two runs side by side,
    as the tuner's decisions pair them (a slow spell of the machine that falls on one
    round moves it less than it moves the ratio of the ways' medians); otherwise the
    ratio of the ways' figures."""
    outcome = {}
    pattern = patterns.get(goal["pattern"], {})
    ways = pattern.get("ways", [])
    for metric, key in metrics:
        a, b = best_of(ways, goal["a"], key), best_of(ways, goal["b"], key)
        if a is None or b is None or not b[key]:
            outcome[metric] = None
            continue
        paired = paired_ratios(a, b, pattern.get("rounds")) if metric == "time" else None
        ratio = statistics.median(paired) if paired else a[key] / b[key]
        outcome[metric] = {"ratio": ratio, "holds": within(ratio, goal["factor"]),
                           "digits": ratio_digits(ratio, goal["factor"]),
                           "a": a["name"], "b": b["name"]}
        if paired:
            outcome[metric].update(rounds_over=sum(not within(r, goal["factor"]) for r in paired),
                                   rounds=len(paired))
    return outcome


def goal_verdict(o):
    """A goal's outcome on one metric as text: the ratio ("1.003x", see ratio_digits) and
    the verdict ("MISSES, over in 3 of 5 rounds")."""
    verdict = "holds" if o["holds"] else "MISSES"
    if o.get("rounds", 0) > 1:
        verdict += ", over in %d of %d rounds" % (o["rounds_over"], o["rounds"])
    return "%.*fx" % (o.get("digits", 2), o["ratio"]), verdict


# How each metric is measured, as the tables' first line says it.
MEASURED = {
    "time": "%(rounds)d round%(s)s interleaved, median of rounds",
    "instructions": "instructions counted by callgrind, one run each",
    "memory": "peak resident memory, median of runs",
}


def builds_table(opts, toolchain, changes, checks, p, metrics, decision, default_names, outcomes):
    """The table of the builds of one workload (and the programs beside them): a column
    group per metric, each with its ratio to the baseline (the defaults, when tuning);
    then the goals."""
    rows, entries = p["ways"], p["entries"]
    candidates = opts.baseline or default_names or ["array=heap pool=malloc path=heap,libc"]
    baseline = next((b for b in candidates if any(r["name"] == b for r in rows)), None)
    base = next((r for r in rows if r["name"] == baseline), None)
    timing = ("time", "ns_per_entry") in metrics
    for r in rows:
        r["speedup"] = (base["median_ns"] / r["median_ns"]) if base and timing and r["median_ns"] else None
    if opts.json:
        json.dump({"toolchain": toolchain, "entries": entries, "changes": changes,
                   "checks": ",".join(sorted(checks)),
                   "checksum": rows[0]["checksum"], "baseline": baseline,
                   "rounds": opts.rounds, "metric": opts.metric, "variants": rows,
                   "goals": outcomes, "decision": decision}, sys.stdout, indent=1)
        print()
        return

    per_entry = entries > 1  # a plain program's one "entry" is its whole run
    to_default = bool(default_names) and baseline in default_names
    ratio_head = "vs default" if to_default else "speed-up"

    def ratio(r, key, inverse=not to_default):
        if not base or not r[key] or not base[key]:
            return "-"
        return "%.2fx" % (base[key] / r[key] if inverse else r[key] / base[key])

    def figure(text, value):
        return text % value if value is not None else "-"
    columns = []  # (heading, width, the cell of a row)
    for metric, key in metrics:
        if metric == "time":
            columns += [("median ms", 10, lambda r: figure("%.1f", r["median_ns"] and r["median_ns"] / 1e6)),
                        ("spread", 7, lambda r: figure("%.1f%%", r["spread"] and 100 * r["spread"]))]
            if per_entry:
                columns.append(("ns/entry", 9, lambda r: figure("%.1f", r["ns_per_entry"])))
        elif metric == "memory":  # a ratio of memory is the variant's over the baseline's
            columns += [("peak MiB", 9, lambda r: figure("%.1f", r["peak_kib"] and r["peak_kib"] / 1024)),
                        ("vs default" if to_default else "vs base", 10,
                         lambda r: ratio(r, "peak_kib", inverse=False))]
            continue
        else:
            columns.append(("instr/entry" if per_entry else "instructions", 12,
                            lambda r: figure("%.1f" if per_entry else "%.0f", r["instructions_per_entry"])))
        columns.append((ratio_head, 10, lambda r, key=key: ratio(r, key)))
    if any(r["pool_footprint"] is not None for r in rows):
        columns.append(("pool KiB", 9, lambda r: figure("%.0f", r["pool_footprint"] and r["pool_footprint"] / 1024)))
    if any(r["heap_calls_per_entry"] is not None for r in rows):
        columns.append(("heap/entry", 10, lambda r: figure("%.2f", r["heap_calls_per_entry"])))

    how = [MEASURED[metric] % {"rounds": opts.rounds, "s": "s"[:opts.rounds > 1]} for metric, _ in metrics]
    print("%s on %s: %s%s%s" % (
        opts.bench or opts.target, toolchain, "%d entries, " % entries if per_entry else "",
        "; ".join(how), ", misuse checks " + ",".join(sorted(checks)) if checks else ""))
    print("every variant: %schecksum %s" % ("%d changes, " % changes if changes is not None else "",
                                           rows[0]["checksum"]))
    width = max(len(r["name"]) for r in rows)
    print("%-*s" % (width, "variant") + "".join(" %*s" % (w, h) for h, w, _ in columns))
    for r in rows:
        mark = "  (baseline)" if r["name"] == baseline else ""
        if default_names and r["name"] in default_names:
            mark = "  (the defaults)"
        print("%-*s" % (width, r["name"]) + "".join(" %*s" % (w, cell(r)) for _, w, cell in columns) + mark)
    if to_default:
        print("vs default: the figure / the defaults' figure", end="")
    else:
        print("speed-up: the baseline's figure / the variant's", end="")
        if ("memory", "peak_kib") in metrics:
            print("; vs base: the variant's peak / the baseline's", end="")
    print("; spread: half the range of the rounds" if timing else "")
    if ("memory", "peak_kib") in metrics:
        print("peak MiB: the process's peak resident memory%s%s" % (
            " (under Wine, Wine's own pages included)" if toolchain == "mingw" else "",
            "; pool KiB: the pool's footprint, the heap it held at most" if any(
                r["pool_footprint"] is not None for r in rows) else ""))
    print("bigger run: --rounds N, and the program's own options" if timing else
          "another run: the program's own options")
    print_goals(outcomes, [m for m in metrics if m[0] != "memory"])


def print_goals(outcomes, metrics):
    """Each goal, holding or not, on each metric."""
    if not outcomes:
        return
    print("\ngoals (allot: its best way; peers: the best peer):")
    for g in outcomes:
        cells = []
        for metric, _ in metrics:
            o = g["outcome"].get(metric)
            if o is None:
                cells.append("%s n/a" % metric)
            else:
                ratio, verdict = goal_verdict(o)
                cells.append("%s %s (%s/%s) %s" % (metric, ratio, o["a"], o["b"], verdict))
        print("  %-45s %s" % (g["text"], "; ".join(cells)))


def by_pattern(opts, toolchain, patterns, metrics, outcomes):
    """One table per pattern, each way against the best peer; then the goals, and each
    program's peak memory (a program runs several ways: the peak is the program's)."""
    programs = {w["program"]: w["peak_kib"] for k, p in patterns.items() if k
                for w in p["ways"] if w["peak_kib"] is not None}
    metrics = [m for m in metrics if m[0] != "memory"]
    if opts.json:
        json.dump({"toolchain": toolchain, "rounds": opts.rounds, "metric": opts.metric,
                   "patterns": {k: v for k, v in patterns.items() if k},
                   "goals": outcomes, "peak_kib": programs}, sys.stdout, indent=1)
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
    print_goals(outcomes, metrics)
    if programs:
        print("\npeak resident memory of each program (its first pattern, pool/million, holds the "
              "most)%s:" % (", Wine's own pages included" if toolchain == "mingw" else ""))
        for program, kib in sorted(programs.items(), key=lambda kv: kv[1]):
            print("  %-30s %s" % (program, kib_text(kib)))
