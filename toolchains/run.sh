#!/usr/bin/env bash
# Runs a program built for another platform (--run_under of .bazelrc's configs): a Windows
# .exe under Wine, an ELF program of another CPU under qemu-user, anything else (the
# host's programs, i386 ones, a test script) as it is, with ALLOT_RUN pointing here so that
# a script can run the programs it is given the same way.
#
# Wine: one prefix is shared by every run (the first start of a new prefix takes
# seconds): $ALLOT_WINEPREFIX, or /tmp/allot-wine-<uid>. Bazel gives each test a HOME of
# its own, so the default does not depend on HOME. Wine's own messages stay out of the
# output (WINEDEBUG=-all).
# qemu-user: the program's CPU is read from its ELF header; its shared libraries come from
# Debian's cross glibc in /usr/<triple> (libc6-<arch>-cross).
# The program's output and exit status are passed through.
set -euo pipefail

self=$(readlink -f "${BASH_SOURCE[0]}")
[ $# -gt 0 ] || { echo "usage: $0 PROGRAM [ARGS...]" >&2; exit 2; }

missing() { # missing PROGRAM PACKAGE CONFIGS
	echo "allot: $1 runs the programs of $3, and it is not installed." >&2
	echo "allot: install it with: sudo apt-get install -y $2   (./bazelw does this as root)" >&2
	exit 127
}

# For an ELF file of another CPU: the qemu-user program, the cross glibc's triple and the
# config; nothing for one that runs here.
qemu_for() {
	local header class data machine
	header=$(od -An -tx1 -N20 "$1" 2>/dev/null | tr -d ' \n') || return 0
	[ "${header:0:8}" = 7f454c46 ] || return 0 # not ELF
	class=${header:8:2} data=${header:10:2}
	if [ "$data" = 02 ]; then # big-endian: e_machine's bytes the other way
		machine=${header:36:2}${header:38:2}
	else
		machine=${header:38:2}${header:36:2}
	fi
	case "$class:$machine" in
	01:0028) echo "arm arm-linux-gnueabihf armhf" ;;
	02:00b7) echo "aarch64 aarch64-linux-gnu aarch64" ;;
	02:00f3) echo "riscv64 riscv64-linux-gnu riscv64" ;;
	02:0016) echo "s390x s390x-linux-gnu s390x" ;;
	esac
}

case $1 in
*.exe) ;;
*)
	read -r qemu triple config <<<"$(qemu_for "$1")" || true
	if [ -z "${qemu:-}" ]; then
		ALLOT_RUN=$self exec "$@"
	fi
	command -v "qemu-$qemu" >/dev/null 2>&1 || missing "qemu-$qemu" qemu-user "--config=$config"
	export QEMU_LD_PREFIX=/usr/$triple
	exec "qemu-$qemu" "$@"
	;;
esac

command -v wine >/dev/null 2>&1 || missing Wine wine64 --config=mingw

export WINEPREFIX=${ALLOT_WINEPREFIX:-/tmp/allot-wine-$(id -u)}
export WINEDEBUG=-all
export WINEDLLOVERRIDES="mscoree,mshtml=" # no Mono or Gecko installer prompts

# Create the prefix once, even when several tests start together.
if [ ! -f "$WINEPREFIX/system.reg" ]; then
	mkdir -p "$(dirname "$WINEPREFIX")"
	(
		flock 9
		[ -f "$WINEPREFIX/system.reg" ] || wineboot --init >/dev/null 2>&1 || true
		wineserver --wait >/dev/null 2>&1 || true
	) 9>"$WINEPREFIX.lock"
fi

exec wine "$@"
