#!/usr/bin/env bash
# poison_check.sh asan|valgrind PROGRAM: runs every case of tests/poison_cases.c (PROGRAM
# lists them) and requires the tool to report each bad access: its address, in the
# function that made it. asan: PROGRAM is built with -fsanitize=address; valgrind: with
# -DALLOT_VALGRIND=1, and runs under memcheck.
set -uo pipefail
tool=$1 program=$2
case $tool in
asan) run=() ;;
valgrind)
	if ! command -v valgrind >/dev/null; then
		echo "poison_check: valgrind is not installed (./bazelw installs it)" >&2
		exit 1
	fi
	run=(valgrind --error-exitcode=99) ;;
*) echo "poison_check: asan or valgrind, not $tool" >&2; exit 2 ;;
esac
export ASAN_OPTIONS=allocator_may_return_null=1:detect_leaks=0
caught=0 missed=0
for name in $("$program"); do
	out=$("${run[@]}" "$program" "$name" 2>"${TEST_TMPDIR:-/tmp}/report")
	status=$?
	report=$(cat "${TEST_TMPDIR:-/tmp}/report")
	addr=$out
	case $tool in
	asan) where="ERROR: AddressSanitizer: [a-z-]* on address $addr" frame="#0 0x[0-9a-f]* in $name " ;;
	valgrind) where="Address $addr is" frame="(at|by) 0x[0-9A-F]*: $name " ;;
	esac
	if [ $status -ne 0 ] && grep -Eq "$where" <<<"$report" && grep -Eq "$frame" <<<"$report"; then
		echo "caught: $name ($(grep -Eo "AddressSanitizer: [a-z-]*|Invalid (read|write) of size [0-9]*" <<<"$report" | head -1))"
		caught=$((caught + 1))
	else
		echo "MISSED: $name at $addr (exit status $status); the tool said:"
		sed 's/^/  | /' <<<"$report" | head -30
		missed=$((missed + 1))
	fi
done
echo "poison_check ($tool): $caught caught, $missed missed"
[ $missed -eq 0 ] && [ $caught -gt 0 ]
