#!/bin/sh
# SPDX-License-Identifier: MIT
# allot.mk's allot-install: installs liballot.a, the public headers (alloc/options.h written
# from install/options.h.in with the knobs the library was built with), allot.pc, the CMake
# package and the license, as cmake --install and meson install do.
#
#   install/allot-install.sh SOURCE LIBRARY DESTDIR PREFIX LIBDIR INCLUDEDIR DATADIR
#
# The compiler and flags the library was built with come in $ALLOT_INSTALL_CC; its
# preprocessor resolves the knobs as the library's objects saw them (a knob left unset takes
# its default; checks follow NDEBUG in the flags).
set -eu
src=$1 lib=$2 destdir=$3 prefix=$4 libdir=$5 includedir=$6 datadir=$7
case $prefix in /*) ;; *) echo "allot-install: PREFIX must be an absolute path, not '$prefix'" >&2; exit 1 ;; esac

# The knobs, from the preprocessor: NAME=value a line.
knobs=$(printf '%s\n' '#include "alloc/config.h"' \
	'array_strategy=ALLOT__KNOB_NAME(ALLOT_ARRAY_STRATEGY)' 'array_inline_max=ALLOT_ARRAY_INLINE_MAX' \
	'pool_strategy=ALLOT__KNOB_NAME(ALLOT_POOL_STRATEGY)' 'path_store=ALLOT__KNOB_NAME(ALLOT_PATH_STORE)' \
	'path_inline_size=ALLOT_PATH_INLINE_SIZE' 'path_format=ALLOT__KNOB_NAME(ALLOT_PATH_FORMAT)' \
	'stats=ALLOT_STATS' 'checks=ALLOT_CHECKS' 'hooks=ALLOT_MALLOC ALLOT_REALLOC ALLOT_FREE' \
	'version=ALLOT_VERSION_MAJOR ALLOT_VERSION_MINOR ALLOT_VERSION_PATCH' |
	sh -c "$ALLOT_INSTALL_CC -I'$src' -E -P -x c -" | sed -n 's/"//g; /^[a-z_]*=/p')
value() { echo "$knobs" | sed -n "s/^$1=//p"; }
if [ "$(value hooks)" != "malloc realloc free" ] || echo " $ALLOT_INSTALL_CC " | grep -q -- ' -DALLOT_DIE_DEFAULT='; then
	echo "allot-install: ALLOT_MALLOC, ALLOT_REALLOC, ALLOT_FREE and ALLOT_DIE_DEFAULT name functions of a host" \
		"that vendors allot; an installed allot uses the C library's heap and its own die handler" >&2
	exit 1
fi
set -- $(value version)
version=$1.$2.$3 major=$1 minor=$2
up() { echo "$1" | sed 's|[^/][^/]*|..|g'; }
upper() { echo "$1" | tr a-z A-Z; }
subst="s|@version@|$version|g; s|@version_major@|$major|g; s|@version_minor@|$minor|g"
for knob in array_strategy array_inline_max pool_strategy path_store path_inline_size path_format stats checks; do
	v=$(value $knob)
	subst="$subst; s|@$knob@|$v|g; s|@$(upper $knob)@|$(upper "$v")|g"
done
subst="$subst; s|@libdir@|$libdir|g; s|@pc_up@|$(up "$libdir/pkgconfig")|g; s|@cmake_up@|$(up "$libdir/cmake/allot")|g"

root=$destdir$prefix
mkdir -p "$root/$includedir/allot/alloc" "$root/$includedir/allot/strategies" "$root/$libdir/pkgconfig" \
	"$root/$libdir/cmake/allot" "$root/$datadir/doc/allot"
# the headers a program's #include "alloc/alloc.h" reaches (install/headers), and options.h
while read -r header; do
	cp "$src/$header" "$root/$includedir/allot/$header"
done <"$src/install/headers"
sed "$subst" "$src/install/options.h.in" >"$root/$includedir/allot/alloc/options.h"
cp "$lib" "$root/$libdir/liballot.a"
sed "$subst" "$src/install/allot.pc.in" >"$root/$libdir/pkgconfig/allot.pc"
for name in allotConfig.cmake allotConfigVersion.cmake allotTargets.cmake; do
	sed "$subst" "$src/install/$name.in" >"$root/$libdir/cmake/allot/$name"
done
cp "$src/LICENSE" "$root/$datadir/doc/allot/LICENSE"
chmod 644 "$root/$includedir"/allot/*/*.h "$root/$libdir/liballot.a" "$root/$libdir/pkgconfig/allot.pc" \
	"$root/$libdir"/cmake/allot/* "$root/$datadir/doc/allot/LICENSE"
echo "allot-install: allot $version into $root (array=$(value array_strategy) pool=$(value pool_strategy)" \
	"path=$(value path_store),$(value path_format) stats=$(value stats) checks=$(value checks))"
