#!/usr/bin/env bash
# Every tree_diff build for this toolchain (allot_tune's, one per strategy combination,
# their counting twins, the heap backends' and the limit) must succeed (its counts match
# the trees it built) and print the same checksum, on both shapes. The runner checks
# exactly that before it prints a time; one small round of each is enough. With
# --diff-filter AD the callback drops the modified paths (all of them on flat), so the
# pools rewind. With "instructions" (the Linux toolchains without a sanitizer), each goal
# given after the metric must hold in callgrind's instruction counts, on flat trees.
#
#   tree_diff_test.sh time|instructions [--goal=GOAL ...]
set -euo pipefail
cd "${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-allot}" 2>/dev/null || true
metric=$1
shift
for shape in flat nested; do
	benches/tree_diff --rounds=1 --shape "$shape" --entries 30000
	benches/tree_diff --rounds=1 -- --shape "$shape" --entries 30000 --diff-filter AD
done
if [ "$metric" = instructions ]; then
	benches/tree_diff --metric=instructions --check-goals=instructions "$@" -- --entries 50000
fi
