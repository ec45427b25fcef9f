"""The toolchains allot builds with, and what each can link and run: one table, read by
toolchains/BUILD.bazel (the platforms, the C toolchains and the select() keys),
alloc/knobs.bzl (which heap backends a toolchain links), alloc/defs.bzl (allot_tune) and
the test and benchmark variants (what glibc alone has). .bazelrc names the same
toolchains in its --config=<name> lines (--platforms=//toolchains:<name>), and
tests/hosts/module.py holds those lines to this table.

Every toolchain is a platform, chosen by toolchain resolution as Bazel 7 and later
choose every C toolchain: a platform is a CPU, an OS and one value of allot's own
constraint, //toolchains:toolchain, which only allot's C toolchain for that platform
matches. select()s key on that value (toolchain_setting(): //toolchains:for_<name>).
"""

def _toolchain(
        cpu,
        os = "linux",
        backends = ["system"],
        cxx = False,
        runner = None,
        binary = None):
    """A toolchain of the table.

    cpu, os: the platform's @platforms constraints (the compiler and its flags are in
    toolchains/BUILD.bazel). backends: the heap backends it links. cxx: whether it has a C++ runtime (GoogleTest);
    without one the suite runs under the plain-C runner and targets tagged "cxx" are
    skipped. runner: what runs its programs on this machine, "wine" or "qemu" (emulated:
    their times mean nothing), or None (natively). binary: what its programs are, as
    toolchains/binary_check.py reads them ("FORMAT BITS ENDIAN MACHINE LINK LIBC").
    """
    return struct(
        cpu = cpu,
        os = os,
        backends = backends,
        cxx = cxx,
        runner = runner,
        binary = binary,
    )

# The host's glibc toolchain: Bazel's own (@local_config_cc), chosen for a platform
# without an allot toolchain value, and for //toolchains:glibc.
HOST = "glibc"

HOST_BINARY = "ELF 64 LSB x86-64 dynamic glibc"

# The other toolchains (--config=<name>, --platforms=//toolchains:<name>). The CPU ones
# are Debian's cross compilers (i386: the host gcc with -m32), C only, their programs run
# under qemu-user (i386: natively).
CROSS_TOOLCHAINS = {
    "musl": _toolchain("x86_64", binary = "ELF 64 LSB x86-64 static musl"),
    "mingw": _toolchain("x86_64", os = "windows", cxx = True, runner = "wine", binary = "PE 64 LSB x86-64 static msvcrt"),
    "asan": _toolchain("x86_64", cxx = True, binary = HOST_BINARY),  # clang, with sanitizers
    "tsan": _toolchain("x86_64", cxx = True, binary = HOST_BINARY),
    "i386": _toolchain("x86_32", binary = "ELF 32 LSB i386 dynamic glibc"),
    "armhf": _toolchain("armv7", runner = "qemu", binary = "ELF 32 LSB arm dynamic glibc"),
    "aarch64": _toolchain("aarch64", runner = "qemu", binary = "ELF 64 LSB aarch64 dynamic glibc"),
    "riscv64": _toolchain("riscv64", runner = "qemu", binary = "ELF 64 LSB riscv64 dynamic glibc"),
    "s390x": _toolchain("s390x", runner = "qemu", binary = "ELF 64 MSB s390x dynamic glibc"),
}

# Every toolchain, the host's first.
TOOLCHAINS = [HOST] + list(CROSS_TOOLCHAINS.keys())

def toolchain_setting(name):
    """The select() key that is true when building for the toolchain `name`.

    The platform has its value of allot's constraint (the host's glibc where none names
    another).
    """
    return str(Label("//toolchains:for_" + name))  # valid from any workspace

def toolchain_select(choices, default):
    """A select() of choices (toolchain name -> value) and default for every other one."""
    keys = {toolchain_setting(name): value for name, value in choices.items()}
    keys["//conditions:default"] = default
    return select(keys)

# The toolchains without a C++ runtime (GoogleTest): their suites run the plain-C runner.
C_ONLY = [name for name, spec in CROSS_TOOLCHAINS.items() if not spec.cxx]

# The toolchains whose programs callgrind can count here: not under a sanitizer, not on
# another CPU under qemu-user.
COUNTED = [HOST, "musl", "mingw", "i386"]

def emulated(name):
    """Whether the toolchain's programs run under a CPU emulator here (their times mean nothing).

    Wine runs x86-64 code as it is: MinGW's programs are not emulated.
    """
    return name in CROSS_TOOLCHAINS and CROSS_TOOLCHAINS[name].runner == "qemu"

# Heap backends other than the C library's own, as libraries to link (glibc builds only).
MALLOC_LIBS = {
    "tcmalloc": "@allot_host_libs//:tcmalloc",
    "jemalloc": "@allot_host_libs//:jemalloc",
    "mimalloc": "@allot_host_libs//:mimalloc",
}

# Tag of targets that only glibc builds have (the cross configs skip them).
GLIBC_ONLY = "glibc_only"

# Tag of the test variants of strategy combinations outside the pairwise cover
# (tests/matrix.bzl): glibc and musl run them; MinGW, ASan, TSan and the other CPUs skip
# them (.bazelrc).
FULL_MATRIX = "full_matrix"
