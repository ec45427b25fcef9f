"""Module extensions for MODULE.bazel (Bazel 7.1 and later; not run here, see MODULE.bazel).

host_libs declares allot_host_libs, the heap backends from the system's /usr, as
allot_repositories() does for WORKSPACE builds.
"""

load("@bazel_tools//tools/build_defs/repo:local.bzl", "new_local_repository")

def _host_libs_impl(module_ctx):
    new_local_repository(
        name = "allot_host_libs",
        path = "/usr",
        build_file = Label("//toolchains/third_party:host_libs.BUILD"),
    )
    return module_ctx.extension_metadata(reproducible = True)

host_libs = module_extension(implementation = _host_libs_impl)
