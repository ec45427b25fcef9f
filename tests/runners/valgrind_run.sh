#!/usr/bin/env bash
# valgrind_run.sh PROGRAM [ARGS...]: runs PROGRAM under Valgrind's memcheck and fails on
# any memcheck error (invalid access, uninitialised value used, bad free) and on any
# leak (definite or indirect). The differential tests keep every 8th of their generated
# cases (ALLOT_TEST_SAMPLE): memcheck finds in each what it would find in all.
set -euo pipefail
if ! command -v valgrind >/dev/null; then
	echo "valgrind_run: valgrind is not installed (./bazelw installs it)" >&2
	exit 1
fi
ALLOT_TEST_SAMPLE=8 exec valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect \
	--errors-for-leak-kinds=definite,indirect --track-origins=yes "$@"
