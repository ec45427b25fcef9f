# SPDX-License-Identifier: MIT
# Sourced by tests/hosts/git.sh and tests/hosts/git/workloads.py's builds: Git's newest
# release and zlib from Debian unstable's source packages, Git trees with allot vendored as
# README says, and the zlib and compilers of each platform Git is built for here.
#
#   . tests/hosts/git/lib.sh        # needs $root (allot's checkout) and $work (scratch)
#   git_sources                     # sets $git_src and $zlib_src (unpacked once under $work)
#   git_tree DIR make|meson|pristine  # a copy of $git_src, allot vendored and the port applied
#   git_zlib PREFIX CC...           # zlib for a C library Debian has none for, static
#
# The pinned version is the one place Git's version is written. When Debian no longer serves
# it, the newest Git it serves is taken, and the log says so; the port (git-<x.y>.patch of
# the pinned version) must still apply: a patch that does not is a failure to port.

git_pinned="1:2.55.0-1"
git_lib=$root/tests/hosts/git
git_port=$(v=${git_pinned#*:} && v=${v%%-*} && echo "$git_lib/git-${v%.*}.patch")
git_cache=${XDG_CACHE_HOME:-$HOME/.cache}/allot/debian-sid

# git_apt apt-get|apt-cache ARGS...: apt with a list of its own for Debian unstable's
# sources, under $git_cache; the machine's apt setup is left as it is. The mirror is the one
# the machine's own sources name.
git_apt() {
	local tool=$1 uri
	shift
	mkdir -p "$git_cache/lists/partial" "$git_cache/archives/partial"
	if [ ! -s "$git_cache/sid.list" ]; then
		uri=$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)
		[ -n "$uri" ] || uri=$(sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) .*/\2/p' /etc/apt/sources.list 2>/dev/null | head -1)
		[ -n "$uri" ] || { echo "git: no Debian mirror in apt's sources" >&2; return 1; }
		echo "deb-src $uri sid main" >"$git_cache/sid.list"
	fi
	"$tool" -q -o Dir::Etc::sourcelist="$git_cache/sid.list" -o Dir::Etc::sourceparts=- \
		-o Dir::State::Lists="$git_cache/lists" -o Dir::Cache="$git_cache" \
		-o Dir::Cache::archives="$git_cache/archives" -o Debug::NoLocking=1 \
		-o APT::Sandbox::User="$(id -un)" "$@"
}

# git_fetch PACKAGE [VERSION...]: the .dsc of the first version that downloads whole, into
# $git_cache/src (kept: the next run needs no network for it); prints its path.
git_fetch() {
	local package=$1 version dsc
	shift
	mkdir -p "$git_cache/src"
	for version; do
		dsc=$git_cache/src/${package}_${version#*:}.dsc
		if [ -s "$dsc" ] || (cd "$git_cache/src" &&
			git_apt apt-get source --download-only "$package=$version" >/dev/null 2>&1); then
			echo "$dsc"
			return 0
		fi
	done
	return 1
}

# git_versions PACKAGE: the versions Debian unstable serves, newest first.
git_versions() {
	git_apt apt-cache showsrc "$1" | sed -n 's/^Version: //p' | sort -u -r -V
}

# git_unpack DSC DIR: the source package DSC unpacked into DIR, unless DIR already holds it
# (a second build in the same $work unpacks nothing).
git_unpack() {
	[ "$(cat "$2/.allot-dsc" 2>/dev/null)" = "$1" ] && return 0
	rm -rf "$2"
	dpkg-source -q -x "$1" "$2" >/dev/null 2>&1 && echo "$1" >"$2/.allot-dsc"
}

# git_sources: $git_src, the pinned Git (GIT_SRC=DIR: an unpacked Git instead), and $zlib_src,
# each downloaded once into $git_cache and unpacked once into $work.
git_sources() {
	local git_dsc zlib_dsc newest
	command -v dpkg-source >/dev/null || apt-get install -y -q dpkg-dev >/dev/null
	# apt's lists of sid's sources are fetched only when a download needs them
	if [ -n "${GIT_SRC:-}" ]; then
		git_src=$GIT_SRC git_dsc="$GIT_SRC, GIT_SRC"
	else
		if ! git_dsc=$(git_fetch git "$git_pinned"); then
			git_apt apt-get update >/dev/null
			if ! git_dsc=$(git_fetch git "$git_pinned"); then
				newest=$(git_versions git | head -1)
				echo "git: Debian unstable no longer serves Git $git_pinned: taking its newest, $newest" \
					"(port $(basename "$git_port"))"
				git_dsc=$(git_fetch git "$newest") || { echo "git: cannot download Git $newest" >&2; return 1; }
			fi
		fi
		git_src=$work/git-src
		git_unpack "$git_dsc" "$git_src" || { echo "git: cannot unpack $git_dsc" >&2; return 1; }
		git_dsc="$(basename "$git_dsc" .dsc), Debian unstable's source package"
	fi
	# zlib: a version already here, else the newest whose files are all there (a mirror may lag
	# behind its index)
	zlib_dsc=$(ls -t "$git_cache"/src/zlib_*.dsc 2>/dev/null | head -1) || true
	if [ -z "$zlib_dsc" ]; then
		ls "$git_cache"/lists/*Sources* >/dev/null 2>&1 || git_apt apt-get update >/dev/null
		# shellcheck disable=SC2046 # one version a word
		zlib_dsc=$(git_fetch zlib $(git_versions zlib)) || { echo "git: cannot download zlib" >&2; return 1; }
	fi
	zlib_src=$work/zlib-src
	git_unpack "$zlib_dsc" "$zlib_src" || { echo "git: cannot unpack $zlib_dsc" >&2; return 1; }
	echo "git: Git $(sed -n 's/^DEF_VER=v//p' "$git_src/GIT-VERSION-GEN") ($git_dsc)," \
		"zlib $(basename "$zlib_dsc" .dsc)"
}

# git_readme_block NAME: the lines of README's block marked <!-- NAME -->.
git_readme_block() {
	sed -n "/^<!-- $1 -->/,/^\`\`\`\$/p" "$root/README.md" | sed '1,2d;$d'
}

# git_insert FILE ANCHOR TEXT [before]: TEXT after (or before) ANCHOR (\n for a newline),
# which FILE must hold once: else README's place for allot's lines has moved in this Git.
git_insert() {
	python3 - "$@" <<'EOF'
import sys
path, anchor, text = sys.argv[1:4]
anchor = anchor.replace("\\n", "\n")
with open(path) as f:
    s = f.read()
if s.count(anchor) != 1:
    sys.exit("git: %r is %d times in %s, not once: README's place for allot's lines moved"
             % (anchor, s.count(anchor), path))
at = s.index(anchor)
if len(sys.argv) > 4:
    s = s[:at] + text.rstrip("\n") + "\n\n" + s[at:]
else:
    at += len(anchor)
    s = s[:at] + "\n" + text.rstrip("\n") + "\n" + s[at:]
with open(path, "w") as f:
    f.write(s)
EOF
}

# git_tree DIR KIND: Git's source in DIR; with allot for KIND make (allot/, README's Make
# lines after the DEVELOPER block) or meson (subprojects/allot, README's Meson lines before
# libgit's declare_dependency), and the port; pristine is Git alone.
git_tree() {
	local dir=$1 kind=$2
	rm -rf "$dir"
	cp -a "$git_src" "$dir"
	case $kind in
	pristine) return 0 ;;
	make)
		mkdir "$dir/allot"
		(cd "$root" && git ls-files -z LICENSE allot.mk alloc strategies | xargs -0 cp --parents -t "$dir/allot")
		git_insert "$dir/Makefile" 'include config.mak.dev\nendif\n' "$(git_readme_block git-make)"
		;;
	meson)
		mkdir -p "$dir/subprojects/allot"
		(cd "$root" && git ls-files -z LICENSE meson.build meson_options.txt alloc strategies |
			xargs -0 cp --parents -t "$dir/subprojects/allot")
		git_insert "$dir/meson.build" 'libgit = declare_dependency(\n' "$(git_readme_block git-meson)" before
		;;
	*) echo "git_tree: make, meson or pristine, not $kind" >&2; return 1 ;;
	esac
	patch -s -d "$dir" -p1 <"$git_port"
}

# git_zlib PREFIX CC...: zlib from Debian's source, static, for CC (musl-gcc, gcc -m32);
# Debian ships no zlib for musl, and its i386 zlib would need a second architecture.
git_zlib() {
	local prefix=$1
	shift
	[ -f "$prefix/lib/libz.a" ] && return 0
	rm -rf "$work/zlib-build"
	cp -a "$zlib_src" "$work/zlib-build"
	(cd "$work/zlib-build" && CC="$*" CFLAGS=-O2 ./configure --static --prefix="$prefix" >/dev/null &&
		make -j2 libz.a >/dev/null && make install >/dev/null)
}

# What Git's builds here leave out: what this machine lacks, or does not build for musl and
# i386 (Rust, OpenSSL, curl).
git_make_flags=(NO_RUST=1 NO_CURL=1 NO_EXPAT=1 NO_OPENSSL=1 NO_GETTEXT=1 NO_TCLTK=1 NO_PERL=1 NO_PYTHON=1)
git_meson_flags=(-Dcurl=disabled -Dexpat=disabled -Drust=disabled -Dgettext=disabled -Dperl=disabled
	-Dpython=disabled -Dpcre2=disabled -Dhttps_backend=none -Dgitk=disabled -Dgit_gui=disabled
	-Dgitweb=disabled -Dbenchmarks=disabled --wrap-mode=nofallback)
# i386 as Git's linux32 job: gcc -m32, the kernel's asm/ headers after the rest (Debian's
# libc6-dev-i386 does not link them), zlib built for it.
git_i386_cc="gcc -m32 -idirafter /usr/include/x86_64-linux-gnu"

# git_musl_cross FILE ZLIB_PREFIX: a Meson cross file for musl-gcc (tests/hosts/git/musl-cc),
# which finds zlib in ZLIB_PREFIX only and links statically.
git_musl_cross() {
	cat >"$1" <<EOF
[binaries]
c = '$git_lib/musl-cc'
ar = 'ar'
strip = 'strip'
pkgconfig = 'pkg-config'

[properties]
needs_exe_wrapper = false
pkg_config_libdir = '$2/lib/pkgconfig'

[built-in options]
c_link_args = ['-static']

[host_machine]
system = 'linux'
cpu_family = 'x86_64'
cpu = 'x86_64'
endian = 'little'
EOF
}

# git_make DIR CC [ARGS...]: Git's Makefile with its DEVELOPER=1 warnings (-Werror).
git_make() {
	local dir=$1 cc=$2
	shift 2
	make -C "$dir" -j2 DEVELOPER=1 "${git_make_flags[@]}" CC="$cc" "$@" >"$dir/build.log" 2>&1
}

# git_meson DIR CC [SETUP ARGS...]: Git's meson.build into DIR/build with CC (empty: the
# cross file's), as Git's CI builds it with -Dwarning_level=2 -Dwerror=true (its DEVELOPER=1
# warnings, -Werror).
git_meson() {
	local dir=$1 cc=$2
	shift 2
	(cd "$dir" && ${cc:+env CC="$cc"} meson setup build -Dwarning_level=2 -Dwerror=true \
		"${git_meson_flags[@]}" "$@" && ninja -C build) >"$dir/build.log" 2>&1
}

# git_platform PLATFORM DIR KIND: Git (KIND allot or pristine) built for PLATFORM as Git's CI
# builds it there, optimised as Git's Makefile does (-O2 -g); prints the git program's path.
#   glibc  Make, gcc
#   musl   Meson, musl-gcc, static (Git's linux-musl-meson job), zlib built for musl
#   i386   Make, gcc -m32 (Git's linux32 job), zlib built for i386
git_platform() {
	local platform=$1 dir=$2 kind=$3 tree=make
	[ "$kind" = pristine ] && tree=pristine
	[ "$platform" = musl ] && [ "$kind" = allot ] && tree=meson
	git_tree "$dir" "$tree" || return 1
	case $platform in
	glibc) git_make "$dir" gcc && echo "$dir/git" ;;
	i386)
		git_zlib "$work/zlib-i386" "$git_i386_cc" &&
			git_make "$dir" "$git_i386_cc" ZLIB_PATH="$work/zlib-i386" && echo "$dir/git"
		;;
	musl)
		git_zlib "$work/zlib-musl" musl-gcc && git_musl_cross "$work/musl.ini" "$work/zlib-musl" &&
			git_meson "$dir" "" --cross-file "$work/musl.ini" --buildtype=debugoptimized && echo "$dir/build/git"
		;;
	*) echo "git_platform: glibc, musl or i386, not $platform" >&2; return 1 ;;
	esac
}
