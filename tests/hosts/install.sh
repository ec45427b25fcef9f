#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# allot installed as C libraries install, then used from outside:
#
#   1. cmake --install, meson install (allot the top-level project) and allot.mk's
#      allot-install, each with the same knobs, none of them the default (inline arrays,
#      malloc pool, inline path store, libc format, stats on, checks off), into a DESTDIR of
#      its own under PREFIX=/opt/allot: the three trees must list the same files, every file
#      but liballot.a the same bytes (the archives: the same allot symbols), and no file may
#      name a build or staging directory.
#   2. The prefix moved elsewhere, an outside program (tests/api_program.c) built against it
#      with find_package(allot) (CMake), dependency('allot') (Meson), pkg-config and make, and
#      plain cc, each with gcc and clang: it runs, and allot_config() names the installed
#      knobs; pkg-config --variable and find_package's variables tell them.
#   3. On musl: allot-install with musl-gcc, the program built with musl-gcc by pkg-config and
#      by plain cc, run.
#   4. Refused: a program compiled with a knob other than the installed one (its compile
#      stops, naming the installed value), and one built with AddressSanitizer against the
#      plain install (its link stops, naming what it needed).
#
#   tests/hosts/install.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "install: ok: $*"; }
fail() { failed=$((failed + 1)); echo "install: FAILED: $*"; }
want="array=inline:2 pool=malloc path=inline,libc malloc=system stats=on"
prefix=/opt/allot

# allot's files as a user's checkout has them
src=$work/src
mkdir "$src"
(cd "$root" && git ls-files -z | xargs -0 cp --parents -t "$src")

# 1. three installs
(cd "$src" && cmake -S . -B "$work/build-cmake" -DCMAKE_INSTALL_PREFIX=$prefix -DCMAKE_C_FLAGS=-O2 \
	-DALLOT_ARRAY_STRATEGY=inline -DALLOT_POOL_STRATEGY=malloc -DALLOT_PATH_STORE=inline \
	-DALLOT_PATH_FORMAT=libc -DALLOT_STATS=ON -DALLOT_CHECKS=off &&
	cmake --build "$work/build-cmake" -j2 && DESTDIR=$work/cmake cmake --install "$work/build-cmake") \
	>"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; fail "cmake --install"; }
(cd "$src" && meson setup "$work/build-meson" --prefix=$prefix --libdir=lib --buildtype=plain -Dc_args=-O2 \
	-Darray_strategy=inline -Dpool_strategy=malloc -Dpath_store=inline -Dpath_format=libc \
	-Dstats=true -Dchecks=off && ninja -C "$work/build-meson" &&
	DESTDIR=$work/meson meson install -C "$work/build-meson") >"$work/meson.log" 2>&1 ||
	{ cat "$work/meson.log"; fail "meson install"; }
mkdir "$work/make-host"
(cd "$root" && git ls-files -z LICENSE allot.mk alloc strategies install | xargs -0 cp --parents -t "$work/make-host")
printf 'include allot.mk\n' >"$work/make-host/Makefile"
make -s -C "$work/make-host" CFLAGS=-O2 ALLOT_ARRAY_STRATEGY=inline ALLOT_POOL_STRATEGY=malloc \
	ALLOT_PATH_STORE=inline ALLOT_PATH_FORMAT=libc ALLOT_STATS=1 ALLOT_CHECKS=0 \
	DESTDIR="$work/make" PREFIX=$prefix allot-install >"$work/make.log" 2>&1 ||
	{ cat "$work/make.log"; fail "make allot-install"; }

listing() { (cd "$1$prefix" && find . -type f | sort); }
symbols() { nm --defined-only "$1" | sed -n 's/^[0-9a-f]* [TDRB] \(allot_.*\)/\1/p' | sort -u; }
if [ "$failed" = 0 ]; then
	listing "$work/cmake" >"$work/cmake.files"
	same=1
	for way in meson make; do
		listing "$work/$way" >"$work/$way.files"
		if ! diff -u "$work/cmake.files" "$work/$way.files"; then
			same=0
			continue
		fi
		while read -r f; do
			case $f in
			*.a) cmp -s <(symbols "$work/cmake$prefix/$f") <(symbols "$work/$way$prefix/$f") ;;
			*) cmp -s "$work/cmake$prefix/$f" "$work/$way$prefix/$f" || diff -u "$work/cmake$prefix/$f" "$work/$way$prefix/$f" ;;
			esac || { echo "install: $f: cmake's and $way's differ"; same=0; }
		done <"$work/cmake.files"
	done
	if [ $same = 1 ]; then
		ok "cmake --install, meson install and make allot-install wrote the same $(wc -l <"$work/cmake.files") files:"
		sed 's|^\./|    '$prefix'/|' "$work/cmake.files"
	else
		fail "the three installs differ"
	fi
	if grep -ralF -e "$work" -e "$root" "$work/cmake" "$work/meson" "$work/make"; then
		fail "installed files name a build or staging directory (above)"
	else
		ok "no installed file names a build or staging directory"
	fi
fi

# 2. the prefix moved, and programs built against it
moved=$work/elsewhere/allot
mkdir -p "$(dirname "$moved")"
cp -a "$work/make$prefix" "$moved"
cp "$root/tests/api_program.c" "$work/main.c"
consumer=$root/tests/hosts/install
runs() { # runs WHAT PROGRAM: it succeeds and names the installed knobs
	if "$2" >"$work/run.out" 2>&1 && grep -qx "allot: $want" "$work/run.out"; then
		ok "$1: runs, allot_config() is '$want'"
	else
		fail "$1: $(cat "$work/run.out")"
	fi
}
outside() { # outside WHAT FILE PROGRAM COMMAND...: FILE and the program's source in a project
	# of their own, built there by COMMAND; then PROGRAM (under the project) runs
	local what=$1 file=$2 program=$3 b
	shift 3
	b=$work/$(echo "$what" | tr -c 'a-z0-9\n' '-')
	mkdir "$b" && cp "$consumer/$file" "$work/main.c" "$b"
	if (cd "$b" && "$@") >"$b/log" 2>&1; then
		runs "$what" "$b/$program"
	else
		cat "$b/log"
		fail "$what"
	fi
}
pc=$moved/lib/pkgconfig
for cc in gcc clang; do
	outside "find_package(allot), $cc" CMakeLists.txt build/consumer \
		sh -c "CC=$cc cmake -S . -B build -DCMAKE_PREFIX_PATH='$moved' -DWANT_POOL=malloc && cmake --build build"
	outside "Meson dependency('allot'), $cc" meson.build build/consumer \
		sh -c "CC=$cc PKG_CONFIG_PATH='$pc' meson setup build && ninja -C build"
	outside "pkg-config and make, $cc" Makefile consumer env PKG_CONFIG_PATH="$pc" make -s CC=$cc
	if $cc -Wall -Wextra -Werror -I"$moved/include/allot" -o "$work/plain-$cc" "$work/main.c" \
		"$moved/lib/liballot.a" 2>"$work/plain.log"; then
		runs "plain $cc -I<prefix>/include/allot" "$work/plain-$cc"
	else
		cat "$work/plain.log"
		fail "plain $cc"
	fi
done
values=$(for knob in array_strategy pool_strategy path_store path_format stats checks; do
	printf '%s=%s ' $knob "$(PKG_CONFIG_PATH="$pc" pkg-config --variable=$knob allot)"
done)
if [ "$values" = "array_strategy=inline pool_strategy=malloc path_store=inline path_format=libc stats=1 checks=0 " ]; then
	ok "pkg-config --variable: $values"
else
	fail "pkg-config --variable: $values"
fi

# 3. musl
mkdir "$work/musl-host"
cp -a "$work/make-host/." "$work/musl-host/"
make -s -C "$work/musl-host" allot-clean >/dev/null
if make -s -C "$work/musl-host" CC=musl-gcc CFLAGS=-O2 ALLOT_ARRAY_STRATEGY=inline ALLOT_POOL_STRATEGY=malloc \
	ALLOT_PATH_STORE=inline ALLOT_PATH_FORMAT=libc ALLOT_STATS=1 ALLOT_CHECKS=0 \
	DESTDIR="$work/musl" PREFIX=$prefix allot-install >"$work/musl.log" 2>&1; then
	outside "musl: pkg-config and make, musl-gcc -static" Makefile consumer sh -c \
		"PKG_CONFIG_PATH='$work/musl$prefix/lib/pkgconfig' make -s CC=musl-gcc CFLAGS=-static &&
		file consumer | grep -q 'statically linked'"
	if musl-gcc -static -Wall -Werror -I"$work/musl$prefix/include/allot" -o "$work/plain-musl" "$work/main.c" \
		"$work/musl$prefix/lib/liballot.a" 2>"$work/plain.log"; then
		runs "musl: plain musl-gcc" "$work/plain-musl"
	else
		cat "$work/plain.log"
		fail "musl: plain musl-gcc"
	fi
else
	cat "$work/musl.log"
	fail "musl: make allot-install CC=musl-gcc"
fi

# 4. refused
refused() { # refused WHAT MESSAGE COMMAND...
	local what=$1 message=$2
	shift 2
	if "$@" >"$work/refused.log" 2>&1; then
		fail "$what: not refused"
	elif grep -qF -- "$message" "$work/refused.log"; then
		ok "$what: refused: $(grep -F -- "$message" "$work/refused.log" | head -1 | sed 's/^[^:]*:[0-9]*:[0-9]*: //')"
	else
		cat "$work/refused.log"
		fail "$what: refused without '$message'"
	fi
}
refused "a program with another pool strategy than the installed one" \
	"ALLOT_POOL_STRATEGY: this allot is installed with ALLOT_POOL_MALLOC" \
	gcc -DALLOT_POOL_STRATEGY=ALLOT_POOL_ARENA -I"$moved/include/allot" -c -o "$work/x.o" "$work/main.c"
refused "a program with checks on against an install with checks off" \
	"ALLOT_CHECKS: this allot is installed with 0" \
	clang -DALLOT_CHECKS=1 -I"$moved/include/allot" -c -o "$work/x.o" "$work/main.c"
refused "AddressSanitizer against the plain install" \
	"allot_library_built_with_pool_malloc_checks_off_stats_on_memdebug_v0_2" \
	clang -fsanitize=address -I"$moved/include/allot" -o "$work/x" "$work/main.c" "$moved/lib/liballot.a"

echo "install: $passed passed, $failed failed"
[ "$failed" = 0 ]
