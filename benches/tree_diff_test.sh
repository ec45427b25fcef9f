#!/usr/bin/env bash
# tree_diff under every variant built for this toolchain (benches/tree_diff_<variant> in
# the runfiles): each must succeed (its counts match the trees it built) and print the
# same change counts and checksum, for both shapes. Windows binaries run through
# $ALLOT_RUN (toolchains/wine_run.sh, set under --config=mingw).
set -u
cd "${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-allot}" 2>/dev/null || true
shopt -s nullglob
variants=()
for bin in benches/tree_diff_*; do
	case $bin in *.sh | *.py | *_test | *_runner | *_workload) continue ;; esac
	[ -x "$bin" ] && variants+=("$bin")
done
set -- "${variants[@]}"
status=0
for shape in flat nested; do
	first=""
	for bin in "$@"; do
		if ! out=$(${ALLOT_RUN:-} "$bin" --shape "$shape" --entries 30000); then
			echo "FAIL: $bin --shape $shape exited non-zero"
			status=1
			continue
		fi
		summary=$(printf '%s\n' "$out" | tr -d '\r' | grep -E '^(changes|checksum):')
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
[ $# -gt 0 ] || status=1
exit $status
