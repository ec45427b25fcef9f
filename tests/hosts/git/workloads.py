#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Git's own workloads, run by Git built with allot and by pristine Git.

The three workloads of Git's performance threads, in repositories this script makes with
git fast-import (Debian's git, or $GIT_FOR_REPOS):

  diff-tree     git diff-tree -r A B of two trees of 200,000 entries, in the two shapes of
                benches/tree_diff: flat (one directory, every entry changed: a raw line
                each) and nested (three levels of directories, 16% of the entries changed);
                tree-diff's FAST_ARRAY_ALLOC per directory, diff_flush_raw per change
  merge-tree    git merge-tree --write-tree: a merge whose sides touch 20,000 files
                (merge-ort's mem-pool)
  count-objects git count-objects -v, and
  cat-file      git cat-file --batch-all-objects --batch-check, in a repository of 50,000
                loose objects (the loose-object paths Git builds with strbuf_addf)

  workloads.py check [--scale small|full] --work DIR NAME=GIT...
      Runs every workload with every git and requires the same bytes from all of them.
  workloads.py measure [--scale full] [--rounds N] [--platforms glibc,musl,i386] --work DIR
      Builds pristine Git and Git with allot's defaults for each platform
      (tests/hosts/git/lib.sh's git_platform), requires the same bytes from both, then counts
      each workload's instructions (callgrind) and times both side by side (interleaved
      rounds, median and spread, peak resident memory). Prints JSON.

Every run is in a repository of its own, with no system or global configuration.
"""

import argparse
import re
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SCALES = {
    # entries of each tree; files of the merge and how many each side changes; loose objects
    "full": {"entries": 200000, "merge_files": 40000, "merge_touched": 20000, "loose": 50000},
    "small": {"entries": 5000, "merge_files": 2000, "merge_touched": 1000, "loose": 2000},
}
WORKLOADS = [
    ("diff-tree flat", "trees", ["diff-tree", "-r", "refs/heads/flat-a", "refs/heads/flat-b"]),
    ("diff-tree nested", "trees", ["diff-tree", "-r", "refs/heads/a", "refs/heads/b"]),
    ("merge-tree", "merge", ["merge-tree", "--write-tree", "refs/heads/side1", "refs/heads/side2"]),
    ("count-objects", "loose", ["count-objects", "-v"]),
    ("cat-file", "loose", ["cat-file", "--batch-all-objects", "--batch-check"]),
]

# The goals, allot's defaults against pristine Git of the same version: (workload prefix,
# platform or None for every one, the most instructions as a multiple of pristine's). No
# workload may be above 1.00x anywhere.
GOALS = [
    ("diff-tree", "glibc", 0.70),
    ("diff-tree", "musl", 0.55),
    ("merge-tree", None, 0.95),
    ("count-objects", None, 0.95),
    ("cat-file", None, 0.95),
    ("", None, 1.00),
]


def goals_of(workload, platform):
    """The goals that hold for a workload on a platform, tightest first."""
    return sorted(g for w, p, g in GOALS if workload.startswith(w) and p in (None, platform))


def env(home):
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "LC_ALL": "C",
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "TZ": "UTC"}


class Rng:
    """splitmix64: the same repositories on every machine."""

    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)


class Stream:
    """A git fast-import stream: blobs by mark, commits listing their files."""

    def __init__(self):
        self.parts, self.marks, self.blobs = [], 0, {}

    def blob(self, content):
        if content not in self.blobs:
            self.marks += 1
            data = content.encode()
            self.parts.append(b"blob\nmark :%d\ndata %d\n%s\n" % (self.marks, len(data), data))
            self.blobs[content] = self.marks
        return self.blobs[content]

    def commit(self, ref, files, message, parent=None, deleted=()):
        self.marks += 1
        mark = self.marks
        head = b"commit %s\nmark :%d\ncommitter A U Thor <author@example.com> 1700000000 +0000\n" \
               b"data %d\n%s\n" % (ref.encode(), mark, len(message), message.encode())
        if parent:
            head += b"from :%d\n" % parent
        lines = [b"D %s\n" % p.encode() for p in deleted]
        lines += [b"M 100644 :%d %s\n" % (self.blob(c), p.encode()) for p, c in files]
        self.parts.append(head + b"".join(lines) + b"\n")
        return mark

    def load(self, git, repo):
        subprocess.run([git, "init", "-q", repo], check=True, env=env(repo))
        subprocess.run([git, "-C", repo, "fast-import", "--quiet"], input=b"".join(self.parts),
                       check=True, env=env(repo))


def nested(rng, depth, files, prefix, a, b):
    """The nested pair of benches/trees.c: subdirectories dNNN while depth allows, then file
    slots fNNNNN.c, each in a only (3%), b only (3%), changed (10%) or alike."""
    dirs = 4 + rng.next() % 5 if depth > 0 else 0
    for i in range(dirs):
        nested(rng, depth - 1, files // (dirs + 1), "%sd%03d/" % (prefix, i), a, b)
    for i in range(files // (dirs + 1) + 1):
        r, blob = rng.next() % 100, rng.next()
        path = "%sf%05d.c" % (prefix, i)
        if r >= 3:
            b.append((path, "%x\n" % (blob + (r < 16))))
        if r < 3 or r >= 6:
            a.append((path, "%x\n" % blob))


def make_repos(work, scale, git):
    sizes, repos = SCALES[scale], {}
    os.makedirs(work, exist_ok=True)
    # two trees of `entries` entries
    a, b = [], []
    nested(Rng(42), 3, sizes["entries"], "", a, b)
    s = Stream()
    s.commit("refs/heads/a", a, "a")
    s.commit("refs/heads/b", b, "b")
    # and the flat pair of benches/trees.c: one directory, every entry changed
    flat = ["path%08d" % i for i in range(sizes["entries"])]
    s.commit("refs/heads/flat-a", [(p, "a %s\n" % p) for p in flat], "flat a")
    s.commit("refs/heads/flat-b", [(p, "b %s\n" % p) for p in flat], "flat b")
    repos["trees"] = os.path.join(work, "trees")
    s.load(git, repos["trees"])
    # a merge: each side changes every other of the touched files, in 200-file directories
    files = ["d%03d/f%05d.c" % (i // 200, i) for i in range(sizes["merge_files"])]
    s = Stream()
    base = s.commit("refs/heads/base", [(p, "base %s\n" % p) for p in files], "base")
    touched = files[::sizes["merge_files"] // sizes["merge_touched"]]
    s.commit("refs/heads/side1", [(p, "side1 %s\n" % p) for p in touched[0::2]] +
             [("new/side1-%05d.c" % i, "added\n") for i in range(100)], "side1", base)
    s.commit("refs/heads/side2", [(p, "side2 %s\n" % p) for p in touched[1::2]] +
             [("new/side2-%05d.c" % i, "added %d\n" % i) for i in range(100)], "side2", base)
    repos["merge"] = os.path.join(work, "merge")
    s.load(git, repos["merge"])
    # loose objects: blobs imported into a pack, then unpacked into a repository of their own
    s = Stream()
    for i in range(sizes["loose"]):
        s.blob("loose object %d\n" % i)
    packed = os.path.join(work, "packed")
    s.load(git, packed)
    repos["loose"] = os.path.join(work, "loose")
    subprocess.run([git, "init", "-q", repos["loose"]], check=True, env=env(work))
    pack = [f for f in os.listdir(os.path.join(packed, ".git/objects/pack")) if f.endswith(".pack")][0]
    with open(os.path.join(packed, ".git/objects/pack", pack), "rb") as f:
        subprocess.run([git, "-C", repos["loose"], "unpack-objects", "-q"], stdin=f, check=True,
                       env=env(work))
    shutil.rmtree(packed)
    return repos


def run(git, repo, args, out_path, prefix=()):
    """Runs one workload, stdout to out_path; returns (seconds, peak resident KiB). The peak is
    GNU time's: a child of this process would start from this process's own peak (Linux keeps
    it across exec)."""
    peak = out_path + ".peak"
    if not prefix:
        prefix = ["/usr/bin/time", "-f", "%M", "-o", peak]
    with open(out_path, "wb") as out:
        start = time.perf_counter()
        done = subprocess.run(list(prefix) + [git, "-c", "gc.auto=0"] + args, cwd=repo, stdout=out,
                              stderr=subprocess.PIPE, env=env(repo))
        seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit("workloads: %s %s failed in %s: %s" % (git, " ".join(args), repo,
                                                        done.stderr.decode(errors="replace").strip()))
    if not os.path.exists(peak):
        return seconds, None
    with open(peak) as f:
        return seconds, int(f.read().split()[-1])


def outputs_alike(gits, repos, work):
    """Every workload's output from every git; exits unless all are the same bytes."""
    sizes = {}
    for name, repo, args in WORKLOADS:
        first = None
        for label, git in gits.items():
            path = os.path.join(work, "%s.%s.out" % (name.replace(" ", "-"), label))
            run(git, repos[repo], args, path)
            with open(path, "rb") as f:
                data = f.read()
            if first is None:
                first = (label, data)
            elif data != first[1]:
                sys.exit("workloads: %s: %s printed other bytes than %s (%d bytes, not %d): see %s"
                         % (name, label, first[0], len(data), len(first[1]), work))
        if not first[1]:
            sys.exit("workloads: %s printed nothing" % name)
        sizes[name] = (first[1].count(b"\n"), len(first[1]))
    return sizes


def instructions(git, repo, args, work, name, prefix=()):
    """callgrind's instruction count of one run (stdout to a file), and where they went: the
    functions that spent the most, by their own instructions, as [name, instructions]."""
    out = os.path.join(work, "cg.%s" % name)
    run(git, repo, args, out + ".stdout",
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + list(prefix))
    total = None
    with open(out) as f:
        for line in f:
            if line.startswith(("summary:", "totals:")):
                total = int(line.split()[1])
    if total is None:
        sys.exit("workloads: no instruction count in %s" % out)
    annotated = subprocess.run(["callgrind_annotate", "--threshold=100", out], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, universal_newlines=True).stdout
    spent = {}
    for line in annotated.split("\n"):
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(\S+):(\S+)(?: \[(\S+)\])?$", line)
        if not m or m.group(2) == "PROGRAM":
            continue
        function = m.group(3).split("'")[0]  # callgrind's recursion marks: name'2
        if function.startswith("0x"):  # no symbol: name the object
            function = os.path.basename(m.group(4) or "?")
        function = {"__vfprintf_internal": "vfprintf"}.get(function, function)
        spent[function] = spent.get(function, 0) + int(m.group(1).replace(",", ""))
    top = sorted(spent.items(), key=lambda kv: -kv[1])[:8]
    return total, [[f, n] for f, n in top]


def build(platform, kind, work, reuse=False):
    """Git for platform (pristine or allot) by lib.sh's git_platform; the git program's path.
    With reuse, a program an earlier run built in work is taken as it is."""
    for path in ("%s/%s-%s/git" % (work, platform, kind), "%s/%s-%s/build/git" % (work, platform, kind)):
        if reuse and os.access(path, os.X_OK):
            return path
    script = ('root=%s work=%s; . "$root/tests/hosts/git/lib.sh" && git_sources >&2 && '
              'git_platform %s "$work/%s-%s" %s' % (ROOT, work, platform, platform, kind, kind))
    done = subprocess.run(["bash", "-c", script], stdout=subprocess.PIPE, universal_newlines=True)
    path = done.stdout.strip().split("\n")[-1] if done.stdout.strip() else ""
    if done.returncode != 0 or not os.access(path, os.X_OK):
        sys.exit("workloads: building %s Git for %s failed; see %s/%s-%s/build.log"
                 % (kind, platform, work, platform, kind))
    return path


def measure(opts):
    work = opts.work
    os.makedirs(work, exist_ok=True)
    repos = os.path.join(work, "repos")
    if not (opts.reuse and os.path.isdir(repos)):
        shutil.rmtree(repos, ignore_errors=True)
        make_repos(repos, opts.scale, opts.git_for_repos)
    repos = {name: os.path.join(repos, name) for name in ("trees", "merge", "loose")}
    result = {"scale": SCALES[opts.scale], "rounds": opts.rounds, "platforms": {}}
    version = None
    for platform in opts.platforms.split(","):
        gits = {kind: build(platform, kind, work, opts.reuse) for kind in ("pristine", "allot")}
        os.makedirs(os.path.join(work, platform), exist_ok=True)
        version = version or subprocess.run([gits["pristine"], "version"], stdout=subprocess.PIPE,
                                            universal_newlines=True).stdout.strip()
        sizes = outputs_alike(gits, repos, os.path.join(work, platform))
        rows = {}
        for name, repo, args in WORKLOADS:
            counted = {k: instructions(g, repos[repo], args, os.path.join(work, platform),
                                       "%s.%s" % (name.replace(" ", "-"), k))
                       for k, g in gits.items()}
            counts = {k: c[0] for k, c in counted.items()}
            times, peaks, ratios = {k: [] for k in gits}, {k: [] for k in gits}, []
            for r in range(opts.rounds):  # interleaved, the order swapped every round
                order = list(gits) if r % 2 == 0 else list(reversed(list(gits)))
                this = {}
                for k in order:
                    seconds, peak = run(gits[k], repos[repo], args,
                                        os.path.join(work, platform, "%s.%s.timed" % (name.replace(" ", "-"), k)))
                    this[k] = seconds
                    times[k].append(seconds)
                    peaks[k].append(peak)
                ratios.append(this["allot"] / this["pristine"])
            rows[name] = {
                "lines": sizes[name][0], "bytes": sizes[name][1],
                "instructions": counts, "ratio": counts["allot"] / counts["pristine"],
                "seconds": {k: statistics.median(v) for k, v in times.items()},
                "time_ratio": statistics.median(ratios), "time_spread": [min(ratios), max(ratios)],
                "peak_kib": {k: max(v) for k, v in peaks.items()},
                "top": {k: c[1] for k, c in counted.items()},
            }
            print("workloads: %s %s: %.3fx instructions (%d vs %d), %.2fx time" %
                  (platform, name, rows[name]["ratio"], counts["allot"], counts["pristine"],
                   rows[name]["time_ratio"]), file=sys.stderr, flush=True)
        result["platforms"][platform] = rows
    result["git"] = version
    json.dump(result, sys.stdout, indent=1)
    print()


def check(opts):
    gits = dict(g.split("=", 1) for g in opts.gits)
    repos = make_repos(os.path.join(opts.work, "repos"), opts.scale, opts.git_for_repos)
    sizes = outputs_alike(gits, repos, opts.work)
    print("%d workloads, the same bytes from %s: %s" % (
        len(WORKLOADS), ", ".join(gits),
        ", ".join("%s %d lines" % (n, sizes[n][0]) for n, _, _ in WORKLOADS)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    for mode in ("check", "measure"):
        p = sub.add_parser(mode)
        p.add_argument("--scale", choices=list(SCALES), default="small" if mode == "check" else "full")
        p.add_argument("--work", required=True, help="a scratch directory")
        p.add_argument("--git-for-repos", default=os.environ.get("GIT_FOR_REPOS", "git"),
                       help="the git that makes the repositories")
        if mode == "check":
            p.add_argument("gits", nargs="+", metavar="NAME=GIT")
        else:
            p.add_argument("--rounds", type=int, default=5)
            p.add_argument("--platforms", default="glibc,musl,i386")
            p.add_argument("--reuse", action="store_true",
                           help="take the Git programs an earlier run left in --work as they are")
    opts = parser.parse_args()
    (check if opts.mode == "check" else measure)(opts)


if __name__ == "__main__":
    main()
