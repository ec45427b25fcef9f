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
# Then tunes examples/catalog there with allot_tune, as its README section shows, and
# writes the pins (--@allot//alloc:* flags) to a .bazelrc of that workspace. Last, builds
# with the --configs README gives users (platforms of @allot//toolchains): each program is
# what its config names (toolchains/binary_check.py) and runs, the pinned one too, and a
# config whose toolchain does not resolve (Bazel's host toolchain registered first) fails
# with allot's message instead of building for the host. And on a machine with none of the
# optional heap libraries, the registry's test module (examples/bcr) builds and passes.
#
#   tests/hosts/external.sh [BAZEL_ARGS ...]     (e.g. --config=ci is not known there;
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
cp "$allot/examples/catalog/catalog.c" "$allot/examples/catalog/words.txt" .
cat >BUILD.bazel <<'B'
load("@allot//alloc:defs.bzl", "allot_cc_binary", "allot_tune")

cc_binary(
    name = "catalog",
    srcs = ["catalog.c"],
    deps = ["@allot//alloc"],
)

allot_tune(
    name = "tune",
    args = ["--input", "$(location words.txt)", "--records", "20000"],
    binary = ":catalog",
    data = ["words.txt"],
    knobs = ["pool", "path_format"],
)

cc_binary(
    name = "plain",
    srcs = ["main.c"],
    deps = ["@allot//alloc"],
)

# Built with another pool strategy than the library it links: it must not link.
cc_binary(
    name = "mismatched",
    srcs = ["main.c"],
    copts = ["-UALLOT_POOL_STRATEGY", "-DALLOT_POOL_STRATEGY=ALLOT_POOL_MALLOC"],
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
	if out=$(bazel run "$@" 2>"$ws/err" | tr -d '\r') && grep -qxF "allot: $want" <<<"$out"; then
		passed=$((passed + 1))
		echo "external: ok: $what"
	else
		failed=$((failed + 1))
		echo "external: FAILED: $what"
		echo "$out"
		tail -5 "$ws/err"
	fi
}
expect_error() { # expect_error WHAT MESSAGE BAZEL_BUILD_ARGS...
	local what=$1 want=$2
	shift 2
	if ! bazel build "$@" >"$ws/err" 2>&1 && grep -qF "$want" "$ws/err"; then
		passed=$((passed + 1))
		echo "external: ok: $what"
	else
		failed=$((failed + 1))
		echo "external: FAILED: $what (no error with \"$want\")"
		tail -5 "$ws/err"
	fi
}

expect "defaults" "array=alloca:2 pool=arena path=heap,builtin malloc=system stats=off" \
	"$@" //:plain
expect "flags" "array=heap:2 pool=malloc path=inline,builtin malloc=jemalloc stats=on" \
	"$@" //:plain --@allot//alloc:array=heap --@allot//alloc:pool=malloc \
	--@allot//alloc:path_store=inline --@allot//alloc:malloc=jemalloc --@allot//alloc:stats=true
expect "pinned over flags" "array=inline:2 pool=malloc path=inline,builtin malloc=system stats=on" \
	"$@" //:pinned --@allot//alloc:pool=arena --@allot//alloc:array=heap
expect_error "a program built with other knobs than its library" \
	"undefined reference to 'allot_library_built_with_pool_malloc_checks_on_stats_off_v0_2'" "$@" //:mismatched
expect_error "bad flag value" "invalid value 'fast'. Allowed values are [\"malloc\", \"arena\"]" \
	"$@" //:plain --@allot//alloc:pool=fast
# allot_tune, and its pins in a file of this workspace (relative to where bazel runs)
if bazel run "$@" //:tune -- --metric=instructions --write=user.bazelrc >"$ws/out" 2>"$ws/err" &&
	grep -Eq '^  pool +arena +default ' "$ws/out" &&
	grep -Eqx 'build --@allot//alloc:pool=arena --@allot//alloc:path_format=[a-z]+' user.bazelrc; then
	passed=$((passed + 1))
	echo "external: ok: allot_tune, and its pins written"
	sed -n '/^decision/,$p' "$ws/out" | sed 's/^/    /'
else
	failed=$((failed + 1))
	echo "external: FAILED: allot_tune, and its pins written"
	tail -n 15 "$ws/out" "$ws/err"
	cat user.bazelrc 2>/dev/null
fi

# README's configs, as a user copies them into the workspace's .bazelrc.
sed -n '/^<!-- configs:/,/^```$/p' "$allot/README.md" | sed '1,2d;$d' >>.bazelrc
binary_of() { # the description toolchains/toolchains.bzl gives the config's programs
	sed -n "s/^    \"$1\": _toolchain(.*binary = \"\([^\"]*\)\".*/\1/p" "$allot/toolchains/toolchains.bzl"
}
for config in $(sed -n 's/^build:\([a-z0-9]*\) --platforms=.*/\1/p' .bazelrc); do
	expect "--config=$config (README)" "array=alloca:2 pool=arena path=heap,builtin malloc=system stats=off" \
		"$@" --config="$config" //:plain
	program=bazel-bin/plain
	[ "$config" != mingw ] || program=bazel-bin/plain.exe
	if python3 "$allot/toolchains/binary_check.py" "$(binary_of "$config")" "$program"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
done
expect "pinned, --config=aarch64 (README)" "array=inline:2 pool=malloc path=inline,builtin malloc=system stats=on" \
	"$@" --config=aarch64 //:pinned
expect_error "a config whose toolchain does not resolve" \
	"allot: the target platform is allot's musl platform, but the C toolchain that toolchain resolution chose is another one" \
	"$@" --config=musl --extra_toolchains=@local_config_cc_toolchains//:all //:plain

sed -i 's/"pool": "malloc"/"pool": "fast"/' BUILD.bazel
expect_error "bad pinned value" "allot knob 'pool': invalid value 'fast'. Allowed values are [\"malloc\", \"arena\"]" \
	"$@" //:pinned

# A machine with none of the optional heap libraries: allot_host_libs finds none under its
# root. The Bazel Central Registry's test module (examples/bcr) still builds and passes, and
# only a build that asks for a missing backend fails, naming its package.
bazel shutdown >/dev/null 2>&1
bare=$ws/bare
mkdir "$bare" && cd "$bare"
cp "$allot/examples/bcr/BUILD.bazel" "$allot/examples/bcr/main.c" .
cat >WORKSPACE <<WS
local_repository(name = "allot", path = "$allot")
load("@allot//toolchains:host_libs.bzl", "host_libs_repository")
host_libs_repository(name = "allot_host_libs", root = "$bare/no-usr")
load("@allot//toolchains:repositories.bzl", "allot_repositories")
allot_repositories()
WS
cp "$ws/.bazelrc" .
if bazel test "$@" //... >"$ws/err" 2>&1; then
	passed=$((passed + 1))
	echo "external: ok: examples/bcr with none of the heap libraries: $(grep -c PASSED "$ws/err") test passed"
else
	failed=$((failed + 1))
	echo "external: FAILED: examples/bcr with none of the heap libraries"
	tail -10 "$ws/err"
fi
expect_error "a missing heap backend asked for" \
	"allot: tcmalloc is not on this machine: install Debian's libgoogle-perftools-dev" \
	"$@" --@allot//alloc:malloc=tcmalloc //:plain
bazel shutdown >/dev/null 2>&1
cd "$ws"
echo "external: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
