#!/usr/bin/env bash
# allot_tune on its fixtures (tests/tune/BUILD.bazel), with the metric given:
#  - pool_heavy: by instructions, pool keeps arena (the default wins, exact); by time, a
#    decision with the confidence the rounds reached;
#  - no_pools: by instructions, pool is a tie and keeps its default;
#  - default_knobs: with no knobs named, the heap backend is among them;
#  - differs: refused, with the differing bytes shown;
#  - paths_kept: path_store=inline wins on instructions at 2x the peak memory, which
#    every decision states; under --max-memory=1.25 the tuner keeps heap, and deciding on
#    memory, the default (heap) wins;
#  - --write merges the pins into a .bazelrc: other lines and other toolchains' pins stay,
#    this toolchain's line is replaced, not added twice; on glibc, a glibc-only backend
#    pinned leaves every cross toolchain a line that pins one it links.
# By time (under the sanitizers, and pool_heavy everywhere) the decisions are shown with
# their confidence, and --write must pin what the tuner printed; which value wins is not
# checked: no test asserts on times (under TSan, pool_heavy is a tie in its start-up).
#
# Under an emulator (qemu-user) the tuner runs and compares every build, and decides
# nothing: its times are the emulator's.
#
#   tune_test.sh instructions|time|emulated
set -euo pipefail
cd "${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-allot}" 2>/dev/null || true
metric=$1
out=${TEST_TMPDIR:-/tmp}/tune_test.out
passed=0
fail() {
	echo "FAIL: $*"
	cat "$out"
	exit 1
}
expect() { # expect PATTERN WHAT
	grep -Eq -- "$1" "$out" || fail "$2: no line matches /$1/"
	passed=$((passed + 1))
}

# emulated (qemu-user): every build runs and their outputs must agree, but nothing is
# decided or pinned, and the run says why; a difference is still refused
if [ "$metric" = emulated ]; then
	tests/tune/pool_heavy_tune --rounds=3 >"$out" 2>&1 || fail "pool_heavy_tune failed"
	expect '^decision: none\. the [a-z0-9]+ programs run under an emulator here \(qemu-user\)' \
		"pool_heavy: no decision, and why"
	for pool in arena malloc; do
		expect "pool=$pool" "pool_heavy: the $pool build ran"
	done
	if grep -Eq '^  pool +[a-z]+ +(default|tie|wins) ' "$out"; then
		fail "pool_heavy: a decision on emulated times"
	fi
	passed=$((passed + 1))
	if tests/tune/pool_heavy_tune --metric=instructions >"$out" 2>&1 ||
		tests/tune/pool_heavy_tune --write=pins.bazelrc >>"$out" 2>&1; then
		fail "pool_heavy: counted or pinned under an emulator"
	fi
	expect 'allot-tune: the [a-z0-9]+ programs run under an emulator here.*--metric=time only' \
		"pool_heavy: instructions and --write refused, saying why"
	if tests/tune/differs_tune --rounds=1 >"$out" 2>&1; then
		fail "differs_tune accepted builds whose outputs differ"
	fi
	expect 'the builds disagree: a strategy changed the output' "differs: refused"
	echo "tune_test ($metric): $passed checks passed"
	exit 0
fi

# pool_heavy: by instructions, arena, by more than the noise
tests/tune/pool_heavy_tune --metric="$metric" --rounds=3 >"$out" 2>&1 || fail "pool_heavy_tune failed"
if [ "$metric" = instructions ]; then
	expect '^  pool +arena +default +the default wins: malloc takes [1-9][0-9]*\.[0-9]+x, exact; peak memory [0-9]+\.[0-9]+x$' \
		"pool_heavy: arena beats malloc"
	expect '^strategies = \{"pool": "arena", "array": "[a-z]+"\}$' "pool_heavy: the strategies dict"
	# by time too, on every toolchain: a decision with the confidence the rounds reached
	tests/tune/pool_heavy_tune --metric=time --rounds=3 >"$out" 2>&1 || fail "pool_heavy_tune by time failed"
fi
expect '^  pool +[a-z]+ +(default|tie|wins) .*confidence [0-9.>]+%' "pool_heavy: a decision, and the confidence stated"
expect '^strategies = \{"pool": "[a-z]+", "array": "[a-z]+"\}$' "pool_heavy: the strategies dict"

# no_pools: a tie that keeps the default
tests/tune/no_pools_tune --metric="$metric" --rounds=3 >"$out" 2>&1 || fail "no_pools_tune failed"
if [ "$metric" = instructions ]; then
	expect '^  pool +arena +tie +keeps the default: malloc takes 1\.00x, exact; peak memory [0-9]+\.[0-9]+x$' "no_pools: pool is a tie"
else
	expect '^  pool +[a-z]+ +(tie|default|wins) ' "no_pools: the pool decision"
fi

# default_knobs: with no knobs named, the heap backend is tuned with the strategies
tests/tune/default_knobs_tune --metric="$metric" --rounds=2 >"$out" 2>&1 || fail "default_knobs_tune failed"
for knob in array pool path_store path_format; do
	expect "^  $knob +[a-z]+ +only value " "default_knobs: $knob is among the default knobs"
done
if [ -e tests/tune/mimalloc_tune ]; then # glibc: every backend it links, a build each
	for backend in system tcmalloc jemalloc mimalloc; do
		expect "^array=alloca,pool=arena,path_store=heap,path_format=builtin,malloc=$backend " \
			"default_knobs: a build with $backend"
	done
	expect '^  malloc +[a-z]+ +(default|tie|wins) ' "default_knobs: a backend chosen"
else
	expect '^  malloc +system +only value ' "default_knobs: the one backend of this toolchain"
fi

# differs: refused, with the first difference
if tests/tune/differs_tune --rounds=1 >"$out" 2>&1; then
	fail "differs_tune accepted builds whose outputs differ"
fi
expect 'the builds disagree: a strategy changed the output' "differs: refused"
expect "^first difference in differs.out, at byte [0-9]+ \\(line 4\\):$" "differs: where"
expect "pool=[a-z]+,*: .*pool=arena" "differs: the arena build's bytes"
expect "pool=[a-z]+,*: .*pool=malloc" "differs: the malloc build's bytes"

# paths_kept: the faster store takes more memory (not under the sanitizers, whose own
# heap and shadow memory are in every peak)
if [ "$metric" = instructions ]; then
	tests/tune/paths_kept_tune --metric=instructions >"$out" 2>&1 || fail "paths_kept_tune failed"
	expect '^  path_store +inline +wins +0\.[0-9]+x the instructions with heap, exact; peak memory [1-9][0-9]*\.[0-9]+x$' \
		"paths_kept: inline wins, and its memory is stated"
	expect "^chosen: path_store=inline,path_format=builtin, .*; peak memory [0-9.]+ MiB, [1-9][0-9]*\.[0-9]+x the defaults' " \
		"paths_kept: the chosen combination's memory"
	tests/tune/paths_kept_tune --metric=instructions --max-memory=1.25 >"$out" 2>&1 ||
		fail "paths_kept_tune --max-memory failed"
	expect "^  path_store +heap +memory +keeps the default: inline takes 0\.[0-9]+x the instructions, exact, but its combination takes [0-9.]+x the defaults' peak memory, over 1\.25x$" \
		"paths_kept: over --max-memory, inline is not chosen"
	expect "^chosen: path_store=heap,path_format=builtin, the defaults; peak memory " \
		"paths_kept: the defaults, under the limit"
	tests/tune/paths_kept_tune --metric=memory --rounds=4 >"$out" 2>&1 || fail "paths_kept_tune --metric=memory failed"
	expect '^  path_store +heap +default +the default wins: inline takes [1-9][0-9]*\.[0-9]+x, confidence ' \
		"paths_kept: by memory, heap wins"
	expect ' peak MiB ' "paths_kept: the table has the peak memory"
fi

# --write: merged into an existing file
rc=${TEST_TMPDIR:-/tmp}/tune_test.bazelrc
cat >"$rc" <<'RC'
# the user's own lines
build --copt=-O2
build:other --//alloc:pool=malloc
test --test_output=errors
RC
for run in 1 2; do
	tests/tune/pool_heavy_tune --metric="$metric" --rounds=3 --write="$rc" >"$out" 2>&1 ||
		fail "pool_heavy_tune --write failed (run $run)"
	pins=$(sed -n 's/^pin: *//p' "$out") # what this run chose, written in place of the last
	[ -n "$pins" ] || fail "pool_heavy_tune --write printed no pins (run $run)"
done
cp "$rc" "$out"
expect '^# the user.s own lines$' "--write keeps comments"
expect '^build --copt=-O2$' "--write keeps the user's build line"
expect '^build:other --//alloc:pool=malloc$' "--write keeps another toolchain's pins"
expect '^test --test_output=errors$' "--write keeps the other commands"
expect "^build(:[a-z0-9]+)? $pins\$" "--write pins this toolchain with the pins it printed"
if [ "$metric" = instructions ]; then
	expect '^build(:[a-z0-9]+)? --//alloc:pool=arena --//alloc:array=[a-z]+$' "--write pins arena"
fi
[ "$(grep -c -- '--//alloc:array=' "$rc")" = 1 ] || fail "--write added this toolchain's line twice"
[ "$(grep -c '^# allot-tune ' "$rc")" = 1 ] || fail "--write added its comment twice"
passed=$((passed + 2))

# --write of a glibc-only backend (glibc): the cross toolchains' lines pin one they link,
# added where there is none, appended to a line of pins that names no backend
if [ -e tests/tune/mimalloc_tune ]; then
	cat >"$rc" <<'RC'
build:musl --//alloc:pool=malloc
build:mingw --//alloc:malloc=system --//alloc:pool=arena
RC
	tests/tune/mimalloc_tune --metric="$metric" --rounds=2 --write="$rc" >"$out" 2>&1 ||
		fail "mimalloc_tune --write failed"
	cp "$rc" "$out"
	expect '^build --//alloc:malloc=mimalloc --//alloc:pool=[a-z]+$' "--write pins mimalloc for glibc"
	expect '^build:musl --//alloc:pool=malloc --//alloc:malloc=system$' "--write: musl's line gets a backend"
	expect '^build:mingw --//alloc:malloc=system --//alloc:pool=arena$' "--write: mingw's line stays"
	for cross in asan tsan; do
		expect "^build:$cross --//alloc:malloc=system\$" "--write: a line for $cross"
	done
fi
echo "tune_test ($metric): $passed checks passed"
