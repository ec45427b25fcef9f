#!/bin/sh
# tree_diff under every variant given as arguments: each must succeed (its counts match
# the trees it built) and print the same change counts and checksum, for both shapes.
set -u
status=0
for shape in flat nested; do
	first=""
	for bin in "$@"; do
		if ! out=$("$bin" --shape "$shape" --entries 30000); then
			echo "FAIL: $bin --shape $shape exited non-zero"
			status=1
			continue
		fi
		summary=$(printf '%s\n' "$out" | grep -E '^(changes|checksum):')
		if [ -z "$first" ]; then
			first=$summary
			printf '%s: %s\n' "$shape" "$(echo $summary)"
		elif [ "$summary" != "$first" ]; then
			printf 'FAIL: %s --shape %s printed\n%s\ninstead of\n%s\n' "$bin" "$shape" "$summary" "$first"
			status=1
		fi
	done
	[ -n "$first" ] || { echo "FAIL: no variant ran"; status=1; }
done
echo "$# variants x 2 shapes checked"
exit $status
