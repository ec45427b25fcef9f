#!/bin/sh
# Fuzzes the builtin formatter against vsnprintf: builds tests/format_fuzz.c as a
# libFuzzer target with clang under AddressSanitizer and UndefinedBehaviorSanitizer,
# once per path store, and runs each from the seed corpus in tests/format_fuzz_corpus
# for FUZZ_SECONDS (default 30). New inputs go to a temporary directory; a failing one
# is kept under ${TMPDIR:-/tmp}/allot-fuzz-artifacts and printed.
#
# Usage: tests/fuzz_check.sh        (CI runs it; about a minute in all)
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${FUZZ_SECONDS:-30}
artifacts=${TMPDIR:-/tmp}/allot-fuzz-artifacts
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$artifacts"

for store in heap inline; do
	bin=$work/format_fuzz_$store
	clang -std=c11 -g -O1 -Wall -Wextra -Werror \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-I"$root" -DALLOT_PATH_FORMAT=ALLOT_FORMAT_BUILTIN -DALLOT_STATS=1 \
		-DALLOT_PATH_STORE=ALLOT_PATH_$(echo $store | tr a-z A-Z) \
		"$root"/alloc/*.c "$root"/strategies/*.c \
		"$root"/tests/format_gen.c "$root"/tests/format_fuzz.c -o "$bin"
	mkdir "$work/corpus_$store"
	if ! "$bin" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
		-dict="$root/tests/format_fuzz.dict" -artifact_prefix="$artifacts/$store-" \
		"$work/corpus_$store" "$root/tests/format_fuzz_corpus" >"$work/log" 2>&1; then
		tail -n 40 "$work/log"
		echo "fuzz_check: the $store target failed; inputs kept in $artifacts:" >&2
		ls -l "$artifacts" >&2
		exit 1
	fi
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
	cov=$(grep -o 'cov: [0-9]*' "$work/log" | tail -n 1)
	echo "fuzz_check: path_store=$store: $runs inputs in ${seconds}s, $cov, no difference"
done
