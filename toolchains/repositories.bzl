"""allot_repositories(): every external repository allot needs, all of them local.

Debian's Bazel 4.2.3 runs offline here. It still asks for rules_cc, rules_java and
remote_coverage_tools, which it would download; they are declared here first so that
Bazel's own `maybe()` declarations never fire. Everything else comes from Debian
packages that ./bazelw installs.
"""

load(":host_libs.bzl", "host_libs_repository")

_RULES_CC_DEFS = '''\
"""Offline stand-in for @rules_cc//cc:defs.bzl: Bazel 4.2.3's native C rules and providers.

With a newer Bazel the real rules_cc takes this place and BUILD files stay the same.
"""

load(
    ":builtins.bzl",
    _CcInfo = "CC_INFO",
    _CcToolchainConfigInfo = "CC_TOOLCHAIN_CONFIG_INFO",
    _cc_common = "CC_COMMON",
)

cc_binary = native.cc_binary
cc_import = native.cc_import
cc_library = native.cc_library
cc_test = native.cc_test
cc_toolchain = native.cc_toolchain
cc_toolchain_suite = native.cc_toolchain_suite  # Bazel 4.2.3's own tools/cpp loads it
cc_common = _cc_common
CcInfo = _CcInfo
CcToolchainConfigInfo = _CcToolchainConfigInfo
'''

# Bazel's built-in providers under other names, so that defs.bzl can export them under
# their own (a file cannot assign a global that it also reads as a built-in).
_RULES_CC_BUILTINS = '''\
"""Bazel 4.2.3's built-in C providers, for the stand-in defs.bzl."""

CC_COMMON = cc_common
CC_INFO = CcInfo
CC_TOOLCHAIN_CONFIG_INFO = CcToolchainConfigInfo
'''

_RULES_CC_FIND = '''\
"""Offline stand-in for @rules_cc//cc:find_cc_toolchain.bzl, on Bazel 4.2.3's own."""

load("@bazel_tools//tools/cpp:toolchain_utils.bzl", "find_cpp_toolchain")

CC_TOOLCHAIN_TYPE = "@bazel_tools//tools/cpp:toolchain_type"

find_cc_toolchain = find_cpp_toolchain

def use_cc_toolchain(mandatory = False):
    """The C toolchain type, for rule(toolchains = ...); Bazel 4.2.3 has no optional ones."""
    return [CC_TOOLCHAIN_TYPE]
'''

# Stand-ins for the rest of rules_cc and for rules_shell that allot loads: each file
# re-exports what Bazel 4.2.3 has built in under the name the real module gives it.
def _reexport(real, source, names):
    """A .bzl file that stands in for `real` by re-exporting `names` from `source`."""
    return "\n".join(
        ['"""Offline stand-in for %s."""' % real, "", "load(", '    "%s",' % source] +
        ['    _%s = "%s",' % (name, name) for name in names] +
        [")", ""] +
        ["%s = _%s" % (name, name) for name in names] + [""],
    )

_RULES_CC_LIB = _reexport(
    "@rules_cc//cc:cc_toolchain_config_lib.bzl",
    "@bazel_tools//tools/cpp:cc_toolchain_config_lib.bzl",
    ["artifact_name_pattern", "feature", "flag_group", "flag_set", "tool_path", "with_feature_set"],
)

_RULES_CC_ACTIONS = _reexport(
    "@rules_cc//cc:action_names.bzl",
    "@bazel_tools//tools/build_defs/cc:action_names.bzl",
    ["ACTION_NAMES"],
)

def _shell_rule(rule):
    return '"""Offline stand-in for @rules_shell//shell:%s.bzl."""\n\n%s = native.%s\n' % (rule, rule, rule)

_COVERAGE_BUILD = '''\
# Offline stand-in: Bazel 4.2.3 asks for this repository even when nothing is covered.
package(default_visibility = ["//visibility:public"])

filegroup(name = "coverage_report_generator")

filegroup(name = "lcov_merger")
'''

def _stub_repository_impl(rctx):
    for path, content in rctx.attr.files.items():
        rctx.file(path, content, executable = False)
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)

# A repository made of the given files, written by Bazel itself: no download, no path
# that depends on where allot is checked out.
_stub_repository = repository_rule(
    implementation = _stub_repository_impl,
    attrs = {"files": attr.string_dict()},
)

def _platforms_impl(rctx):
    for package in ["", "cpu/", "os/"]:
        build = rctx.read(rctx.path("%s/%sBUILD" % (rctx.attr.path, package)))
        if package == "cpu/":
            build += "".join([
                _CPU_VALUE % cpu
                for cpu in rctx.attr.add_cpus
                if 'name = "%s"' % cpu not in build
            ])
        rctx.file(package + "BUILD", build, executable = False)
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)

_CPU_VALUE = """
# Added by allot's repositories.bzl: in @platforms since 0.0.5, not in Debian's copy.
constraint_value(
    name = "%s",
    constraint_setting = ":cpu",
)
"""

# Debian's @platforms (bazel-platforms), with the CPUs of newer releases that it lacks.
_platforms_repository = repository_rule(
    implementation = _platforms_impl,
    attrs = {
        "add_cpus": attr.string_list(),
        "path": attr.string(mandatory = True),
    },
)

def _maybe(rule, name, **kwargs):
    if name not in native.existing_rules():
        rule(name = name, **kwargs)

# A WORKSPACE macro: it declares repositories, each of its own name.
# buildifier: disable=unnamed-macro
def allot_repositories():
    """Declares allot's external repositories and registers its C toolchains.

    One toolchain per platform of //toolchains (toolchains/toolchains.bzl). Call it once
    from WORKSPACE.
    """

    # Stand-ins for what Bazel 4.2.3 would otherwise download.
    _maybe(
        _stub_repository,
        name = "rules_cc",
        files = {
            "BUILD": "",
            "cc/BUILD": "",
            "cc/action_names.bzl": _RULES_CC_ACTIONS,
            "cc/builtins.bzl": _RULES_CC_BUILTINS,
            "cc/cc_toolchain_config_lib.bzl": _RULES_CC_LIB,
            "cc/defs.bzl": _RULES_CC_DEFS,
            "cc/find_cc_toolchain.bzl": _RULES_CC_FIND,
        },
    )
    _maybe(
        _stub_repository,
        name = "rules_shell",
        files = {
            "BUILD": "",
            "shell/BUILD": "",
            "shell/sh_binary.bzl": _shell_rule("sh_binary"),
            "shell/sh_test.bzl": _shell_rule("sh_test"),
        },
    )
    _maybe(
        _stub_repository,
        name = "remote_coverage_tools",
        files = {"BUILD": _COVERAGE_BUILD},
    )
    _maybe(native.local_repository, name = "rules_java", path = "/usr/share/bazel/rules/java")
    _maybe(native.local_repository, name = "bazel_skylib", path = "/usr/share/bazel/tools/skylib")
    _maybe(
        _platforms_repository,
        name = "platforms",
        path = "/usr/share/bazel/tools/platforms",
        add_cpus = ["riscv64"],
    )

    # GoogleTest from the Debian sources, built by Bazel, so that every toolchain can build it.
    # Repositories are named as the Bazel Central Registry's modules (MODULE.bazel), so that
    # one set of BUILD files serves WORKSPACE and bzlmod builds.
    _maybe(
        native.new_local_repository,
        name = "googletest",
        path = "/usr/src/googletest",
        build_file = str(Label("//toolchains/third_party:googletest.BUILD")),
    )

    # Prebuilt glibc libraries from Debian: Google Benchmark and the heap backends.
    _maybe(
        native.new_local_repository,
        name = "google_benchmark",
        path = "/usr",
        build_file = str(Label("//toolchains/third_party:google_benchmark.BUILD")),
    )

    # The heap backends and the benchmarks' peers, where the machine has them.
    _maybe(host_libs_repository, name = "allot_host_libs")

    # allot's C toolchains, each for its own platform only: registered before Bazel's
    # host toolchain, which would match the x86_64 Linux ones too (toolchains/check.bzl).
    native.register_toolchains(str(Label("//toolchains:all")))
