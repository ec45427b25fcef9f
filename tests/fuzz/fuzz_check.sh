#!/bin/sh
# Runs allot's libFuzzer targets, built with clang under AddressSanitizer and
# UndefinedBehaviorSanitizer, each for FUZZ_SECONDS (default 20) from its seed corpus:
#
#   format_fuzz  the builtin formatter against vsnprintf, once per path store;
#   model_fuzz   pool, path and array operations against a reference model, with heap
#                failures injected (tests/failing_heap.h), once per pool strategy and
#                path store.
#
# New inputs go to a temporary directory; a failing one is kept under
# ${TMPDIR:-/tmp}/allot-fuzz-artifacts and printed.
#
# Usage: tests/fuzz/fuzz_check.sh        (CI runs it; about a minute and a half, two at a time)
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${FUZZ_SECONDS:-20}
artifacts=${TMPDIR:-/tmp}/allot-fuzz-artifacts
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$artifacts"

# The failing heap as allot's heap hooks (tests/failing_heap.h).
failing_heap="-DALLOT_FAILING_HEAP -DALLOT_MALLOC=allot_failing_malloc
	-DALLOT_REALLOC=allot_failing_realloc -DALLOT_FREE=allot_failing_free"
upper() { echo "$1" | tr a-z A-Z; }

# fuzz TARGET NAME [-DKNOB=...]: builds tests/fuzz/TARGET.c with the knobs and fuzzes it.
fuzz() {
	target=$1 name=$2
	shift 2
	bin=$work/$target-$name log=$work/log-$target-$name
	clang -std=c11 -g -O1 -Wall -Wextra -Werror \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-I"$root" -DALLOT_STATS=1 $failing_heap "$@" \
		"$root"/alloc/*.c "$root"/strategies/*.c "$root"/tests/failing_heap.c \
		"$root"/tests/format_gen.c "$root/tests/fuzz/$target.c" -o "$bin"
	dict=""
	[ -f "$root/tests/fuzz/$target.dict" ] && dict="-dict=$root/tests/fuzz/$target.dict"
	mkdir "$work/corpus-$target-$name"
	if ! ASAN_OPTIONS=allocator_may_return_null=1 "$bin" -max_total_time="$seconds" \
		-timeout=10 -max_len=1024 -print_final_stats=1 $dict -artifact_prefix="$artifacts/$target-$name-" \
		"$work/corpus-$target-$name" "$root/tests/fuzz/${target}_corpus" >"$log" 2>&1; then
		tail -n 40 "$log"
		echo "fuzz_check: $target ($name) failed; inputs kept in $artifacts:" >&2
		ls -l "$artifacts" >&2
		exit 1
	fi
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
	echo "fuzz_check: $target $name: $runs inputs in ${seconds}s, $cov, no difference"
}

# Two targets at a time (a core each); each one's report is printed when both are done.
pids=""
spawn() { # spawn TARGET NAME [-DKNOB=...]: fuzz in the background
	fuzz "$@" >"$work/report-$1-$2" 2>&1 &
	pids="$pids $!"
	set -- $pids
	[ $# -lt 2 ] || collect
}
collect() {
	[ -n "$pids" ] || return 0
	status=0
	for pid in $pids; do
		wait "$pid" || status=1
	done
	pids=""
	cat "$work"/report-*
	rm -f "$work"/report-*
	[ $status = 0 ] || exit 1
}

for store in heap inline; do
	spawn format_fuzz "path_store=$store" -DALLOT_PATH_FORMAT=ALLOT_PATH_FORMAT_BUILTIN \
		-DALLOT_PATH_STORE=ALLOT_PATH_STORE_$(upper $store)
done
for pool in arena malloc; do
	for store in heap inline; do
		spawn model_fuzz "pool=$pool,path_store=$store" -DALLOT_POOL_STRATEGY=ALLOT_POOL_$(upper $pool) \
			-DALLOT_PATH_STORE=ALLOT_PATH_STORE_$(upper $store) -DALLOT_PATH_FORMAT=ALLOT_PATH_FORMAT_BUILTIN
	done
done
collect
