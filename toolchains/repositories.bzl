"""allot_repositories(): every external repository allot needs, all of them local.

Debian's Bazel 4.2.3 runs offline here. It still asks for rules_cc, rules_java and
remote_coverage_tools, which it would download; they are declared here first so that
Bazel's own `maybe()` declarations never fire. Everything else comes from Debian
packages that ./bazelw installs.
"""

_RULES_CC_DEFS = '''\
"""Offline stand-in for @rules_cc//cc:defs.bzl: Bazel 4.2.3's native C rules.

With a newer Bazel the real rules_cc takes this place and BUILD files stay the same.
"""

cc_binary = native.cc_binary
cc_import = native.cc_import
cc_library = native.cc_library
cc_test = native.cc_test
cc_toolchain = native.cc_toolchain
cc_toolchain_suite = native.cc_toolchain_suite
'''

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

def _maybe(rule, name, **kwargs):
    if name not in native.existing_rules():
        rule(name = name, **kwargs)

def allot_repositories():
    """Declares allot's external repositories. Call it once from WORKSPACE."""

    # Stand-ins for what Bazel 4.2.3 would otherwise download.
    _maybe(
        _stub_repository,
        name = "rules_cc",
        files = {"BUILD": "", "cc/BUILD": "", "cc/defs.bzl": _RULES_CC_DEFS},
    )
    _maybe(
        _stub_repository,
        name = "remote_coverage_tools",
        files = {"BUILD": _COVERAGE_BUILD},
    )
    _maybe(native.local_repository, name = "rules_java", path = "/usr/share/bazel/rules/java")
    _maybe(native.local_repository, name = "bazel_skylib", path = "/usr/share/bazel/tools/skylib")
    _maybe(native.local_repository, name = "platforms", path = "/usr/share/bazel/tools/platforms")

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
    _maybe(
        native.new_local_repository,
        name = "allot_host_libs",
        path = "/usr",
        build_file = str(Label("//toolchains/third_party:host_libs.BUILD")),
    )
