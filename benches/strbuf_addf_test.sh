#!/usr/bin/env bash
# strbuf_addf_test.sh: the strbuf_addf benchmark's ways, one round of 2,000 names; the
# runner (tools/allot-tune) fails when their outputs differ.
set -euo pipefail
cd "${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-allot}" 2>/dev/null || true
out=${TEST_TMPDIR:-/tmp}/strbuf_addf_test.out
if ! benches/strbuf_addf --rounds=1 -- --names 2000 >"$out" 2>&1; then
	cat "$out"
	echo "strbuf_addf_test: 0 passed, 1 failed"
	exit 1
fi
ways=$(grep -c '^addf(' "$out" || true)
if [ "$ways" -lt 4 ]; then
	cat "$out"
	echo "strbuf_addf_test: only $ways addf ways ran; 0 passed, 1 failed"
	exit 1
fi
echo "strbuf_addf_test: $ways addf ways agree; 1 passed, 0 failed"
