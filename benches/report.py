#!/usr/bin/env python3
"""//benches:report: every benchmark on every toolchain, as tables and bar charts.

Builds and runs, through ./bazelw in the workspace:
  - tree_diff and strbuf_addf on glibc, musl and MinGW (under Wine), each with --json
    (tree_diff's glibc run has the baseline linked with every heap backend), and on the
    Linux two tree_diff's instructions per entry too (callgrind, 200,000 entries), for its
    goal against the limit;
  - peers on glibc, musl and MinGW: each pattern against what users pick instead, in time
    and (Linux) in callgrind's instruction counts, with allot's goals;
  - micro with each heap backend (glibc), in Google Benchmark's JSON.
Writes bench-report/report.md (one table per benchmark: rows are variants, columns are
platforms or backends, each cell the time and its ratio to that column's baseline, and
the peak memory), bench-report/*.svg (the same ratios as bar charts) and
bench-report/*.json (the raw figures), and prints the tables. A full run (not --quick)
on every platform also writes docs/results.md, the same tables under the machine, the
toolchains and the date: the figures the documentation links to.

    bazel run //benches:report [-- --quick] [-- --rounds N] [-- --only glibc,musl] [-- --render]
        [-- --bazel-flag=--config=ci ...]
    bazel run //benches:report -- --inside-git [--git-platforms glibc,musl,i386] [--reuse]

--inside-git runs only Git's own workloads inside Git (tests/hosts/git/workloads.py): pristine
Git and Git with allot's defaults, built for each platform, counted with callgrind and timed
side by side; it writes their table into docs/results.md and leaves the rest of the file as it
is (a full run keeps that table).

--quick is a smoke run: tiny sizes, one round, two repetitions. --render rebuilds
report.md and the charts from the JSON of the last run, without running anything.
--bazel-flag passes a flag to every Bazel command the report runs (give the flags the
report itself was built with, and the benchmarks already built are not built again).
"""

import argparse
import datetime
import html
import json
import os
import platform
import subprocess
import sys

PLATFORMS = {"glibc": [], "musl": ["--config=musl"], "mingw": ["--config=mingw"]}


BAZEL_FLAGS = []


def bazel(ws, args, out_file):
    command = [os.path.join(ws, "bazelw"), args[0]] + BAZEL_FLAGS + args[1:]
    print("report: " + " ".join(command[1:]), file=sys.stderr, flush=True)
    with open(out_file, "w") as out:
        done = subprocess.run(command, cwd=ws, stdout=out)
    if done.returncode != 0:
        sys.exit("report: failed (exit %d): %s" % (done.returncode, " ".join(command)))
    with open(out_file) as f:
        return f.read()


def first_line(command):
    """The first line a command prints, or "" when it cannot run."""
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              universal_newlines=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return next((l.strip() for l in done.stdout.splitlines() if l.strip()), "")


def toolchains():
    """The compilers, C libraries and tools the figures come from, as one line each."""
    musl = first_line(["sh", "-c", "/lib/x86_64-linux-musl/libc.so 2>&1 | sed -n 2p"])
    return [
        "host: " + first_line(["gcc", "--version"]) + "; " + first_line(["ldd", "--version"]),
        "musl: " + first_line(["musl-gcc", "--version"]) + "; musl " + musl.replace("Version ", ""),
        "MinGW-w64: " + first_line(["x86_64-w64-mingw32-gcc", "--version"]) + ", under " +
        first_line(["wine", "--version"]),
        "instructions: " + first_line(["valgrind", "--version"]) + " (callgrind)",
    ]


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def table(title, columns, rows, note):
    """Markdown: rows is [(name, {column: cell})]."""
    lines = ["### " + title, "", note, "", "| variant | " + " | ".join(columns) + " |",
             "|---|" + "---:|" * len(columns)]
    for name, cells in rows:
        lines.append("| %s | %s |" % (name.replace("|", "\\|"),
                                      " | ".join(cells.get(c, "–") for c in columns)))
    return "\n".join(lines) + "\n"


def bar_chart(path, title, columns, rows, unit):
    """An SVG of grouped horizontal bars: rows is [(name, {column: value})]."""
    colors = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1"]
    label_w = 20 + 6.5 * max([len(name) for name, _ in rows] + [10])
    bar_h, gap, plot_w = 11, 10, 420
    values = [v for _, cells in rows for v in cells.values() if v is not None]
    top = max(values + [1.0]) * 1.1
    height = 60 + len(rows) * (len(columns) * bar_h + gap) + 20
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">'
           % (label_w + max(plot_w, 90 * len(columns)) + 80, height),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="10" y="18" font-size="14" font-weight="bold">%s</text>' % html.escape(title)]
    for i, column in enumerate(columns):
        out.append('<rect x="%d" y="28" width="10" height="10" fill="%s"/><text x="%d" y="37">%s</text>'
                   % (label_w + i * 90, colors[i % len(colors)], label_w + i * 90 + 14, html.escape(column)))
    one = label_w + plot_w / top
    out.append('<line x1="%.1f" y1="45" x2="%.1f" y2="%d" stroke="#999" stroke-dasharray="3,3"/>'
               % (one, one, height - 20))
    out.append('<text x="%.1f" y="%d" fill="#666">1× (%s)</text>' % (one + 3, height - 8, html.escape(unit)))
    y = 50
    for name, cells in rows:
        out.append('<text x="%d" y="%d" text-anchor="end">%s</text>'
                   % (label_w - 6, y + len(columns) * bar_h / 2 + 4, html.escape(name)))
        for i, column in enumerate(columns):
            value = cells.get(column)
            if value is not None:
                w = plot_w * value / top
                out.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>'
                           % (label_w, y, w, bar_h - 1, colors[i % len(colors)]))
                out.append('<text x="%.1f" y="%d" font-size="9">%.2f×</text>'
                           % (label_w + w + 3, y + bar_h - 2, value))
            y += bar_h
        y += gap
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def rows_of(columns, entries):
    """The rows of a table whose columns are platforms: [(name, {platform: entry})], in
    the order the names first appear; entries(platform) lists a platform's entries."""
    rows = {}
    for p in columns:
        for e in entries(p):
            rows.setdefault(e["name"], {})[p] = e
    return list(rows.items())


def runner_report(name, results, note, unit, outdir):
    """A table and chart for tree_diff or strbuf_addf: columns are platforms."""
    columns = [p for p in PLATFORMS if p in results]
    rows, chart = [], []
    for n, found in rows_of(columns, lambda p: results[p]["variants"]):
        cells, ratios = {}, {}
        for p, v in found.items():
            ratio = v["speedup"]
            per = v["ns_per_entry"]
            cells[p] = "%.1f ns (%s)" % (per, "%.2f×" % ratio if ratio else "–") + memory_text(v)
            ratios[p] = ratio
        rows.append((n, cells))
        chart.append((n, ratios))
    first = results[columns[0]]
    md = table("%s (%d entries, median of %d rounds)" % (name, first["entries"], first["rounds"]),
               columns, rows, note)
    bar_chart(os.path.join(outdir, name + ".svg"),
              "%s: speed-up over each platform's baseline" % name, columns, chart, unit)
    return md


def mib(kib):
    return "%.1f MiB" % (kib / 1024)


def memory_text(v):
    """A variant's peak resident memory (and its pool's footprint), as a cell's second line."""
    parts = []
    if v.get("peak_kib") is not None:
        parts.append(mib(v["peak_kib"]) + " peak")
    if v.get("pool_footprint") is not None:
        parts.append("pool " + mib(v["pool_footprint"] / 1024))
    return "<br>" + ", ".join(parts) if parts else ""


def median_of(results, name):
    """A variant's ns per entry in one runner's results, or None."""
    v = next((v for v in results["variants"] if v["name"] == name), None)
    return v["ns_per_entry"] if v else None


def ratio_cell(num, den):
    return "%.2f×" % (num / den) if num and den else "–"


def formatter_report(runs):
    """The builtin formatter against the platform's printf, and tree_diff's best against
    its baseline and limit: the ratios the formatter's goals are stated in."""
    columns = [p for p in PLATFORMS if p in runs["strbuf_addf"]]
    rows = []
    for fmt in ['addf("%s/%s")', 'addf("%02x/%s")']:
        cells, add = {}, {}
        for p in columns:
            r = runs["strbuf_addf"][p]
            libc = median_of(r, "%s/%s" % (fmt, "mingw" if p == "mingw" else "libc"))
            builtin = median_of(r, fmt + "/builtin")
            cells[p] = ratio_cell(libc, builtin)
            add[p] = ratio_cell(builtin, median_of(r, "add"))
        rows.append(("%s: libc / builtin" % fmt, cells))
        rows.append(("%s: builtin / add" % fmt, add))
    best, limit = {}, {}
    for p in columns:
        r = runs["tree_diff"].get(p)
        if not r:
            continue
        timed = [v for v in r["variants"] if v["name"] != "limit"]
        fastest = min(timed, key=lambda v: v["ns_per_entry"])
        best[p] = "%.2f× (%s)" % (fastest["speedup"], fastest["name"])
        limit[p] = ratio_cell(fastest["ns_per_entry"], median_of(r, "limit"))
    rows.append(("tree_diff: best / baseline (speed-up)", best))
    rows.append(("tree_diff: best / limit (slow-down)", limit))
    return table("the builtin formatter", columns, rows,
                 "From the runs above. libc is the platform's default printf (MinGW: its own, "
                 "`/mingw`). A ratio over 1 in a libc / builtin row is the builtin's speed-up; "
                 "in a builtin / add or best / limit row, how many times slower it is.")


def workload_goals(timed, counted):
    """A workload's goals, from its timed run (time) and its counting run (instructions)."""
    goals = []
    for g in (timed or counted or {}).get("goals", []):
        outcome = {}
        for run in (timed, counted):
            for other in (run or {}).get("goals", []):
                if other["text"] == g["text"]:
                    outcome.update({m: o for m, o in other["outcome"].items() if o is not None})
        goals.append(dict(g, outcome=outcome))
    return goals


def peers_report(runs, outdir):
    """One table and chart per pattern of //benches:peers: a column per platform, each cell
    the time and the instructions per entry, with their ratios to the platform's best peer;
    then the goals, holding or not, on each platform."""
    columns = [p for p in PLATFORMS if p in runs]
    patterns = []
    for p in columns:
        for name in sorted(runs[p]["patterns"]):
            if name not in patterns:
                patterns.append(name)
    md = ["## allot against its peers", "",
          "What users pick instead of allot, side by side in one run per platform "
          "(`./bazelw run //benches:peers`). Each cell: nanoseconds per entry and, where "
          "callgrind runs (not under Wine), instructions per entry; in brackets, each as a "
          "multiple of the platform's best peer (a way not named `allot/...`). Lower is better.", ""]
    for pattern in patterns:
        rows, chart = [], []
        for n, found in rows_of(columns, lambda p: runs[p]["patterns"].get(pattern, {}).get("ways", [])):
            cells, ratios = {}, {}
            for p, w in found.items():
                cell = []
                if w.get("ns_per_entry") is not None:
                    cell.append("%.1f ns (%s)" % (w["ns_per_entry"], ratio_text(w.get("vs_best_peer_time"))))
                if w.get("instructions_per_entry") is not None:
                    cell.append("%.0f instr (%s)" % (w["instructions_per_entry"],
                                                     ratio_text(w.get("vs_best_peer_instructions"))))
                cells[p] = "<br>".join(cell)
                ratios[p] = w.get("vs_best_peer_time") or w.get("vs_best_peer_instructions")
            rows.append((n, cells))
            chart.append((n, ratios))
        chart_name = "peers-" + pattern.replace("/", "-")
        md.append(table(pattern, columns, rows, "![%s](%s.svg)" % (pattern, chart_name)))
        bar_chart(os.path.join(outdir, chart_name + ".svg"),
                  "%s: time as a multiple of the best peer (lower is better)" % pattern,
                  columns, chart, "best peer")
    goals = []
    for p in columns:
        for g in runs[p].get("goals", []):
            if g["text"] not in goals:
                goals.append(g["text"])
    rows = []
    for text in goals:
        cells = {}
        for p in columns:
            g = next((g for g in runs[p].get("goals", []) if g["text"] == text), None)
            if g is None:
                continue
            parts = []
            for metric in ("time", "instructions"):
                o = g["outcome"].get(metric)
                if o:
                    rounds = " (%d/%d rounds over)" % (o["rounds_over"], o["rounds"]) \
                        if o.get("rounds", 0) > 1 else ""
                    parts.append("%s %.*f× %s%s" % ("ns" if metric == "time" else "instr",
                                                    o.get("digits", 2), o["ratio"],
                                                    "✓" if o["holds"] else "✗", rounds))
            cells[p] = ", ".join(parts) or "n/a"
        rows.append((text, cells))
    programs = []
    for p in columns:
        for program in sorted(runs[p].get("peak_kib", {})):
            if program not in programs:
                programs.append(program)
    if programs:
        md.append(table("peak memory of each program", columns,
                        [(n, {p: mib(runs[p]["peak_kib"][n]) for p in columns
                              if n in runs[p].get("peak_kib", {})}) for n in programs],
                        "Each program runs its ways of every pattern, pool/million first: its "
                        "peak resident memory is that pattern's. Under Wine, Wine's own pages "
                        "are included."))
    md.append(table("goals", columns, rows,
                    "`allot` is allot's best way for the pattern, `peers` the best peer; ✓ holds, "
                    "✗ does not (docs/benchmarks.md, \"Goals against the peers\", says why). A time "
                    "ratio is the median of the interleaved rounds' ratios; in brackets, in how "
                    "many rounds it was over the goal."))
    return "\n".join(md)


def ratio_text(ratio):
    return "%.2f×" % ratio if ratio is not None else "–"


def micro_baseline(name):
    """The benchmark a micro result is compared with, as micro itself does: heap arrays,
    malloc pools, and for paths addf under the same path strategy."""
    parts = name.split("/")
    if len(parts) != 3:
        return None
    pattern, case, strategy = parts
    if pattern == "array":
        return "%s/%s/heap" % (pattern, case)
    if pattern == "pool":
        return "pool/scratch/malloc_free" if case == "scratch" else "%s/%s/malloc" % (pattern, case)
    if pattern == "path":
        return "path/loose_object:addf/" + strategy
    return None


def micro_report(results, outdir):
    """Google Benchmark medians, a column per heap backend; ratios within each column."""
    medians = {}
    for backend, data in results.items():
        for b in data["benchmarks"]:
            if b.get("aggregate_name") == "median":
                medians.setdefault(b["run_name"], {})[backend] = b.get("items_per_second", 0.0)
    columns = list(results)  # the backends, in the order they ran
    rows, chart = [], []
    for name in sorted(medians):
        base = medians.get(micro_baseline(name), {})
        cells, ratios = {}, {}
        for c in columns:
            ips = medians[name].get(c)
            if not ips:
                continue
            ratio = ips / base[c] if base.get(c) else None
            cells[c] = "%.1f ns (%s)" % (1e9 / ips, "%.2f×" % ratio if ratio else "–")
            ratios[c] = ratio
        rows.append((name, cells))
        if micro_baseline(name) != name:
            chart.append((name, ratios))
    md = table("micro (Google Benchmark, median of repetitions)", columns, rows,
               "Time per item, a column per heap backend; in brackets, items per second as a multiple "
               "of the pattern's baseline in the same column: `heap` arrays, `malloc` pools, and "
               "`loose_object:addf` for paths under the same path strategy.")
    bar_chart(os.path.join(outdir, "micro.svg"), "micro: speed-up over the pattern's baseline",
              columns, chart, "baseline")
    return md


INSIDE_GIT = "### inside Git: instructions vs pristine, per platform"


def inside_git_report(result, command):
    """The inside-Git table: each workload's instructions under allot's defaults as a multiple
    of pristine Git's, a column per platform, with time and peak memory beside them; then the
    goals."""
    sys.path.insert(0, os.path.join(os.environ.get("BUILD_WORKSPACE_DIRECTORY", "."), "tests",
                                    "hosts", "git"))
    import workloads  # tests/hosts/git/workloads.py: the workloads and their goals
    platforms = list(result["platforms"])
    names = list(next(iter(result["platforms"].values())))
    scale = result["scale"]
    md = [INSIDE_GIT, "",
          "%s, pristine and with allot's defaults (README's build lines and "
          "`tests/hosts/git/git-%s.patch`), each platform built as Git's CI builds it: glibc by "
          "Make with gcc, musl by Meson with musl-gcc (static), i386 by Make with `gcc -m32`; "
          "`-O2 -g` everywhere. Workloads (`tests/hosts/git/workloads.py`, in repositories it "
          "makes): `diff-tree -r` of two trees of %s entries (flat: one directory, every entry "
          "changed; nested: three levels, 16%% changed), `merge-tree --write-tree` of sides "
          "touching %s files, and `count-objects -v` and `cat-file --batch-all-objects "
          "--batch-check` over %s loose objects. Both builds printed the same bytes for every "
          "workload. Each cell: allot's instructions as a multiple of pristine's (callgrind, "
          "stdout to a file), then allot's time as a multiple of pristine's (median of %d "
          "interleaved rounds, [lowest–highest]), then peak resident memory, allot / pristine. "
          "`%s`." % (result["git"].replace("git version", "Git"),
                     ".".join(result["git"].split()[-1].split(".")[:2]),
                     "{:,}".format(scale["entries"]), "{:,}".format(scale["merge_touched"]),
                     "{:,}".format(scale["loose"]), result["rounds"], command), "",
          "| workload | " + " | ".join(platforms) + " |",
          "|---|" + "---:|" * len(platforms)]
    goals = []
    for name in names:
        cells = []
        for p in platforms:
            row = result["platforms"][p].get(name)
            if not row:
                cells.append("–")
                continue
            n = row["instructions"]
            cells.append("**%.3f×** (%.1f M vs %.1f M)<br>%.2f× time [%.2f–%.2f]<br>%.1f / %.1f MiB"
                         % (row["ratio"], n["allot"] / 1e6, n["pristine"] / 1e6, row["time_ratio"],
                            row["time_spread"][0], row["time_spread"][1],
                            row["peak_kib"]["allot"] / 1024.0, row["peak_kib"]["pristine"] / 1024.0))
            goal = workloads.goals_of(name, p)[0]
            goals.append((name, p, goal, row["ratio"]))
        md.append("| %s | %s |" % (name, " | ".join(cells)))
    md += ["", "Goals (instructions, allot's defaults against pristine Git; none above 1.00× "
           "anywhere):", "", "| workload | platform | goal | measured | |", "|---|---|---:|---:|---|"]
    for name, p, goal, ratio in goals:
        md.append("| %s | %s | ≤ %.2f× | %.3f× | %s |" % (name, p, goal, ratio,
                                                        "met" if ratio <= goal else "**missed**"))
    missed = [(name, p) for name, p, goal, ratio in goals if ratio > goal]
    if missed:
        md += ["", "Where the instructions go where a goal is missed: the functions that spent the "
               "most in Git with allot (callgrind, their own instructions, as a share of the "
               "run's), and the share of allot's own functions among them:", ""]
        for name, p in missed:
            row = result["platforms"][p][name]
            total = float(row["instructions"]["allot"])
            top = ", ".join("%s %.1f%%" % (f, 100 * n / total) for f, n in row["top"]["allot"])
            mine = sum(n for f, n in row["top"]["allot"] if f.startswith("allot_"))
            md.append("- %s, %s: %s. allot's functions among them: %.1f%%." % (
                name, p, top, 100 * mine / total))
    return "\n".join(md) + "\n"


def section_bounds(lines, title):
    """(start, end) of the section under title in lines: from its heading up to the next
    heading of that level or higher; None when lines have no such heading."""
    if title not in lines:
        return None
    start = lines.index(title)
    level = len(title) - len(title.lstrip("#"))
    end = next((i for i in range(start + 1, len(lines))
                if lines[i].startswith("#") and len(lines[i]) - len(lines[i].lstrip("#")) <= level),
               len(lines))
    return start, end


def replace_section(text, title, section):
    """text with its section under title replaced by section, or section appended when text
    has none."""
    lines = text.rstrip("\n").split("\n")
    bounds = section_bounds(lines, title)
    if not bounds:
        return "\n".join(lines) + "\n\n" + section
    rest = lines[bounds[1]:]
    return "\n".join(lines[:bounds[0]]) + "\n" + section + ("\n" + "\n".join(rest) if rest else "")


def inside_git(ws, outdir, opts):
    """Runs the inside-Git workloads (tests/hosts/git/workloads.py measure) and writes their
    table into docs/results.md, leaving the rest of that file as it is."""
    path = os.path.join(outdir, "inside-git.json")
    command = [sys.executable, os.path.join(ws, "tests", "hosts", "git", "workloads.py"), "measure",
               "--work", os.path.join(outdir, "inside-git"), "--rounds", str(opts.rounds),
               "--platforms", opts.git_platforms] + (["--reuse"] if opts.reuse else [])
    print("report: " + " ".join(command[1:]), file=sys.stderr, flush=True)
    with open(path, "w") as out:
        if subprocess.run(command, cwd=ws, stdout=out).returncode != 0:
            sys.exit("report: the inside-Git workloads failed: " + " ".join(command))
    with open(path) as f:
        result = json.load(f)
    section = inside_git_report(result, "./bazelw run //benches:report -- --inside-git")
    print(section)
    results = os.path.join(ws, "docs", "results.md")
    with open(results) as f:
        text = f.read()
    when = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    section = section.replace("\n\n", "\n\nMeasured %s on %s (%d cores). " % (
        when, cpu_name(), os.cpu_count() or 0), 1)
    with open(results, "w") as f:
        f.write(replace_section(text, INSIDE_GIT, section))
    print("report: wrote the inside-Git table into %s" % results, file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", default=",".join(PLATFORMS))
    parser.add_argument("--render", action="store_true")
    parser.add_argument("--inside-git", action="store_true",
                        help="only the inside-Git workloads: builds pristine Git and Git with allot "
                             "per platform, counts them, writes their table into docs/results.md")
    parser.add_argument("--git-platforms", default="glibc,musl,i386")
    parser.add_argument("--reuse", action="store_true",
                        help="--inside-git: take the Gits and repositories an earlier run left")
    parser.add_argument("--backends", default="system",
                        help="the heap backends, comma-separated (BUILD.bazel passes alloc/knobs.bzl's)")
    parser.add_argument("--bazel-flag", action="append", default=[],
                        help="a flag for every Bazel command the report runs (repeatable)")
    opts = parser.parse_args()
    BAZEL_FLAGS.extend(opts.bazel_flag)
    backends = [b for b in opts.backends.split(",") if b]
    ws = os.environ.get("BUILD_WORKSPACE_DIRECTORY")
    if not ws:
        sys.exit("report: run it with bazel run //benches:report (it builds the benchmarks itself)")
    outdir = os.path.join(ws, "bench-report")
    os.makedirs(outdir, exist_ok=True)
    only = [p for p in opts.only.split(",") if p]
    unknown = [p for p in only if p not in PLATFORMS]
    if unknown:
        sys.exit("report: unknown platform %s; they are %s" % (unknown, list(PLATFORMS)))

    if opts.render:
        render(outdir, only, opts.quick, backends)
        return
    if opts.inside_git:
        inside_git(ws, outdir, opts)
        return

    rounds = ["--rounds=1" if opts.quick else "--rounds=%d" % opts.rounds]
    sizes = {"tree_diff": ["--entries", "20000"] if opts.quick else [],
             "strbuf_addf": ["--names", "20000"] if opts.quick else []}
    runs = {"tree_diff": {}, "strbuf_addf": {}}
    for p in only:
        for bench in runs:
            path = os.path.join(outdir, "%s-%s.json" % (bench, p))
            out = bazel(ws, ["run"] + PLATFORMS[p] + ["//benches:" + bench, "--"]
                        + rounds + ["--json", "--"] + sizes[bench], path)
            runs[bench][p] = json.loads(out)
        if p != "mingw" and not opts.quick:  # the goal's instructions (callgrind: not under Wine)
            bazel(ws, ["run"] + PLATFORMS[p] + ["//benches:tree_diff", "--", "--metric=instructions",
                                                "--json", "--", "--entries", "200000"],
                  os.path.join(outdir, "tree_diff_instructions-%s.json" % p))
    peers = {}
    for p in only:
        path = os.path.join(outdir, "peers-%s.json" % p)
        metric = "time" if p == "mingw" else "both"
        sizes = (["--objects", "20000", "--rounds", "10", "--names", "20000", "--calls", "100000",
                  "--repeats", "1"]
                 if opts.quick else [])
        peers[p] = json.loads(bazel(ws, ["run"] + PLATFORMS[p] + ["//benches:peers", "--"] + rounds
                                    + ["--metric=" + metric, "--json", "--"] + sizes, path))
    micro = {}
    if "glibc" in only:
        for backend in backends:
            target = "//benches:micro" + ("" if backend == "system" else "_" + backend)
            path = os.path.join(outdir, "micro-%s.json" % backend)
            args = ["--benchmark_format=json"]
            if opts.quick:
                args += ["--benchmark_repetitions=2", "--benchmark_min_time=0.001",
                         "--benchmark_filter=nr:2|small_clear|loose_object:add"]
            micro[backend] = json.loads(bazel(ws, ["run", target, "--"] + args, path))
    render(outdir, only, opts.quick, backends)


def render(outdir, only, quick, backends):
    """report.md and the charts, from the JSON files a run left in outdir."""
    runs, micro, peers = {"tree_diff": {}, "strbuf_addf": {}}, {}, {}
    for p in only:
        path = os.path.join(outdir, "peers-%s.json" % p)
        if os.path.exists(path):
            with open(path) as f:
                peers[p] = json.load(f)
    for bench in runs:
        for p in only:
            path = os.path.join(outdir, "%s-%s.json" % (bench, p))
            if os.path.exists(path):
                with open(path) as f:
                    runs[bench][p] = json.load(f)
    for backend in backends:
        path = os.path.join(outdir, "micro-%s.json" % backend)
        if "glibc" in only and os.path.exists(path):
            with open(path) as f:
                micro[backend] = json.load(f)
    if not runs["tree_diff"] or not runs["strbuf_addf"]:
        sys.exit("report: no results in %s: run without --render first" % outdir)
    when = datetime.datetime.fromtimestamp(
        os.path.getmtime(os.path.join(outdir, "tree_diff-%s.json" % next(iter(runs["tree_diff"])))))
    when = when.strftime("%Y-%m-%d %H:%M")
    command = "./bazelw run //benches:report" + (" -- --quick" if quick else "")
    md = ["# allot benchmark report", "",
          "%s on %s (%d cores); `%s`. Ratios are measured side by side in one run: each column's "
          "variants interleaved over the same rounds." % (when, cpu_name(), os.cpu_count() or 0, command), ""]
    md.append(runner_report(
        "tree_diff", runs["tree_diff"],
        "Nanoseconds per tree entry for the diff (walk, raw output, release); in brackets, the "
        "speed-up over the platform's baseline `array=heap pool=malloc path=heap,libc`. `limit` "
        "is the floor: no allocation or formatting call in the loop. Below: the process's peak "
        "resident memory (the trees included; under Wine, Wine's own pages too) and the heap "
        "the diff's pool held.", "baseline", outdir))
    md.append(runner_report(
        "strbuf_addf", runs["strbuf_addf"],
        "Nanoseconds per object name; in brackets, the speed-up over `addf(\"%s/%s\")` with the "
        "platform's default formatter (MinGW: its own, `/mingw`; `/msvcrt` is Wine's msvcrt.dll).",
        "addf(\"%s/%s\")", outdir))
    md.append(formatter_report(runs))
    for p in peers:  # tree_diff's goals join the peers': time, and instructions where counted
        counted = None
        path = os.path.join(outdir, "tree_diff_instructions-%s.json" % p)
        if os.path.exists(path):
            with open(path) as f:
                counted = json.load(f)
        peers[p]["goals"] = peers[p].get("goals", []) + workload_goals(runs["tree_diff"].get(p), counted)
    if peers:
        md.append(peers_report(peers, outdir))
    if micro:
        md.append(micro_report(micro, outdir))
    text = "\n".join(md)
    with open(os.path.join(outdir, "report.md"), "w") as f:
        f.write(text)
    print(text)
    print("report: wrote %s (report.md, *.svg, *.json)" % outdir, file=sys.stderr)
    if not quick and set(only) == set(PLATFORMS):
        results = os.path.join(os.path.dirname(outdir), "docs", "results.md")
        os.makedirs(os.path.dirname(results), exist_ok=True)
        head = ["# Results", "",
                "Written by `./bazelw run //benches:report`; do not edit. Measured %s on %s "
                "(%d cores), with:" % (when, cpu_name(), os.cpu_count() or 0), ""]
        head += ["- " + line for line in toolchains()]
        head += ["", "Ratios are measured side by side in one run: each column's variants "
                 "interleaved over the same rounds.", ""]
        # md[2] is report.md's own first line; the charts stay in bench-report/, not in the
        # repository: no links to them here
        body = [line for line in "\n".join(md[4:]).split("\n") if not line.startswith("![")]
        text = "\n".join(head + body).rstrip() + "\n"
        if os.path.exists(results):  # the inside-Git table is --inside-git's: kept as it is
            with open(results) as f:
                old = f.read().split("\n")
            bounds = section_bounds(old, INSIDE_GIT)
            if bounds:
                text = replace_section(text, INSIDE_GIT, "\n".join(old[bounds[0]:bounds[1]]).rstrip() + "\n")
        with open(results, "w") as f:
            f.write(text)
        print("report: wrote %s" % results, file=sys.stderr)


if __name__ == "__main__":
    main()
