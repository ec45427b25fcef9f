"""A C/C++ toolchain configuration for a cross compiler that lives in /usr/bin.

One rule serves every cross toolchain of toolchains/toolchains.bzl's table (musl-gcc,
MinGW-w64, clang with sanitizers, gcc -m32 and Debian's cross compilers): what differs
is data, given in toolchains/BUILD.bazel. target_cpu is the toolchain's name, which
toolchains/check.bzl reads to tell allot's toolchains apart. Bazel's
legacy features supply the usual flag plumbing (inputs, outputs, defines, includes,
libraries); the features below add each target's own flags and the -c dbg/opt flags.
"""

load("@rules_cc//cc:action_names.bzl", "ACTION_NAMES")
load(
    "@rules_cc//cc:cc_toolchain_config_lib.bzl",
    "artifact_name_pattern",
    "feature",
    "flag_group",
    "flag_set",
    "tool_path",
    "with_feature_set",
)
load("@rules_cc//cc:defs.bzl", "CcToolchainConfigInfo", "cc_common")

_COMPILE = [
    ACTION_NAMES.assemble,
    ACTION_NAMES.preprocess_assemble,
    ACTION_NAMES.c_compile,
    ACTION_NAMES.cpp_compile,
    ACTION_NAMES.cpp_header_parsing,
    ACTION_NAMES.cpp_module_compile,
]

_LINK = [
    ACTION_NAMES.cpp_link_executable,
    ACTION_NAMES.cpp_link_dynamic_library,
    ACTION_NAMES.cpp_link_nodeps_dynamic_library,
]

def _flags(actions, flags, when = None):
    """A list of one flag_set, or none when there are no flags (Bazel rejects empty ones)."""
    if not flags:
        return []
    return [flag_set(
        actions = actions,
        flag_groups = [flag_group(flags = flags)],
        with_features = [with_feature_set(features = [when])] if when else [],
    )]

def _impl(ctx):
    features = [
        feature(name = "dbg"),
        feature(name = "opt"),
        feature(name = "fastbuild"),
        feature(
            name = "default_compile_flags",
            enabled = True,
            flag_sets = _flags(_COMPILE, ctx.attr.compile_flags) +
                        _flags(_COMPILE, ["-g", "-O0"], when = "dbg") +
                        _flags(_COMPILE, ["-O2", "-DNDEBUG"], when = "opt"),
        ),
        # Bazel places toolchain features after its own link inputs: libraries named
        # here (MinGW's -lstdc++) come after the objects that need them.
        feature(
            name = "default_link_flags",
            enabled = True,
            flag_sets = _flags(_LINK, ctx.attr.link_flags),
        ),
    ]
    patterns = []
    if ctx.attr.executable_extension:
        patterns.append(artifact_name_pattern(
            category_name = "executable",
            prefix = "",
            extension = ctx.attr.executable_extension,
        ))
    return cc_common.create_cc_toolchain_config_info(
        ctx = ctx,
        features = features,
        artifact_name_patterns = patterns,
        cxx_builtin_include_directories = ctx.attr.include_directories,
        toolchain_identifier = ctx.attr.identifier,
        host_system_name = "x86_64-unknown-linux-gnu",
        target_system_name = ctx.attr.target_system,
        target_cpu = ctx.attr.cpu,
        target_libc = ctx.attr.libc,
        compiler = "gcc",
        abi_version = "unknown",
        abi_libc_version = "unknown",
        tool_paths = [tool_path(name = name, path = path) for name, path in ctx.attr.tools.items()],
    )

allot_cc_toolchain_config = rule(
    implementation = _impl,
    provides = [CcToolchainConfigInfo],
    attrs = {
        "compile_flags": attr.string_list(),
        "cpu": attr.string(mandatory = True),
        "executable_extension": attr.string(doc = "e.g. \".exe\"; empty: none"),
        "identifier": attr.string(mandatory = True),
        "include_directories": attr.string_list(mandatory = True),
        "libc": attr.string(mandatory = True),
        "link_flags": attr.string_list(),
        "target_system": attr.string(mandatory = True),
        "tools": attr.string_dict(mandatory = True, doc = "gcc, ld, ar, cpp, gcov, nm, objdump, strip"),
    },
)

_TOOLS = ["ar", "cpp", "gcc", "gcov", "ld", "nm", "objdump", "strip"]

def tool_paths(prefix, programs = {}):
    """A toolchain's `tools`: each tool is prefix + its own name, unless programs names another.

    Args:
      prefix: what each program's name follows, e.g. "/usr/bin/aarch64-linux-gnu-".
      programs: {tool: program}: prefix + that name, or that path if it starts with /.

    Returns:
      {tool: path} for gcc, ld, ar, cpp, gcov, nm, objdump and strip.
    """
    paths = {}
    for tool in _TOOLS:
        program = programs.get(tool, tool)
        paths[tool] = program if program.startswith("/") else prefix + program
    return paths
