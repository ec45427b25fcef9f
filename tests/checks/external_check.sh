#!/usr/bin/env bash
# Depending on allot from another workspace, with only the three lines of the contract:
#
#   local_repository(name = "allot", path = ...)
#   load("@allot//toolchains:repositories.bzl", "allot_repositories")
#   allot_repositories()
#
# Builds tests/api_program.c there against @allot//alloc: with the default strategies,
# with --@allot//alloc:* flags, and pinned by allot_cc_binary whatever the flags say;
# and checks that a bad flag value and a bad pinned value fail with the allowed values.
#
#   tests/checks/external_check.sh [BAZEL_ARGS ...]     (e.g. --config=ci is not known there;
#                                                 pass plain options like --copt=-Werror)
set -euo pipefail
allot=$(cd "$(dirname "$0")/../.." && pwd)
ws=$(mktemp -d)
trap 'cd "$ws" && bazel shutdown >/dev/null 2>&1; rm -rf "$ws"' EXIT
cd "$ws"

cat >WORKSPACE <<WS
local_repository(name = "allot", path = "$allot")
load("@allot//toolchains:repositories.bzl", "allot_repositories")
allot_repositories()
WS
cp "$allot/tests/api_program.c" main.c
cat >BUILD.bazel <<'B'
load("@allot//alloc:defs.bzl", "allot_cc_binary")

cc_binary(
    name = "plain",
    srcs = ["main.c"],
    deps = ["@allot//alloc"],
)

allot_cc_binary(
    name = "pinned",
    srcs = ["main.c"],
    strategies = {"array": "inline", "path_store": "inline", "pool": "malloc", "stats": "true"},
    deps = ["@allot//alloc"],
)
B
printf 'build --nosandbox_debug\n' >.bazelrc

passed=0 failed=0
expect() { # expect WHAT EXPECTED_CONFIG BAZEL_RUN_ARGS...
	local what=$1 want=$2 out
	shift 2
	if out=$(bazel run "$@" 2>"$ws/err") && grep -qxF "allot: $want" <<<"$out"; then
		passed=$((passed + 1))
		echo "external_check: ok: $what"
	else
		failed=$((failed + 1))
		echo "external_check: FAILED: $what"
		echo "$out"
		tail -5 "$ws/err"
	fi
}
expect_error() { # expect_error WHAT MESSAGE BAZEL_BUILD_ARGS...
	local what=$1 want=$2
	shift 2
	if ! bazel build "$@" >"$ws/err" 2>&1 && grep -qF "$want" "$ws/err"; then
		passed=$((passed + 1))
		echo "external_check: ok: $what"
	else
		failed=$((failed + 1))
		echo "external_check: FAILED: $what (no error with \"$want\")"
		tail -5 "$ws/err"
	fi
}

expect "defaults" "array=alloca:2 pool=arena path=heap,libc malloc=system stats=off" \
	"$@" //:plain
expect "flags" "array=heap:2 pool=malloc path=inline,libc malloc=jemalloc stats=on" \
	"$@" //:plain --@allot//alloc:array=heap --@allot//alloc:pool=malloc \
	--@allot//alloc:path_store=inline --@allot//alloc:malloc=jemalloc --@allot//alloc:stats=true
expect "pinned over flags" "array=inline:2 pool=malloc path=inline,libc malloc=system stats=on" \
	"$@" //:pinned --@allot//alloc:pool=arena --@allot//alloc:array=heap
expect_error "bad flag value" "invalid value 'fast'. Allowed values are [\"malloc\", \"arena\"]" \
	"$@" //:plain --@allot//alloc:pool=fast
sed -i 's/"pool": "malloc"/"pool": "fast"/' BUILD.bazel
expect_error "bad pinned value" "allot knob 'pool': invalid value 'fast'. Allowed values are [\"malloc\", \"arena\"]" \
	"$@" //:pinned
echo "external_check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
