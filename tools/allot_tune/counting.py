# SPDX-License-Identifier: MIT
"""Counting instructions: one run of a program under callgrind."""

import os
import shutil
import sys
import tempfile

from .running import run

def callgrind_counts(way, opts):
    """{label: instructions} of a program's counted sections ("" for a whole run that
    counts none), from one run under callgrind. A Windows program runs under Wine, whose
    processes are counted too: its count is that of the busiest process running it (the
    program's own; Wine's start-up in it adds about 1.7 million instructions, the same
    for every build)."""
    if not shutil.which("valgrind"):
        sys.exit("allot-tune: --metric=instructions needs valgrind (apt-get install valgrind)")
    where = tempfile.mkdtemp(prefix="allot-callgrind-")
    program = os.path.basename(way.command[0])
    try:
        result = run(way, opts, where)
        counts, busiest = {}, 0
        for name in os.listdir(where):
            label, total, mine = "", None, not program.endswith(".exe")
            with open(os.path.join(where, name)) as f:
                for line in f:
                    if line.startswith("cmd: "):
                        mine = mine or program in line
                    elif line.startswith("desc: Trigger: Client Request: "):
                        label = line.split(": ", 3)[3].strip()
                    elif line.startswith("summary:"):
                        # The part's count. Not "totals:", the sum of the file's cost
                        # lines: a part dumped mid-call can count some costs twice there
                        # (seen: 4 more instructions a call, in some orders of the ways).
                        total = int(line.split()[1])
            if total is None or not mine:
                continue
            if program.endswith(".exe"):
                busiest = max(busiest, total)
            else:
                counts[label] = counts.get(label, 0) + total
        if program.endswith(".exe") and busiest:
            counts[""] = busiest
        return result, counts
    finally:
        shutil.rmtree(where)
