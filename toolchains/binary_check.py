#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""binary_check.py EXPECTED PROGRAM...: each program is what its config names.

A config that silently built with another toolchain (the host's, say) would still build
and pass its tests; this reads what each program is from its own bytes, as
toolchains/toolchains.bzl's `binary` describes it, and fails on any difference:

    FORMAT BITS ENDIAN MACHINE LINK LIBC      e.g. "ELF 64 LSB x86-64 static musl"

FORMAT: ELF or PE. LINK: static (no program interpreter) or dynamic. LIBC: glibc (it needs
glibc's symbol versions), musl (a static ELF program with no glibc in it) or msvcrt (a
Windows program that imports it).
"""
import struct
import sys

ELF_MACHINES = {3: "i386", 22: "s390x", 40: "arm", 62: "x86-64", 183: "aarch64", 243: "riscv64"}
PE_MACHINES = {0x14C: "i386", 0x8664: "x86-64", 0xAA64: "aarch64"}
PT_INTERP = 3


def describe_elf(data):
    bits = {1: 32, 2: 64}[data[4]]
    endian = {1: "LSB", 2: "MSB"}[data[5]]
    order = "<" if endian == "LSB" else ">"
    machine = struct.unpack_from(order + "H", data, 18)[0]
    if bits == 32:
        phoff, = struct.unpack_from(order + "I", data, 28)
        phentsize, phnum = struct.unpack_from(order + "HH", data, 42)
    else:
        phoff, = struct.unpack_from(order + "Q", data, 32)
        phentsize, phnum = struct.unpack_from(order + "HH", data, 54)
    types = [struct.unpack_from(order + "I", data, phoff + i * phentsize)[0] for i in range(phnum)]
    link = "dynamic" if PT_INTERP in types else "static"
    # glibc's symbol versions (GLIBC_2.x) are in every program linked against it; a static
    # glibc program still carries GLIBC_PRIVATE and its version strings
    libc = "glibc" if b"GLIBC_" in data else ("musl" if link == "static" else "unknown")
    return ["ELF", str(bits), endian, ELF_MACHINES.get(machine, "machine-%d" % machine), link, libc]


def describe_pe(data):
    pe, = struct.unpack_from("<I", data, 0x3C)
    if data[pe:pe + 4] != b"PE\0\0":
        return ["MZ-without-PE"]
    machine, = struct.unpack_from("<H", data, pe + 4)
    magic, = struct.unpack_from("<H", data, pe + 24)
    bits = {0x10B: "32", 0x20B: "64"}.get(magic, "magic-%x" % magic)
    # a program linked -static imports only Windows' own DLLs: msvcrt.dll, kernel32.dll
    dlls = [dll for dll in (b"libgcc_s", b"libstdc++", b"libwinpthread") if dll + b"-" in data.lower()]
    link = "dynamic" if dlls else "static"
    libc = "msvcrt" if b"msvcrt.dll" in data.lower() else ("ucrt" if b"ucrtbase.dll" in data.lower() else "unknown")
    return ["PE", bits, "LSB", PE_MACHINES.get(machine, "machine-%x" % machine), link, libc]


def describe(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] == b"\x7fELF":
        return describe_elf(data)
    if data[:2] == b"MZ":
        return describe_pe(data)
    return ["not-a-program"]


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: binary_check.py 'FORMAT BITS ENDIAN MACHINE LINK LIBC' PROGRAM...")
    expected = argv[1].split()
    passed = failed = 0
    for path in argv[2:]:
        found = describe(path)
        if found == expected:
            passed += 1
            print("binary_check: ok: %s is %s" % (path, " ".join(found)))
        else:
            failed += 1
            print("binary_check: FAILED: %s is %s; its config names %s" %
                  (path, " ".join(found), " ".join(expected)))
    print("binary_check: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
