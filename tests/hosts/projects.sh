#!/usr/bin/env bash
# allot dropped into host projects that do not use Bazel, as their users would: a copy of
# the repository inside a host (tests/hosts/projects/{make,cmake,meson}) whose main.c is the API
# program, built and run offline under two knob combinations each (the second with the
# host's own heap and die handler where the build can name them), with the output's
# config line checked; and a bad knob value refused, naming the allowed ones. "meson-git":
# a host shaped like Git's meson.build, allot's sources in its libgit by README's lines,
# built with gcc and with musl-gcc, the host's c_std, warnings and -Werror on allot's
# sources, its heap and die handler through subproject options. "tune":
# tools/allot-tune tunes the Make-built example (examples/catalog) from a checkout, by
# callgrind's counts, writes its pins, and the example builds with them.
#
#   tests/hosts/projects.sh [make|cmake|meson|meson-git|tune ...]      default: all five
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
hosts=("$@")
[ ${#hosts[@]} -gt 0 ] || hosts=(make cmake meson meson-git tune)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

# A fresh host: its fixture, the API program as main.c, and allot copied in at $2.
new_host() { # new_host NAME ALLOT_SUBDIR
	local dir=$work/$1-$((passed + failed))
	mkdir -p "$dir/$2"
	cp -r "$root/tests/hosts/projects/$1/." "$root/tests/hosts/projects/host_heap.c" "$root/tests/hosts/projects/host_heap.h" \
		"$root/tests/hosts/projects/heap_hooks.c" "$dir"
	cp "$root/tests/api_program.c" "$dir/main.c"
	(cd "$root" && git ls-files -z alloc strategies allot.mk CMakeLists.txt meson.build \
		meson_options.txt | xargs -0 cp --parents -t "$dir/$2")
	echo "$dir"
}

ok() { passed=$((passed + 1)); echo "projects: ok: $*"; }
fail() { failed=$((failed + 1)); echo "projects: FAILED: $*"; }

# run WHAT EXPECTED_CONFIG DIR COMMAND...: runs the build and program in DIR; passes when
# it succeeds and prints "allot: EXPECTED_CONFIG".
run() {
	local what=$1 want=$2 dir=$3
	shift 3
	if (cd "$dir" && "$@") >"$dir/log" 2>&1 && grep -qxF "allot: $want" "$dir/log"; then
		ok "$what"
		grep -E '^(allot|api_program|heap_hooks):' "$dir/log" | sed 's/^/    /'
	else
		fail "$what"
		tail -15 "$dir/log"
	fi
}

# refused WHAT MESSAGE DIR COMMAND...: the build must fail and say MESSAGE.
refused() {
	local what=$1 want=$2 dir=$3
	shift 3
	if ! (cd "$dir" && "$@") >"$dir/log" 2>&1 && grep -qF "$want" "$dir/log"; then
		ok "$what"
	else
		fail "$what (no error with \"$want\")"
		tail -5 "$dir/log"
	fi
}

# host_flags WHAT COMPILE_COMMANDS FLAG...: allot's pool.c was compiled with each of the
# host's FLAGs (its warnings reach allot).
host_flags() {
	local what=$1 db=$2 flag line
	shift 2
	line=$(python3 -c 'import json, sys
print(" ".join(e.get("command") or " ".join(e["arguments"]) for e in json.load(open(sys.argv[1]))
               if e["file"].endswith("alloc/pool.c")))' "$db" 2>/dev/null) || line=""
	for flag in "$@"; do
		case " $line " in
		*" $flag "*) ;;
		*) fail "$what: allot's alloc/pool.c compiled without the host's $flag"; return ;;
		esac
	done
	ok "$what: allot compiled with the host's $*"
}

for host in "${hosts[@]}"; do
	case $host in
	make)
		dir=$(new_host make allot)
		run "make: pool=malloc array=inline path_format=builtin" \
			"array=inline:2 pool=malloc path=heap,builtin malloc=system stats=off" "$dir" \
			make check ALLOT_POOL_STRATEGY=malloc ALLOT_ARRAY_STRATEGY=inline ALLOT_PATH_FORMAT=builtin
		# The same host rebuilt with other knobs (the library follows), and its own heap.
		run "make: path_store=inline stats=1 checks=0, the host's heap and die handler" \
			"array=alloca:2 pool=arena path=inline,builtin malloc=system stats=on" "$dir" \
			make check HOOKS=1 ALLOT_PATH_STORE=ALLOT_PATH_STORE_INLINE ALLOT_STATS=1 ALLOT_CHECKS=0
		refused "make: a bad knob value" \
			"ALLOT_POOL_STRATEGY must be one of malloc arena (or ALLOT_POOL_MALLOC ALLOT_POOL_ARENA), not 'fast'" \
			"$dir" make check ALLOT_POOL_STRATEGY=fast
		refused "make: a program built with other knobs than its library" "allot_library_built_with_pool_malloc_checks_on_stats_off" \
			"$dir" make mismatched
		;;
	cmake)
		dir=$(new_host cmake allot)
		run "cmake: pool=malloc array=inline path_format=builtin" \
			"array=inline:2 pool=malloc path=heap,builtin malloc=system stats=off" "$dir" \
			sh -c 'cmake -S . -B b1 -DALLOT_POOL_STRATEGY=malloc -DALLOT_ARRAY_STRATEGY=inline \
				-DALLOT_PATH_FORMAT=builtin -DCMAKE_EXPORT_COMPILE_COMMANDS=ON && cmake --build b1 &&
				b1/api_program'
		host_flags "cmake" "$dir/b1/compile_commands.json" -Werror -pedantic -Wdeclaration-after-statement -Wvla
		run "cmake: path_store=inline stats=ON checks=off array_inline_max=8" \
			"array=alloca:8 pool=arena path=inline,builtin malloc=system stats=on" "$dir" \
			sh -c 'cmake -S . -B b2 -DALLOT_PATH_STORE=inline -DALLOT_STATS=ON -DALLOT_CHECKS=off \
				-DALLOT_ARRAY_INLINE_MAX=8 && cmake --build b2 && b2/api_program'
		refused "cmake: a bad knob value" \
			"allot: ALLOT_POOL_STRATEGY must be one of malloc, arena, not 'fast'" "$dir" \
			cmake -S . -B b3 -DALLOT_POOL_STRATEGY=fast
		refused "cmake: a program built with other knobs than its library" "allot_library_built_with_pool_malloc_checks_on_stats_off" \
			"$dir" sh -c 'cmake -S . -B b4 -DHOST_MISMATCH=ON && cmake --build b4'
		;;
	meson)
		dir=$(new_host meson subprojects/allot)
		run "meson: pool=malloc array=inline path_format=builtin" \
			"array=inline:2 pool=malloc path=heap,builtin malloc=system stats=off" "$dir" \
			sh -c 'meson setup b1 -Dallot:pool_strategy=malloc -Dallot:array_strategy=inline \
				-Dallot:path_format=builtin && ninja -C b1 && b1/api_program'
		host_flags "meson" "$dir/b1/compile_commands.json" -Werror -Wpedantic -Wextra
		run "meson: path_store=inline stats=true checks=off" \
			"array=alloca:2 pool=arena path=inline,builtin malloc=system stats=on" "$dir" \
			sh -c 'meson setup b2 -Dallot:path_store=inline -Dallot:stats=true -Dallot:checks=off \
				&& ninja -C b2 && b2/api_program'
		refused "meson: a bad knob value" 'is not one of the choices. Possible choices are (as string): "malloc", "arena"' "$dir" \
			meson setup b3 -Dallot:pool_strategy=fast
		refused "meson: a program built with other knobs than its library" "allot_library_built_with_pool_malloc_checks_on_stats_off" \
			"$dir" sh -c 'meson setup b4 -Dmismatch=true && ninja -C b4'
		;;
	meson-git)
		dir=$(new_host meson-git subprojects/allot)
		cp "$root/tests/hosts/projects/make/path.c" "$dir/"
		git_flags=(-std=gnu99 -Werror -Wextra -Wdeclaration-after-statement -Wvla -Wmissing-prototypes
			-Wstrict-prototypes -Wold-style-definition -Wwrite-strings)
		for cc in gcc musl-gcc; do
			run "meson-git ($cc): warning_level=2 werror pool=malloc array=inline" \
				"array=inline:2 pool=malloc path=heap,builtin malloc=system stats=off" "$dir" \
				sh -c "CC=$cc meson setup b-$cc -Dwarning_level=2 -Dwerror=true \
					-Dallot:pool_strategy=malloc -Dallot:array_strategy=inline &&
					ninja -C b-$cc && b-$cc/api_program"
			host_flags "meson-git ($cc)" "$dir/b-$cc/compile_commands.json" "${git_flags[@]}"
		done
		run "meson-git: warning_level=3, path_store=inline stats=true, the host's heap and die handler" \
			"array=alloca:2 pool=arena path=inline,builtin malloc=system stats=on" "$dir" \
			sh -c 'meson setup b2 -Dwarning_level=3 -Dwerror=true -Dhooks=true \
				-Dallot:malloc_hook=host_malloc -Dallot:realloc_hook=host_realloc \
				-Dallot:free_hook=host_free -Dallot:die_default=host_die \
				-Dallot:path_store=inline -Dallot:stats=true &&
				ninja -C b2 && b2/api_program && b2/heap_hooks'
		refused "meson-git: a bad knob value" 'is not one of the choices. Possible choices are (as string): "malloc", "arena"' "$dir" \
			meson setup b3 -Dallot:pool_strategy=fast
		refused "meson-git: a program built with other knobs than its library" "allot_library_built_with_pool_malloc_checks_on_stats_off" \
			"$dir" sh -c 'meson setup b4 -Dmismatch=true && ninja -C b4'
		;;
	tune)
		dir=$work/tune
		mkdir -p "$dir"
		(cd "$root" && git ls-files -z alloc strategies allot.mk tools examples/catalog |
			xargs -0 cp --parents -t "$dir")
		build='make -s -C examples/catalog OUT={dir} ALLOT_OBJDIR={dir}/allot ALLOT_POOL_STRATEGY={pool} ALLOT_ARRAY_STRATEGY={array}'
		if (cd "$dir" && tools/allot-tune --knobs pool,array --metric=instructions \
			--build "$build" --run '{dir}/catalog --input examples/catalog/words.txt' \
			--write examples/catalog/allot-tuned.mk) >"$dir/log" 2>&1 &&
			grep -Eq '^  pool +arena +default +the default wins: malloc takes [0-9.]+x, exact; peak memory [0-9.]+x$' "$dir/log" &&
			grep -qx 'ALLOT_POOL_STRATEGY = arena' "$dir/examples/catalog/allot-tuned.mk"; then
			ok "tune: tools/allot-tune over the Make-built example keeps pool=arena"
			sed -n '/^decision/,$p' "$dir/log" | sed 's/^/    /'
		else
			fail "tune: tools/allot-tune over the Make-built example"
			tail -15 "$dir/log"
		fi
		# The pins written: the example builds with them (allot-tuned.mk is included).
		if (cd "$dir/examples/catalog" && make -s && ./catalog --records 1000 |
			tail -1 | grep -qx '1000 records in 6 words') >"$dir/log" 2>&1 &&
			grep -q 'ALLOT_POOL_STRATEGY=ALLOT_POOL_ARENA' "$dir/examples/catalog/allot-build/allot-flags"; then
			ok "tune: the example builds with the pins written"
		else
			fail "tune: the example builds with the pins written"
			tail -15 "$dir/log"
		fi
		refused "tune: a knob that is not one" "'speed' is not a strategy knob; they are: array, pool, path_store, path_format" "$dir" \
			tools/allot-tune --knobs speed --build true --run true
		;;
	*)
		echo "projects: unknown host '$host' (make, cmake, meson, meson-git, tune)" >&2
		exit 2
		;;
	esac
done
echo "projects: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
