"""The knobs of allot, in one table that the flags, the transition and the variants share.

This is the one table of allot's knobs: alloc/config.h, allot.mk, CMakeLists.txt,
meson_options.txt, README.md's knob table and tools/allot-tune are checked against it
(tests/hosts/knob_table.py, in CI). Adding a strategy value: strategies/README.md lists
every file; the --//alloc flag accepts it, allot_cc_* can pin it, and the test and
benchmark variants pick it up.
"""

load(
    "@bazel_skylib//rules:common_settings.bzl",
    "BuildSettingInfo",
    "bool_flag",
    "int_flag",
    "string_flag",
)
load("@rules_cc//cc:defs.bzl", "CcInfo", "cc_common", "cc_library")
load("//toolchains:toolchains.bzl", "CROSS_TOOLCHAINS", "MALLOC_LIBS", "toolchain_setting")

def _choice(values, default, define, c_values = None, tuned = False):
    """A knob that takes one of values (a string flag)."""
    return struct(kind = "string", values = values, default = default, define = define, c_values = c_values, tuned = tuned)

def _count(default, define):
    """A knob that takes a whole number (an int flag)."""
    return struct(kind = "int", values = None, default = default, define = define, c_values = None, tuned = False)

def _switch(default, define):
    """A knob that is on or off (a bool flag)."""
    return struct(kind = "bool", values = None, default = default, define = define, c_values = None, tuned = False)

# knob -> its flag's kind, allowed values and default, and the C define it becomes
# ("{}" stands for the value: upper-cased strings, counts, 1 or 0 for booleans; a knob
# with c_values maps each value to its C value, None for no define at all). tuned: the
# knobs allot_tune tries when not told which: every strategy and the heap backend (stats
# and checks change what a program does, not how fast it allocates; a count needs the
# counts to try).
KNOBS = {
    "array": _choice(["heap", "alloca", "inline"], "alloca", "ALLOT_ARRAY_STRATEGY=ALLOT_ARRAY_{}", tuned = True),
    "array_inline_max": _count(2, "ALLOT_ARRAY_INLINE_MAX={}"),
    "pool": _choice(["malloc", "arena"], "arena", "ALLOT_POOL_STRATEGY=ALLOT_POOL_{}", tuned = True),
    "path_store": _choice(["heap", "inline"], "heap", "ALLOT_PATH_STORE=ALLOT_PATH_STORE_{}", tuned = True),
    "path_format": _choice(["libc", "builtin"], "builtin", "ALLOT_PATH_FORMAT=ALLOT_PATH_FORMAT_{}", tuned = True),
    # system: the C library's malloc; the others link a library (toolchains/toolchains.bzl).
    "malloc": _choice(["system"] + list(MALLOC_LIBS.keys()), "system", "ALLOT_MALLOC_NAME=\"{}\"", tuned = True),
    "stats": _switch(False, "ALLOT_STATS={}"),
    # auto: misuse detection follows NDEBUG (on, except in -c opt builds).
    "checks": _choice(
        ["auto", "on", "off"],
        "auto",
        "ALLOT_CHECKS={}",
        c_values = {"auto": None, "on": "1", "off": "0"},
    ),
}

# The knobs C alone has (no Bazel flag: Bazel builds keep the default), in the same form.
C_ONLY_KNOBS = {
    "path_inline_size": _count(128, "ALLOT_PATH_INLINE_SIZE={}"),
}

# What allot_config() returns, each knob's value in its braces (stats as on or off):
# alloc/stats.c writes it in C, and every test variant holds its build to this form
# (tests/config_test.c); tools/allot-tune reads programs' "allot: " lines with it.
CONFIG = "array={array}:{array_inline_max} pool={pool} path={path_store},{path_format} malloc={malloc} stats={stats}"

TUNED = [knob for knob, spec in KNOBS.items() if spec.tuned]

# The library's sources, in link order (each before the files it calls), and the knobs
# each one's preprocessed text depends on. A build compiles a file with its own knobs
# only: builds that differ in knobs a file does not read share its object (the tree_diff
# builds compile alloc/path.c once per path_store and path_format, not once per
# combination). tests/hosts/knob_table.py holds this table to the preprocessor on every
# toolchain: a knob left out must not change a file's text, and one listed must.
SOURCE_KNOBS = {
    "array.c": ["array", "array_inline_max", "stats"],
    "path.c": ["path_store", "path_format", "checks", "stats"],
    "pool.c": ["pool", "checks", "stats"],
    "format.c": ["path_format", "stats"],
    "heap.c": ["stats"],
    "stats.c": ["array", "array_inline_max", "pool", "path_store", "path_format", "malloc", "stats"],
    "die.c": ["stats"],
}

def _backend_unavailable_impl(ctx):
    fail("--//alloc:malloc=%s cannot be linked by the %s toolchain; its heap backends: %s" % (
        ctx.attr._malloc[BuildSettingInfo].value,
        ctx.attr.toolchain,
        ", ".join(ctx.attr.backends),
    ))

_backend_unavailable = rule(
    implementation = _backend_unavailable_impl,
    attrs = {
        "backends": attr.string_list(),
        "toolchain": attr.string(),
        "_malloc": attr.label(default = "//alloc:malloc"),
    },
)

def allot_malloc_backend(name):
    """Declares `name`: the heap backend library that --//alloc:malloc asks for.

    glibc builds link Debian's tcmalloc, jemalloc or mimalloc; a cross toolchain fails
    the build for a backend it cannot link, naming the toolchain and what it has.

    Args:
      name: the library.
    """
    cc_library(name = name + "_none")
    glibc = {"//alloc:malloc_" + backend: lib for backend, lib in MALLOC_LIBS.items()}
    glibc["//conditions:default"] = ":%s_none" % name
    native.alias(name = name + "_glibc", actual = select(glibc))
    by_toolchain = {"//conditions:default": ":%s_glibc" % name}
    for toolchain, spec in CROSS_TOOLCHAINS.items():
        _backend_unavailable(
            name = "%s_unavailable_%s" % (name, toolchain),
            backends = spec.backends,
            toolchain = toolchain,
            tags = ["manual"],  # reached only through the select below, where it fails
        )
        choices = {"//alloc:malloc_" + backend: ":%s_none" % name for backend in spec.backends}
        choices["//conditions:default"] = ":%s_unavailable_%s" % (name, toolchain)
        native.alias(name = "%s_%s" % (name, toolchain), actual = select(choices))
        by_toolchain[toolchain_setting(toolchain)] = ":%s_%s" % (name, toolchain)
    native.alias(name = name, actual = select(by_toolchain))

def knob_label(knob):
    """The flag of a knob, as a label string valid from any workspace."""
    return str(Label("//alloc:" + knob))

def knob_spec(knob):
    """A knob's entry in KNOBS; an unknown knob fails, naming the knobs."""
    if knob not in KNOBS:
        fail("unknown allot knob '%s'; the knobs are: %s" % (knob, ", ".join(sorted(KNOBS.keys()))))
    return KNOBS[knob]

def parse_knob(knob, value):
    """A knob's value from a string (as in a strategies dict), checked where Starlark can.

    Args:
      knob: the knob's name; an unknown one fails.
      value: the value, a string; one the knob does not take fails, naming those it does.

    Returns:
      The value as the knob's flag holds it: a string, a count or a boolean.
    """
    spec = knob_spec(knob)
    if type(value) != "string":
        fail("allot knob '%s': give the value as a string, e.g. \"%s\"" % (knob, spec.default))
    if spec.kind == "int":
        if not value.isdigit() or int(value) > 4096:
            fail("allot knob '%s' takes a count from 0 to 4096, not '%s'" % (knob, value))
        return int(value)
    if spec.kind == "bool":
        if value not in ("true", "false"):
            fail("allot knob '%s': invalid value '%s'. Allowed values are [\"true\", \"false\"]" % (knob, value))
        return value == "true"
    if value not in spec.values:
        fail("allot knob '%s': invalid value '%s'. Allowed values are %s" % (knob, value, spec.values))
    return value

def resolve(strategies):
    """Every knob's value: the given strategies over the defaults.

    Args:
      strategies: {knob: value}, as strings (a strategies dict).

    Returns:
      {knob: value} for every knob, as parse_knob gives them.
    """
    values = {knob: spec.default for knob, spec in KNOBS.items()}
    for knob, value in strategies.items():
        values[knob] = parse_knob(knob, value)
    return values

def _c_value(spec, value):
    if spec.c_values != None:
        return spec.c_values[value]
    if spec.kind == "bool":
        return "1" if value else "0"
    if spec.kind == "int":
        return str(value)
    return value.upper() if spec.define.endswith("_{}") else value

def knob_defines(values, for_attribute = False):
    """The C defines for resolved knob values (of every knob, or of those a file reads).

    Args:
      values: {knob: value}, as resolve() gives them.
      for_attribute: quote them for a rule's `defines` attribute, which Bazel splits like
        a shell command line (a provider's defines are taken as they are).

    Returns:
      The defines, NAME=VALUE strings, in the knobs' order.
    """
    defines = [
        KNOBS[knob].define.format(_c_value(KNOBS[knob], values[knob]))
        for knob in sorted(values.keys())
        if _c_value(KNOBS[knob], values[knob]) != None
    ]
    if for_attribute:
        defines = [d.replace('"', '\\"') for d in defines]
    return defines

def config_string(values):
    """What allot_config() must return for resolved knob values: CONFIG, filled in."""
    shown = dict(values)
    shown["stats"] = "on" if values["stats"] else "off"
    return CONFIG.format(**shown)

def _knob_defines_impl(ctx):
    values = {knob: getattr(ctx.attr, "_" + knob)[BuildSettingInfo].value for knob in KNOBS}
    if values["array_inline_max"] < 0 or values["array_inline_max"] > 4096:
        fail("--//alloc:array_inline_max must be an element count from 0 to 4096, not %d" %
             values["array_inline_max"])
    context = cc_common.create_compilation_context(defines = depset(knob_defines(values)))
    return [CcInfo(compilation_context = context)]

# The defines that the --//alloc:* flags ask for, as a C dependency: everything that
# depends on //alloc compiles with them.
knob_defines_from_flags = rule(
    implementation = _knob_defines_impl,
    attrs = {
        "_" + knob: attr.label(default = "//alloc:" + knob)
        for knob in KNOBS
    },
)

# A flag per knob, each named after it: no name to give.
# buildifier: disable=unnamed-macro
def allot_knob_flags():
    """Declares, in the calling package, one flag per knob and a config_setting per value."""
    for knob, spec in KNOBS.items():
        if spec.kind == "string":
            string_flag(
                name = knob,
                build_setting_default = spec.default,
                values = spec.values,
                visibility = ["//visibility:public"],
            )
            for value in spec.values:
                native.config_setting(
                    name = "%s_%s" % (knob, value),
                    flag_values = {":" + knob: value},
                    visibility = ["//visibility:public"],
                )
        elif spec.kind == "int":
            int_flag(
                name = knob,
                build_setting_default = spec.default,
                visibility = ["//visibility:public"],
            )
        else:
            bool_flag(
                name = knob,
                build_setting_default = spec.default,
                visibility = ["//visibility:public"],
            )

# The library as SOURCE_KNOBS splits it: a cc_library per source, each compiled in a
# configuration where the knobs it does not read are at their defaults.

def _own_knobs_impl(settings, attr):
    return {
        knob_label(knob): settings[knob_label(knob)] if knob in attr.knobs else spec.default
        for knob, spec in KNOBS.items()
    }

_own_knobs = transition(
    implementation = _own_knobs_impl,
    inputs = [knob_label(knob) for knob in KNOBS],
    outputs = [knob_label(knob) for knob in KNOBS],
)

def _source_objects_impl(ctx):
    # What links, not what compiles: the source's defines are those of its own
    # configuration, not those of the code that uses the library.
    return [CcInfo(linking_context = ctx.attr.library[0][CcInfo].linking_context)]

_source_objects = rule(
    implementation = _source_objects_impl,
    attrs = {
        "knobs": attr.string_list(mandatory = True),
        "library": attr.label(cfg = _own_knobs, mandatory = True, providers = [CcInfo]),
        "_allowlist_function_transition": attr.label(
            default = "@bazel_tools//tools/allowlists/function_transition_allowlist",
        ),
    },
)

def source_library(name, src, local_defines = [], copts = [], deps = []):
    """cc_library `name`: alloc/`src` alone, with local_defines and copts, on allot's headers."""
    cc_library(
        name = name,
        srcs = [Label("//alloc:" + src), Label("//alloc:private_headers")],
        copts = copts,
        local_defines = local_defines,
        deps = [Label("//alloc:headers")] + deps,
        tags = ["manual"],
        visibility = ["//visibility:private"],
    )

# Two targets per source, each named after it: no name to give.
# buildifier: disable=unnamed-macro
def allot_library_objects():
    """Declares the objects of //alloc, a library and its objects per source.

    For each source: its library on the --//alloc:* flags it reads (source_<file>) and
    that library's objects, built where the other flags are at their defaults
    (objects_<file>).

    Returns:
      The objects' labels, in link order.
    """
    objects = []
    for src, knobs in SOURCE_KNOBS.items():
        stem = src[:-len(".c")]
        source_library(name = "source_" + stem, src = src, deps = [":knob_defines"])
        _source_objects(
            name = "objects_" + stem,
            knobs = knobs,
            library = ":source_" + stem,
            visibility = ["//visibility:private"],
        )
        objects.append(":objects_" + stem)
    return objects
