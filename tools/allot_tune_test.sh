#!/bin/sh
# SPDX-License-Identifier: MIT
# tools/allot_tune_test.py under Bazel: the unit tests of the allot_tune package.
set -eu
cd "${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-allot}/tools" 2>/dev/null || cd "$(dirname "$0")"
exec python3 -m unittest -v allot_tune_test
