#!/usr/bin/env bash
# Prints every combination of allot's C knobs, one line of -D flags each, for the
# plain-cc checks (tests/hosts/embed.sh, tests/hosts/strict.sh): every
# array, pool and path strategy (store and format) that alloc/config.h's knob table
# lists, with stats and checks on and off: 96 lines.
#
# --cover prints each combination of the strategies once (24 lines), stats and checks
# on or off with them so that every pair of values of any two knobs occurs in some line
# (stats = store + format, checks = pool + format, modulo 2, counting values from 0).
#
#   tests/hosts/knob_combinations.sh [--cover]
set -euo pipefail
config=$(dirname "$0")/../../alloc/config.h

# values DECADE: the C spellings of the strategy values numbered in that decade.
values() {
	sed -n "s/^#define \(ALLOT_[A-Z_]*\)  *$1[0-9]$/\1/p" "$config"
}

cover=0
case "${1:-}" in
"") ;;
--cover) cover=1 ;;
*)
	echo "knob_combinations.sh: unknown option $1 (the one option is --cover)" >&2
	exit 2
	;;
esac

for array in $(values 1); do
	p=0
	for pool in $(values 2); do
		s=0
		for store in $(values 3); do
			f=0
			for format in $(values 4); do
				for stats in 0 1; do
					for checks in 0 1; do
						if [ $cover = 1 ] && { [ $stats != $(((s + f) % 2)) ] ||
							[ $checks != $(((p + f) % 2)) ]; }; then
							continue
						fi
						echo "-DALLOT_ARRAY_STRATEGY=$array -DALLOT_POOL_STRATEGY=$pool" \
							"-DALLOT_PATH_STORE=$store -DALLOT_PATH_FORMAT=$format" \
							"-DALLOT_STATS=$stats -DALLOT_CHECKS=$checks"
					done
				done
				f=$((f + 1))
			done
			s=$((s + 1))
		done
		p=$((p + 1))
	done
done
