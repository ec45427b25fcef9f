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
# A compiler named NAME-m32 builds for i386 (gcc -m32, clang -m32: Debian's
# lib32gcc-12-dev and libc6-dev-i386) the way Git builds: the library -std=gnu99
# -pedantic, the program and the suite C11, so that the two must agree on the alignment
# allot_pool_alloc promises (tests/pool_test.c checks max_align_t's). They take every 4th
# combination, whose 3 per format share the generated cases out (--config=i386 runs every
# combination under Bazel).
#
#   tests/hosts/embed.sh [CC ...]      default: gcc clang gcc-m32 clang-m32
set -euo pipefail
cd "$(dirname "$0")/../.."
compilers=("$@")
[ ${#compilers[@]} -gt 0 ] || compilers=(gcc clang gcc-m32 clang-m32)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The compiler options of every build here (split into words where used).
export EMBED_CFLAGS="-std=c11 -O1 -Wall -Wextra -Werror -I."

# cc_of NAME: the command of a compiler name (NAME-m32: NAME -m32, and the kernel's asm/
# headers, which libc6-dev-i386 does not link for i386, after the rest); lib_std_of NAME:
# the -std the library is built with.
cc_of() {
	case $1 in
	*-m32) echo "${1%-m32} -m32 -idirafter /usr/include/x86_64-linux-gnu" ;;
	*) echo "$1" ;;
	esac
}
lib_std_of() {
	case $1 in
	*-m32) echo "-std=gnu99 -pedantic" ;;
	*) echo "" ;;
	esac
}
export -f cc_of lib_std_of

# One combination: "cc sample knob..."; prints a line only if it fails. Runs in a job of
# its own.
check() {
	local name=$1 sample=$2 dir cc lib_std
	shift 2
	cc=$(cc_of "$name") lib_std=$(lib_std_of "$name")
	dir=$(mktemp -d "$out/run.XXXXXX")
	# The library's objects, a directory per source directory (both have a pool.c).
	mkdir "$dir/alloc" "$dir/strategies"
	if ! (cd "$dir/alloc" && $cc $EMBED_CFLAGS $lib_std -I"$OLDPWD" "$@" -c "$OLDPWD"/alloc/*.c) ||
		! (cd "$dir/strategies" && $cc $EMBED_CFLAGS $lib_std -I"$OLDPWD" "$@" -c "$OLDPWD"/strategies/*.c) ||
		! $cc $EMBED_CFLAGS "$@" tests/api_program.c "$dir"/*/*.o -o "$dir/api" ||
		! "$dir/api" >/dev/null ||
		! $cc $EMBED_CFLAGS "$@" tests/*_test.c "$dir"/*/*.o "$out/$name"-common/*.o \
			-o "$dir/suite" -ldl -pthread ||
		! ALLOT_TEST_SAMPLE=$sample "$dir/suite" >"$dir/log"; then
		echo "embed: FAILED: $name $*"
		tail -5 "$dir/log" 2>/dev/null || true
	fi
	rm -rf "$dir"
}

combinations=()
for name in "${compilers[@]}"; do
	# What does not depend on the knobs builds once per compiler.
	mkdir "$out/$name-common"
	for src in tests/check.c tests/format_gen.c tests/runners/plain_main.c; do
		$(cc_of "$name") $EMBED_CFLAGS -c "$src" -o "$out/$name-common/$(basename "$src" .c).o"
	done
	# The suite's misuse tests need the checks: on in every combination. Each format's
	# combinations take the offsets of the sample in turn.
	declare -A shares=()
	while read -r knobs; do
		format=${knobs#*-DALLOT_PATH_FORMAT=}
		format=${format%% *}
		k=${shares[$format]:-0}
		shares[$format]=$((k + 1))
		case $name in
		*-m32) # every 4th combination (3 per format), which share the cases out 3 ways
			[ $((k % 4)) -ne 0 ] || combinations+=("$name 3:$((k / 4 % 3)) $knobs") ;;
		*) combinations+=("$name 4:$((k % 4)) $knobs") ;;
		esac
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
for name in "${compilers[@]}"; do
	cc=$(cc_of "$name")
	for pair in "${mismatches[@]}"; do
		lib=${pair%% | *} prog=${pair##* | } dir=$(mktemp -d "$out/mismatch.XXXXXX")
		runs=$((runs + 1))
		for side in lib prog; do
			mkdir "$dir/$side"
			if [ $side = lib ]; then knobs=$lib; else knobs=$prog; fi
			(cd "$dir/$side" && $cc $EMBED_CFLAGS -I"$OLDPWD" $knobs -c "$OLDPWD"/alloc/*.c) &&
				ar rcs "$dir/lib$side.a" "$dir/$side"/*.o
		done
		$cc $EMBED_CFLAGS $prog -c tests/api_program.c -o "$dir/api.o"
		if $cc "$dir/api.o" "$dir/liblib.a" -o "$dir/api" 2>"$dir/err" ||
			! grep -q 'allot_library_built_with_' "$dir/err" ||
			! $cc "$dir/api.o" "$dir/libprog.a" -o "$dir/api"; then
			failed=$((failed + 1))
			echo "embed: FAILED: $name: a program built with $prog linked against a library built with $lib (or did not link with its own)"
		fi
		rm -rf "$dir"
	done
done
echo "embed: $((runs - failed)) passed, $failed failed (api_program and the C suite per combination; mismatched links refused)"
[ "$failed" -eq 0 ]
