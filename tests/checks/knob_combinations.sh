#!/usr/bin/env bash
# Prints every combination of allot's C knobs, one line of -D flags each, for the
# plain-cc checks (tests/checks/embed_check.sh, tests/checks/strict_check.sh): every array, pool and
# path strategy (store and format), with stats and checks on and off.
#
#   tests/checks/knob_combinations.sh
set -euo pipefail
for array in HEAP ALLOCA INLINE; do
	for pool in MALLOC ARENA; do
		for store in HEAP INLINE; do
			for format in LIBC BUILTIN; do
				for stats in 0 1; do
					for checks in 0 1; do
						echo "-DALLOT_ARRAY_STRATEGY=ALLOT_ARRAY_$array" \
							"-DALLOT_POOL_STRATEGY=ALLOT_POOL_$pool" \
							"-DALLOT_PATH_STORE=ALLOT_PATH_STORE_$store" \
							"-DALLOT_PATH_FORMAT=ALLOT_PATH_FORMAT_$format" \
							"-DALLOT_STATS=$stats -DALLOT_CHECKS=$checks"
					done
				done
			done
		done
	done
done
