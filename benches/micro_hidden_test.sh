#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# micro_hidden_test: each strategy object of //benches:micro (benches/micro.bzl) keeps
# its copy of allot to itself. An object that exported allot's functions would have the
# others call them, with other struct layouts: the process corrupts its heap.
#
#   micro_hidden_test.sh LIB.so...
set -euo pipefail
failed=0
for so in "$@"; do
	exported=$(nm -D --defined-only "$so" | awk '{ print $NF }' | grep allot || true)
	if [ -n "$exported" ]; then
		echo "micro_hidden_test: $(basename "$so") exports allot's symbols:" $exported
		failed=$((failed + 1))
	fi
done
echo "micro_hidden_test: $# objects, $failed export allot's symbols"
[ "$failed" = 0 ]
