#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# allot inside Git, vendored as README's Make recipe has it: Git 2.39's source (Debian's
# source package; GIT_SRC=DIR to use an unpacked one), allot's library files copied to
# allot/ (LICENSE, allot.mk, alloc/, strategies/: what a host vendors), and
# tests/hosts/git/git-2.39.patch applied: the recipe's lines in Git's Makefile,
# die_from_allot in usage.c, mem-pool over allot's pools, tree-diff's small arrays over
# ALLOT_ARRAY_*, and strbuf_vaddf through allot_vsnprintf (every strbuf_addf in Git).
# Then, with Git's DEVELOPER=1 warnings (-Werror):
#
#   gcc, allot's defaults:   build, make hdr-check (every header alone, allot's included),
#                            Git's tests in $GIT_TESTS
#   clang, the other value of every strategy knob (heap arrays, malloc pool, inline path
#                            store, libc format): build at -O0 (the warnings are clang's
#                            front end's; gcc's build is the optimised one), the same tests
#
# The tests run with GIT_TEST_VALIDATE_INDEX_CACHE_ENTRIES=1 (mem_pool_discard with
# invalidate, and mem_pool_contains on every index entry), except t1700: there Git 2.39
# itself writes past a cache entry it allocated (split-index.c, replace_entry: src gets
# dst's name length, then discard_cache_entry clears that many bytes), which the arena
# leaves no slack for; ASan names the line.
#
#   tests/hosts/git.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: "${GIT_TESTS:=t40*.sh t64*.sh t9300-fast-import.sh t1006-cat-file.sh}"
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "git: ok: $* ($((SECONDS - since)) s)"; since=$SECONDS; }
fail() { failed=$((failed + 1)); echo "git: FAILED: $*"; }

# Git's source: GIT_SRC, or Debian's source package (deb-src enabled if need be, as root).
if [ -z "${GIT_SRC:-}" ]; then
	if ! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d; then
		[ "$(id -u)" = 0 ] || { echo "git: no deb-src in apt's sources; set GIT_SRC=DIR" >&2; exit 1; }
		sed -i 's/^Types: deb$/Types: deb deb-src/' /etc/apt/sources.list.d/debian.sources
		apt-get update -q >/dev/null
	fi
	command -v dpkg-source >/dev/null || apt-get install -y -q dpkg-dev >/dev/null
	(cd "$work" && apt-get source -q git >/dev/null 2>&1)
	GIT_SRC=$(echo "$work"/git-2.*/)
fi
version=$(sed -n 's/^DEF_VER=v//p' "$GIT_SRC/GIT-VERSION-GEN")
echo "git: Git $version from $GIT_SRC"

# A fresh tree: Git, allot vendored, the port applied.
git_tree() { # git_tree NAME
	local dir=$work/$1
	cp -a "$GIT_SRC" "$dir"
	mkdir "$dir/allot"
	(cd "$root" && git ls-files -z LICENSE allot.mk alloc strategies | xargs -0 cp --parents -t "$dir/allot")
	patch -s -d "$dir" -p1 <"$root/tests/hosts/git/git-2.39.patch"
	echo "$dir"
}

# What Git needs and this machine may not have (curl's headers, for hdr-check alone).
flags=(DEVELOPER=1 NO_CURL=1 NO_EXPAT=1 NO_OPENSSL=1 NO_GETTEXT=1 NO_TCLTK=1 NO_PERL=1 NO_PYTHON=1)
hdr_except='$(GENERATED_H) unicode-width.h compat/% xdiff/% sha256/nettle.h sha256/gcrypt.h http.h git-curl-compat.h'

# check NAME CC KNOB=VALUE...: builds Git with allot, runs the tests, and with gcc hdr-check.
check() {
	local name=$1 cc=$2 dir tests
	shift 2
	dir=$(git_tree "$name")
	since=$SECONDS
	if ! make -C "$dir" -j2 "${flags[@]}" CC="$cc" "$@" >"$dir/build.log" 2>&1; then
		fail "$name: build ($cc $*)"
		tail -20 "$dir/build.log"
		return
	fi
	grep -q 'CC allot-build/allot-alloc-pool.o' "$dir/build.log" || { fail "$name: allot not built by Git's rules"; return; }
	grep -q -- '-Wdeclaration-after-statement' "$dir/allot-build/allot-flags" ||
		{ fail "$name: allot not built with Git's DEVELOPER flags"; return; }
	ok "$name: build ($cc $*)"
	if [ "$cc" = gcc ]; then
		if make -C "$dir" -j2 "${flags[@]}" CC="$cc" "$@" EXCEPT_HDRS="$hdr_except" hdr-check >"$dir/hdr.log" 2>&1 &&
			grep -q 'HDR allot/strategies/array_inline.h' "$dir/hdr.log"; then
			ok "$name: hdr-check ($(grep -c 'HDR allot/' "$dir/hdr.log") of allot's headers among $(grep -c ' HDR ' "$dir/hdr.log"))"
		else
			fail "$name: hdr-check"
			grep -B2 -A5 'error' "$dir/hdr.log" | head -30
		fi
	fi
	tests=$(cd "$dir/t" && echo $GIT_TESTS)
	if GIT_TEST_VALIDATE_INDEX_CACHE_ENTRIES=1 make -C "$dir/t" -k -j2 "${flags[@]}" CC="$cc" "$@" T="$tests" \
		>"$dir/test.log" 2>&1 && make -C "$dir/t" "${flags[@]}" CC="$cc" "$@" T=t1700-split-index.sh \
		>>"$dir/test.log" 2>&1; then
		ok "$name: $(grep -c '^\*\*\* t' "$dir/test.log") of Git's test scripts, $(awk '/^# passed all (remaining )?[0-9]+ test/ { n += $(NF - 1) } END { print n }' "$dir/test.log") tests passed"
	else
		fail "$name: Git's tests"
		grep -E '^not ok|^# failed|Error' "$dir/test.log" | head -20
	fi
	rm -rf "$dir"
}

check defaults gcc
check others clang CFLAGS="-g -O0 -Wall" ALLOT_ARRAY_STRATEGY=heap ALLOT_POOL_STRATEGY=malloc ALLOT_PATH_STORE=inline \
	ALLOT_PATH_FORMAT=libc

echo "git: $passed passed, $failed failed"
[ "$failed" = 0 ]
