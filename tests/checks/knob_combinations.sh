#!/usr/bin/env bash
# Prints every combination of allot's C knobs, one line of -D flags each, for the
# plain-cc checks (tests/checks/embed_check.sh, tests/checks/strict_check.sh): every
# array, pool and path strategy (store and format) that alloc/config.h's knob table
# lists, with stats and checks on and off.
#
#   tests/checks/knob_combinations.sh
set -euo pipefail
config=$(dirname "$0")/../../alloc/config.h

# values DECADE: the C spellings of the strategy values numbered in that decade.
values() {
	sed -n "s/^#define \(ALLOT_[A-Z_]*\)  *$1[0-9]$/\1/p" "$config"
}

for array in $(values 1); do
	for pool in $(values 2); do
		for store in $(values 3); do
			for format in $(values 4); do
				for stats in 0 1; do
					for checks in 0 1; do
						echo "-DALLOT_ARRAY_STRATEGY=$array -DALLOT_POOL_STRATEGY=$pool" \
							"-DALLOT_PATH_STORE=$store -DALLOT_PATH_FORMAT=$format" \
							"-DALLOT_STATS=$stats -DALLOT_CHECKS=$checks"
					done
				done
			done
		done
	done
done
