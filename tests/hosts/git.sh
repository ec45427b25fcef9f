#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# allot inside Git as Git builds itself today: Git's newest release (Debian unstable's source
# package, at the version pinned in tests/hosts/git/lib.sh), allot vendored as README says
# (its Make lines, or its Meson lines at their place in Git's meson.build) and
# tests/hosts/git/git-<x.y>.patch applied: die_from_allot in usage.c, mem-pool over allot's
# pools, tree-diff's small arrays over ALLOT_ARRAY_*, strbuf_vaddf through allot_vsnprintf
# (every strbuf_addf in Git) and diff_flush_raw through allot_fprintf. Six builds, each
# with Git's developer warnings and -Werror, each then running Git's tests in $GIT_TESTS and
# its unit tests:
#
#   make-gcc      glibc, Make DEVELOPER=1, allot's defaults, -O2; and make hdr-check (every
#                 header alone, allot's included)
#   make-clang    glibc, Make DEVELOPER=1, the other value of every strategy knob (heap
#                 arrays, malloc pool, inline path store, libc format), -O0
#   meson-gcc     glibc, Meson -Dwarning_level=2 -Dwerror=true, allot's defaults
#   meson-clang   the same with clang and the other value of every strategy knob
#   musl          musl-gcc, Meson, static, zlib built for musl (Git's linux-musl-meson job)
#   i386          gcc -m32, Make DEVELOPER=1, zlib built for i386 (Git's linux32 job)
#
# Each Meson build's compile_commands.json must show libgit's copies of allot's sources
# compiled with Git's developer warnings, the knobs and -include precompiled.h (Git 2.54 and
# later precompile git-compat-util.h for libgit). Then the three workloads of
# tests/hosts/git/workloads.py, small, on the glibc, musl and i386 builds, must print the
# same bytes on all three (the report counts them against pristine Git).
#
# The tests run with GIT_TEST_VALIDATE_INDEX_CACHE_ENTRIES=1 (mem_pool_discard with
# invalidate, and mem_pool_contains on every index entry), except t1700: there Git itself
# writes past a cache entry it allocated (split-index.c, replace_entry: src gets dst's name
# length, then discard_cache_entry clears that many bytes), which the arena leaves no slack
# for (Git's check then reports "cache entry is not allocated from expected memory pool").
#
#   tests/hosts/git.sh [BUILD...]     # GIT_SRC=DIR: an unpacked Git instead of Debian's
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$root/tests/hosts/git/lib.sh"
: "${GIT_TESTS:=t4013-diff-various t6423-merge-rename-directories t9300-fast-import t1006-cat-file t5304-prune}"
passed=0 failed=0 since=$SECONDS
ok() { passed=$((passed + 1)); echo "git: ok: $* ($((SECONDS - since)) s)"; since=$SECONDS; }
fail() { failed=$((failed + 1)); echo "git: FAILED: $* ($((SECONDS - since)) s)"; since=$SECONDS; }
builds=("$@")
[ ${#builds[@]} -gt 0 ] || builds=(make-gcc make-clang meson-gcc meson-clang musl i386)

git_sources
echo "git: port $(basename "$git_port"); builds: ${builds[*]}"

other_make=(ALLOT_ARRAY_STRATEGY=heap ALLOT_POOL_STRATEGY=malloc ALLOT_PATH_STORE=inline ALLOT_PATH_FORMAT=libc)
other_meson=(-Dallot:array_strategy=heap -Dallot:pool_strategy=malloc -Dallot:path_store=inline
	-Dallot:path_format=libc)
# Git's own list of headers that do not compile alone, with curl's (NO_CURL) and OpenSSL's
hdr_except='$(GENERATED_H) unicode-width.h compat/% xdiff/% $(UNIT_TEST_DIR)/clar/% $(UNIT_TEST_DIR)/clar/clar/%'
hdr_except+=' sha1/openssl.h sha256/openssl.h sha256/nettle.h sha256/gcrypt.h http.h git-curl-compat.h'

# cc_check DIR POOL: every libgit copy of allot's sources compiled with Git's developer
# warnings, the knobs (POOL: the pool strategy's C name) and the precompiled header.
cc_check() {
	python3 - "$1/build/compile_commands.json" "$2" <<'EOF'
import json, re, sys
entries = [e for e in json.load(open(sys.argv[1]))
           if "subprojects/allot/alloc/" in e["file"] and "libgit.a.p" in e["command"]]
need = ["-Wdeclaration-after-statement", "-Wmissing-prototypes", "-Werror",
        "-DALLOT_POOL_STRATEGY=" + sys.argv[2], "-DALLOT_MALLOC=xmalloc"]
# the precompiled git-compat-util.h: gcc's -include precompiled.h, clang's -include-pch
pch = re.compile(r"-include (\S*/)?precompiled\.h\b|-include-pch \S*precompiled\.h\.pch")
bad = ["%s lacks %s" % (e["file"].split("/")[-1], n) for e in entries for n in need if n not in e["command"]]
bad += ["%s lacks -include precompiled.h" % e["file"].split("/")[-1] for e in entries
        if not pch.search(e["command"])]
if len(entries) < 7 or bad:
    sys.exit("%d of allot's sources in libgit; %s" % (len(entries), "; ".join(bad)))
print("%d of allot's sources in libgit, each with %s %s" % (
    len(entries), " ".join(need), pch.search(entries[0]["command"]).group(0)))
EOF
}

# tests NAME DIR make|meson [MAKE ARGS...]: Git's tests in $GIT_TESTS, t1700 and the unit tests.
tests() {
	local name=$1 dir=$2 system=$3 log=$2/test.log
	shift 3
	if [ "$system" = make ]; then
		# shellcheck disable=SC2046 # the scripts, one a word
		GIT_TEST_VALIDATE_INDEX_CACHE_ENTRIES=1 make -C "$dir/t" -k -j2 "${git_make_flags[@]}" "$@" \
			T="$(cd "$dir/t" && for t in $GIT_TESTS; do printf '%s.sh ' "$t"; done)" >"$log" 2>&1 &&
			make -C "$dir/t" "${git_make_flags[@]}" "$@" T=t1700-split-index.sh >>"$log" 2>&1 &&
			make -C "$dir/t" "${git_make_flags[@]}" "$@" unit-tests >>"$log" 2>&1
	else
		# shellcheck disable=SC2086 # the scripts, one a word
		# (each run rewrites meson's testlog.txt: test.log keeps both)
		GIT_TEST_VALIDATE_INDEX_CACHE_ENTRIES=1 meson test -C "$dir/build" --num-processes 2 \
			$GIT_TESTS unit-tests >"$log.run" 2>&1 &&
			cat "$dir/build/meson-logs/testlog.txt" >"$log" &&
			meson test -C "$dir/build" t1700-split-index >>"$log.run" 2>&1 &&
			cat "$dir/build/meson-logs/testlog.txt" >>"$log"
	fi || {
		fail "$name: Git's tests"
		grep -E '^not ok|^# failed|FAIL|Error' "$log" "$dir/build/meson-logs/testlog.txt" 2>/dev/null |
			grep -v 'TODO known breakage' | head -20 || true
		return 0
	}
	# scripts: "# passed all N test(s)"; the unit tests (clar): "ok N - suite::test"
	ok "$name: Git's tests: $(awk '/^# passed all (remaining )?[0-9]+ test/ { n += $(NF - 1); s++ }
		/^ok [0-9]+ - [^ ]+::/ { u++ }
		END { printf "%d scripts, %d tests passed; %d unit tests passed", s, n, u }' "$log")"
}

# build NAME: one of the six builds, its checks and its tests. make-gcc, musl and i386 are
# the platforms' builds the report measures (lib.sh's git_platform); the other three are
# this script's own.
build() {
	local name=$1 dir=$work/$1 binary what make_args=() pool=ALLOT_POOL_ARENA cc=gcc
	since=$SECONDS
	case $name in
	make-gcc) what="glibc, Make DEVELOPER=1, gcc" && binary=$(git_platform glibc "$dir" allot) ;;
	i386) cc=$git_i386_cc what="Make DEVELOPER=1, $git_i386_cc" && binary=$(git_platform i386 "$dir" allot) ;;
	musl) what="Meson -Dwarning_level=2 -Dwerror=true, musl-gcc, static" && binary=$(git_platform musl "$dir" allot) ;;
	make-clang)
		cc=clang make_args=(CFLAGS="-g -O0 -Wall" "${other_make[@]}")
		what="Make DEVELOPER=1, clang ${make_args[*]}"
		git_tree "$dir" make && git_make "$dir" clang "${make_args[@]}" && binary=$dir/git
		;;
	meson-gcc) what="Meson -Dwarning_level=2 -Dwerror=true, gcc" && git_tree "$dir" meson && git_meson "$dir" gcc && binary=$dir/build/git ;;
	meson-clang)
		what="Meson -Dwarning_level=2 -Dwerror=true, clang ${other_meson[*]}" pool=ALLOT_POOL_MALLOC
		git_tree "$dir" meson && git_meson "$dir" clang "${other_meson[@]}" && binary=$dir/build/git
		;;
	*) fail "unknown build $name: make-gcc, make-clang, meson-gcc, meson-clang, musl or i386"; return 0 ;;
	esac
	if [ -z "${binary:-}" ]; then
		fail "$name: build ($what)"
		grep -E 'error|warning|ERROR|FAILED|malformed|rejected' "$dir/build.log" | head -20 || true
		return 0
	fi
	# allot compiled as Git's own sources are: Make's rules and flags, or libgit's (Meson)
	if [ -d "$dir/build" ]; then
		what="$what; $(cc_check "$dir" "$pool" 2>&1)" || { fail "$name: build ($what)"; return 0; }
	elif ! grep -q 'CC allot-build/allot-alloc-pool.o' "$dir/build.log" ||
		! grep -q -- '-Wdeclaration-after-statement' "$dir/allot-build/allot-flags"; then
		fail "$name: allot not built by Git's rules with Git's DEVELOPER flags"
		return 0
	fi
	ok "$name: build ($what)"
	if [ "$name" = make-gcc ]; then
		if make -C "$dir" -j2 DEVELOPER=1 "${git_make_flags[@]}" CC=gcc EXCEPT_HDRS="$hdr_except" \
			hdr-check >"$dir/hdr.log" 2>&1 && grep -q 'HDR allot/strategies/array_inline.h' "$dir/hdr.log"; then
			ok "$name: hdr-check ($(grep -c 'HDR allot/' "$dir/hdr.log") of allot's headers among $(grep -c ' HDR ' "$dir/hdr.log"))"
		else
			fail "$name: hdr-check"
			grep -B2 -A5 'error' "$dir/hdr.log" | head -30 || true
		fi
	fi
	# the program is what the platform says, with allot in it
	local kind
	kind=$(file -b "$binary")
	case $name in
	musl) [[ $kind == *"statically linked"* ]] && ! grep -q GLIBC_ "$binary" ;;
	i386) [[ $kind == *"ELF 32-bit"*"Intel 80386"* ]] ;;
	*) [[ $kind == *"ELF 64-bit"*"x86-64"* ]] ;;
	esac && nm "$binary" >"$dir/symbols" && grep -q ' T allot_vsnprintf$' "$dir/symbols" ||
		{ fail "$name: $binary is not what $name builds, with allot: $kind"; return 0; }
	if [ -d "$dir/build" ]; then
		tests "$name" "$dir" meson
	else
		tests "$name" "$dir" make CC="$cc" "${make_args[@]}"
	fi
	echo "$binary" >"$work/$name.git"
	rm -rf "$dir/t/trash"*
}

for name in "${builds[@]}"; do
	build "$name"
done

# The workloads, small, on each platform's build: the same bytes everywhere.
platforms=()
for name in make-gcc musl i386; do
	[ -s "$work/$name.git" ] && platforms+=("$name=$(cat "$work/$name.git")")
done
if [ ${#platforms[@]} -gt 1 ]; then
	since=$SECONDS
	if python3 "$git_lib/workloads.py" check --scale small --work "$work/workloads" "${platforms[@]}" \
		>"$work/workloads.log" 2>&1; then
		ok "workloads alike: $(tail -1 "$work/workloads.log")"
	else
		fail "workloads"
		tail -20 "$work/workloads.log"
	fi
fi

echo "git: $passed passed, $failed failed"
[ "$failed" = 0 ]
