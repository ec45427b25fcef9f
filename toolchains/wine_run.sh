#!/usr/bin/env bash
# Runs a program built by --config=mingw: a Windows .exe under Wine, anything else (a
# test script) as it is, with ALLOT_RUN pointing here so that the script can run the
# .exe files it is given the same way.
#
# One Wine prefix is shared by every run (the first start of a new prefix takes seconds):
# $ALLOT_WINEPREFIX, or /tmp/allot-wine-<uid>. Bazel gives each test a HOME of its own,
# so the default does not depend on HOME. Wine's own messages stay out of the output
# (WINEDEBUG=-all); the program's output and exit status are passed through.
set -euo pipefail

self=$(readlink -f "${BASH_SOURCE[0]}")
[ $# -gt 0 ] || { echo "usage: $0 PROGRAM [ARGS...]" >&2; exit 2; }

if [[ $1 != *.exe ]]; then
	ALLOT_RUN=$self exec "$@"
fi

if ! command -v wine >/dev/null 2>&1; then
	echo "allot: Wine runs the Windows binaries of --config=mingw, and it is not installed." >&2
	echo "allot: install it with: sudo apt-get install -y wine64   (./bazelw does this as root)" >&2
	exit 127
fi

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
