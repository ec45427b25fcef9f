#!/bin/sh
# SPDX-License-Identifier: MIT
# readme_test.sh FIRST FIRST.C README.md: README's first C block is first.c (less its
# license line), and the program prints each name under objects/ with its mode.
set -eu
first=$1 source=$2 readme=$3
ALLOT_RUN=${ALLOT_RUN:-}
block=$(sed -n '/^```c$/,/^```$/p' "$readme" | sed '1d' | sed '/^```$/,$d')
if [ "$block" != "$(sed '1d' "$source")" ]; then
	echo "FAIL: README.md's first C block is not $source:"
	printf '%s\n' "$block" | diff - "$source" || true
	exit 1
fi
out=$($ALLOT_RUN "$first" | tr -d '\r')
want=$(printf '100644 objects/%s\n' README.md alloc/pool.h alloc/path.h)
if [ "$out" != "$want" ]; then
	echo "FAIL: first printed:"
	echo "$out"
	exit 1
fi
echo "readme_test: 2 passed, 0 failed"
