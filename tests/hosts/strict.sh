#!/usr/bin/env bash
# The strict build a host like Git may use: the library (every .c under alloc/ and
# strategies/) and every header compiled alone, warning-free under
#
#   -std=gnu99 -pedantic and Git's DEVELOPER=1 warnings (-Werror), clang adding
#   -Wcomma -Wtautological-constant-out-of-range-compare,
#
# with gcc and clang, in each of the modes gnu99 (at -O2), c11, c17 and c2x (the
# front end's diagnostics: -fsyntax-only), under every combination of the strategies with
# every pair of knob values (tests/hosts/knob_combinations.sh --cover), and gcc's gnu99
# under every knob combination besides (the front end's diagnostics: the optimiser's see
# every pair of values already); the same as C99 without GNU C (clang with
# __GNUC__ and __clang__ undefined: the portable branches of alloc/compiler.h); and the
# public headers, with every macro of the API expanded (tests/hosts/strict/cxx_api.cc), as C++
# with g++ and clang++. Then knobs in the first release's spelling, and bad values, must
# stop the build with an #error naming the new spelling or the allowed values.
#
#   tests/hosts/strict.sh [MODE ...]      default: gnu99 c11 c17 c2x
set -euo pipefail
cd "$(dirname "$0")/../.."
modes=("$@")
[ ${#modes[@]} -gt 0 ] || modes=(gnu99 c11 c17 c2x)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Git's config.mak.dev, as of v2.55 (DEVELOPER=1), with -pedantic.
export STRICT_WARNINGS="-pedantic -Wpedantic -Werror -Wall -Wextra -Wdeclaration-after-statement
	-Wformat-security -Wold-style-definition -Woverflow -Wpointer-arith -Wstrict-prototypes
	-Wunused -Wvla -Wwrite-strings -fno-common -Wunreachable-code -Wmissing-prototypes"
export CLANG_WARNINGS="-Wcomma -Wtautological-constant-out-of-range-compare"
export out root=$PWD
sources=(alloc/*.c strategies/*.c)
headers=(alloc/*.h strategies/*.h)

# One build: "cc mode knob..."; prints a line only if it fails. Runs in a job of its own.
check() {
	local cc=$1 mode=$2 dir flags sources build front=
	shift 2
	# "gcc:front": the front end's diagnostics only, in any mode.
	[ "${cc#*:}" = front ] && cc=${cc%%:*} front=1
	read -r -a sources <<<"$SOURCES"
	dir=$(mktemp -d "$out/run.XXXXXX")
	flags="-std=$mode $STRICT_WARNINGS"
	[ "$cc" = clang ] && flags="$flags $CLANG_WARNINGS"
	# A compiler without GNU C: clang with __GNUC__ and __clang__ undefined, so that every
	# construct of alloc/compiler.h takes its portable branch.
	[ "$cc" = clang-nognu ] && cc=clang flags="$flags $CLANG_WARNINGS -U__GNUC__ -U__clang__"
	# The library: every source, one compiler run. Git's own mode is built at -O2 (some
	# warnings need the optimiser); the others are the same code to the optimiser, and
	# what differs between modes the front end says: -fsyntax-only.
	if [ "$mode" = gnu99 ] && [[ $flags != *-U__GNUC__* ]] && [ -z "$front" ]; then
		build="-O2 -c"
	else
		build=-fsyntax-only
	fi
	if ! (cd "$dir" && $cc $flags -I"$root" "$@" $build "${sources[@]/#/$root/}") 2>"$dir/err"; then
		echo "strict: FAILED: $cc -std=$mode $* (library)"
		head -5 "$dir/err"
	fi
	# Each header alone (tests/hosts/strict/headers: written once, below).
	if ! (cd "$dir" && $cc $flags -I"$root" "$@" -fsyntax-only "$out"/headers/*.c) 2>"$dir/err"; then
		echo "strict: FAILED: $cc -std=$mode $* (a header alone)"
		head -5 "$dir/err"
	fi
	rm -rf "$dir"
}
export -f check

# A file per header, including it alone (then a declaration: a header of macros only is
# no error).
mkdir "$out/headers"
for f in "${headers[@]}"; do
	printf '#include "%s"\ntypedef int strict_not_empty;\n' "$f" >"$out/headers/$(echo "$f" | tr / _).c"
done
export SOURCES="${sources[*]}"

# Every compiler and mode under each combination of the strategies once, with stats and
# checks covering every pair of knob values (knob_combinations.sh --cover); Git's own
# build (gcc, gnu99) under every other knob combination too, through the front end.
jobs=()
declare -A covered
while read -r knobs; do
	covered[$knobs]=1
done < <(tests/hosts/knob_combinations.sh --cover)
for mode in "${modes[@]}"; do
	for cc in gcc clang; do
		for knobs in "${!covered[@]}"; do
			jobs+=("$cc $mode $knobs")
		done
	done
done
if [[ " ${modes[*]} " = *" gnu99 "* ]]; then
	while read -r knobs; do
		[ -n "${covered[$knobs]:-}" ] || jobs+=("gcc:front gnu99 $knobs")
	done < <(tests/hosts/knob_combinations.sh)
fi
# Without GNU C (c99: the portable branches need no later standard).
while read -r knobs; do
	jobs+=("clang-nognu c99 $knobs")
done < <(tests/hosts/knob_combinations.sh --cover)
# The host's heap and die handler named (alloc/config.h and die.c declare them).
hooks="-DALLOT_MALLOC=host_malloc -DALLOT_REALLOC=host_realloc -DALLOT_FREE=host_free -DALLOT_DIE_DEFAULT=host_die"
for mode in "${modes[@]}"; do
	for cc in gcc clang; do
		jobs+=("$cc $mode $hooks")
	done
done

failures=$(printf '%s\n' "${jobs[@]}" | xargs -P 2 -L 1 bash -c 'check "$@"' check)

# C++: each public header alone, and all of them with every macro of the API expanded,
# under two knob combinations per compiler and standard.
public_headers=(alloc.h array.h compiler.h config.h die.h heap.h options.h path.h pool.h stats.h version.h)
cxx_runs=0
for cxx in g++ clang++; do
	for std in c++11 c++17; do
		for knobs in "" "-DALLOT_ARRAY_STRATEGY=ALLOT_ARRAY_INLINE -DALLOT_PATH_STORE=ALLOT_PATH_STORE_INLINE -DALLOT_STATS=1"; do
			cxx_runs=$((cxx_runs + 1))
			if ! $cxx -std=$std -pedantic -Wall -Wextra -Werror -O2 -I. $knobs -c \
				tests/hosts/strict/cxx_api.cc -o "$out/cxx.o" 2>"$out/err"; then
				failures+=$'\n'"strict: FAILED: $cxx -std=$std $knobs tests/hosts/strict/cxx_api.cc"$'\n'"$(head -5 "$out/err")"
			fi
			for h in "${public_headers[@]}"; do
				cxx_runs=$((cxx_runs + 1))
				if ! printf '#include "alloc/%s"\n' "$h" | $cxx -std=$std -pedantic -Wall -Wextra \
					-Werror -I. $knobs -x c++ -fsyntax-only - 2>"$out/err"; then
					failures+=$'\n'"strict: FAILED: $cxx -std=$std $knobs alloc/$h alone"$'\n'"$(head -5 "$out/err")"
				fi
			done
		done
	done
done

# A knob spelled as in the first release, or given a value it does not take, stops the
# build with an #error that names the new spelling or the allowed values.
refusals=0
refused() { # refused MESSAGE -DKNOB=...
	local want=$1
	shift
	refusals=$((refusals + 1))
	if echo '#include "alloc/alloc.h"' | gcc -std=gnu99 -I. "$@" -x c -fsyntax-only - \
		>"$out/err" 2>&1 || ! grep -qF "$want" "$out/err"; then
		failures+=$'\n'"strict: FAILED: $* was not refused with \"$want\""$'\n'"$(head -3 "$out/err")"
	fi
}
refused "ALLOT_ARRAY is now spelled ALLOT_ARRAY_STRATEGY" -DALLOT_ARRAY=ALLOT_ARRAY_HEAP
refused "ALLOT_POOL is now spelled ALLOT_POOL_STRATEGY" -DALLOT_POOL=ALLOT_POOL_MALLOC
refused "ALLOT_PATH_HEAP is now spelled ALLOT_PATH_STORE_HEAP" -DALLOT_PATH_STORE=ALLOT_PATH_HEAP
refused "ALLOT_PATH_INLINE is now spelled ALLOT_PATH_STORE_INLINE" -DALLOT_PATH_STORE=ALLOT_PATH_INLINE
refused "ALLOT_FORMAT_LIBC is now spelled ALLOT_PATH_FORMAT_LIBC" -DALLOT_PATH_FORMAT=ALLOT_FORMAT_LIBC
refused "ALLOT_FORMAT_BUILTIN is now spelled ALLOT_PATH_FORMAT_BUILTIN" -DALLOT_PATH_FORMAT=ALLOT_FORMAT_BUILTIN
refused "ALLOT_POOL_STRATEGY must be one of ALLOT_POOL_MALLOC, ALLOT_POOL_ARENA" \
	-DALLOT_POOL_STRATEGY=ALLOT_ARRAY_HEAP
refused "ALLOT_ARRAY_STRATEGY must be one of ALLOT_ARRAY_HEAP, ALLOT_ARRAY_ALLOCA, ALLOT_ARRAY_INLINE" \
	-DALLOT_ARRAY_STRATEGY=fast
refused "ALLOT_CHECKS must be one of 0, 1" -DALLOT_CHECKS=2

runs=$((${#jobs[@]} + cxx_runs + refusals))
failed=$(printf '%s' "$failures" | grep -c '^strict: FAILED' || true)
[ -z "$failures" ] || printf '%s\n' "$failures"
echo "strict: $((runs - failed)) passed, $failed failed" \
	"(${#jobs[@]} C builds: gcc and clang x ${modes[*]} x knob combinations, C99 without GNU C;" \
	"$cxx_runs C++ builds; $refusals bad knobs refused)"
[ "$failed" -eq 0 ]
