#!/usr/bin/env bash
# Embedding without Bazel: every .c under alloc/ and strategies/ compiles with the same
# knobs and -I<repo root>. Builds tests/api_program.c, and the whole C suite with the
# plain runner, with plain cc (gcc and clang, -Werror) under every combination of the
# array, pool and path strategies, stats on and off, and runs them.
#
#   tests/embed_check.sh [CC ...]      default: gcc clang
set -euo pipefail
cd "$(dirname "$0")/.."
compilers=("$@")
[ ${#compilers[@]} -gt 0 ] || compilers=(gcc clang)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
flags=(-std=c11 -O1 -Wall -Wextra -Werror -I.)
lib=(alloc/*.c strategies/*.c)
suite=(tests/check.c tests/*_test.c tests/plain_main.c)
runs=0 failed=0
for cc in "${compilers[@]}"; do
	for array in HEAP ALLOCA INLINE; do
		for pool in MALLOC ARENA; do
			for store in HEAP INLINE; do
				for stats in 0 1; do
					knobs=(-DALLOT_ARRAY=ALLOT_ARRAY_$array -DALLOT_POOL=ALLOT_POOL_$pool
						-DALLOT_PATH_STORE=ALLOT_PATH_$store -DALLOT_STATS=$stats)
					what="$cc ${knobs[*]}"
					runs=$((runs + 1))
					if ! "$cc" "${flags[@]}" "${knobs[@]}" "${lib[@]}" tests/api_program.c -o "$out/api" ||
						! "$out/api" >/dev/null ||
						! "$cc" "${flags[@]}" "${knobs[@]}" "${lib[@]}" "${suite[@]}" -o "$out/suite" -ldl -pthread ||
						! "$out/suite" >"$out/log"; then
						echo "embed_check: FAILED: $what"
						tail -5 "$out/log" 2>/dev/null || true
						failed=$((failed + 1))
					fi
				done
			done
		done
	done
done
echo "embed_check: $((runs - failed)) passed, $failed failed (api_program and the C suite per combination)"
[ "$failed" -eq 0 ]
