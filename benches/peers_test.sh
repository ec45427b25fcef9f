#!/usr/bin/env bash
# //benches:peers_test: every way of every pattern of //benches:peers built for this
# toolchain runs and agrees with the others (the runner checks the checksums before it
# shows a figure); with "instructions", on the Linux toolchains without a sanitizer, each
# goal given after the metric must hold in callgrind's instruction counts, which are the
# same from run to run (times are not: no test asserts on them).
#
#   peers_test.sh time|instructions [--goal=GOAL ...]
set -euo pipefail
cd "${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-allot}" 2>/dev/null || true
metric=$1
shift
sizes=(--objects 200000 --rounds 300 --names 100000 --calls 1000000 --repeats 1)
if [ "$metric" = instructions ]; then
	python3 tools/allot-tune peers --metric=instructions --check-goals=instructions "$@" -- \
		"${sizes[@]}"
else
	python3 tools/allot-tune peers --rounds=1 -- "${sizes[@]}"
fi
