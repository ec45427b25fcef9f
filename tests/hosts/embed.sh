#!/usr/bin/env bash
# Embedding without Bazel: every .c under alloc/ (and strategies/) compiles with the same
# knobs and -I<repo root>. Builds the library, then tests/api_program.c and the whole C
# suite with the plain runner against it, with plain cc (gcc and clang, -Werror) under
# every combination of the array, pool and path strategies (store and format), stats on
# or off with them so that each value meets both (tests/hosts/knob_combinations.sh
# --cover), misuse checks on (the Bazel suite runs them off too), and runs them, two
# combinations at a time. As in the Bazel matrix, the combinations that format alike
# share the formatter's generated cases out (ALLOT_TEST_SAMPLE=4:K, tests/check.h).
#
#   tests/hosts/embed.sh [CC ...]      default: gcc clang
set -euo pipefail
cd "$(dirname "$0")/../.."
compilers=("$@")
[ ${#compilers[@]} -gt 0 ] || compilers=(gcc clang)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The compiler options of every build here (split into words where used).
export EMBED_CFLAGS="-std=c11 -O1 -Wall -Wextra -Werror -I."

# One combination: "cc sample knob..."; prints a line only if it fails. Runs in a job of
# its own.
check() {
	local cc=$1 sample=$2 dir
	shift 2
	dir=$(mktemp -d "$out/run.XXXXXX")
	# The library's objects, a directory per source directory (both have a pool.c).
	mkdir "$dir/alloc" "$dir/strategies"
	if ! (cd "$dir/alloc" && "$cc" $EMBED_CFLAGS -I"$OLDPWD" "$@" -c "$OLDPWD"/alloc/*.c) ||
		! (cd "$dir/strategies" && "$cc" $EMBED_CFLAGS -I"$OLDPWD" "$@" -c "$OLDPWD"/strategies/*.c) ||
		! "$cc" $EMBED_CFLAGS "$@" tests/api_program.c "$dir"/*/*.o -o "$dir/api" ||
		! "$dir/api" >/dev/null ||
		! "$cc" $EMBED_CFLAGS "$@" tests/*_test.c "$dir"/*/*.o "$out/$cc"-common/*.o \
			-o "$dir/suite" -ldl -pthread ||
		! ALLOT_TEST_SAMPLE=$sample "$dir/suite" >"$dir/log"; then
		echo "embed: FAILED: $cc $*"
		tail -5 "$dir/log" 2>/dev/null || true
	fi
	rm -rf "$dir"
}

combinations=()
for cc in "${compilers[@]}"; do
	# What does not depend on the knobs builds once per compiler.
	mkdir "$out/$cc-common"
	for src in tests/check.c tests/format_gen.c tests/runners/plain_main.c; do
		"$cc" $EMBED_CFLAGS -c "$src" -o "$out/$cc-common/$(basename "$src" .c).o"
	done
	# The suite's misuse tests need the checks: on in every combination. Each format's
	# combinations take the offsets of the sample in turn.
	declare -A shares=()
	while read -r knobs; do
		format=${knobs#*-DALLOT_PATH_FORMAT=}
		format=${format%% *}
		k=${shares[$format]:-0}
		shares[$format]=$((k + 1))
		combinations+=("$cc 4:$((k % 4)) $knobs")
	done < <(tests/hosts/knob_combinations.sh --cover | sed 's/-DALLOT_CHECKS=0/-DALLOT_CHECKS=1/')
done

export -f check
export out
failures=$(printf '%s\n' "${combinations[@]}" | xargs -P 2 -L 1 bash -c 'check "$@"' check)
runs=${#combinations[@]}
failed=$(printf '%s' "$failures" | grep -c '^embed: FAILED' || true)
[ -z "$failures" ] || printf '%s\n' "$failures"

# A program built with other knobs than its library must not link: "library knobs |
# program knobs" (each link must fail naming allot_library_built_with_<knobs>; the same
# program against a library built its own way must link).
mismatches=(
	"-DALLOT_PATH_STORE=ALLOT_PATH_STORE_HEAP | -DALLOT_PATH_STORE=ALLOT_PATH_STORE_INLINE"
	"-DALLOT_PATH_STORE=ALLOT_PATH_STORE_INLINE | -DALLOT_PATH_STORE=ALLOT_PATH_STORE_INLINE -DALLOT_PATH_INLINE_SIZE=64"
	"-DALLOT_POOL_STRATEGY=ALLOT_POOL_ARENA | -DALLOT_POOL_STRATEGY=ALLOT_POOL_MALLOC"
	"-DALLOT_CHECKS=1 | -DALLOT_CHECKS=0"
	"-DALLOT_ARRAY_STRATEGY=ALLOT_ARRAY_INLINE | -DALLOT_ARRAY_STRATEGY=ALLOT_ARRAY_INLINE -DALLOT_ARRAY_INLINE_MAX=8"
)
for cc in "${compilers[@]}"; do
	for pair in "${mismatches[@]}"; do
		lib=${pair%% | *} prog=${pair##* | } dir=$(mktemp -d "$out/mismatch.XXXXXX")
		runs=$((runs + 1))
		for side in lib prog; do
			mkdir "$dir/$side"
			if [ $side = lib ]; then knobs=$lib; else knobs=$prog; fi
			(cd "$dir/$side" && "$cc" $EMBED_CFLAGS -I"$OLDPWD" $knobs -c "$OLDPWD"/alloc/*.c) &&
				ar rcs "$dir/lib$side.a" "$dir/$side"/*.o
		done
		"$cc" $EMBED_CFLAGS $prog -c tests/api_program.c -o "$dir/api.o"
		if "$cc" "$dir/api.o" "$dir/liblib.a" -o "$dir/api" 2>"$dir/err" ||
			! grep -q 'allot_library_built_with_' "$dir/err" ||
			! "$cc" "$dir/api.o" "$dir/libprog.a" -o "$dir/api"; then
			failed=$((failed + 1))
			echo "embed: FAILED: $cc: a program built with $prog linked against a library built with $lib (or did not link with its own)"
		fi
		rm -rf "$dir"
	done
done
echo "embed: $((runs - failed)) passed, $failed failed (api_program and the C suite per combination; mismatched links refused)"
[ "$failed" -eq 0 ]
