"""Module extensions for MODULE.bazel (Bazel 7.1 and later; not run here, see MODULE.bazel).

host_libs declares allot_host_libs, the heap backends and the benchmarks' peers from the
machine's /usr, as allot_repositories() does for WORKSPACE builds (toolchains/host_libs.bzl):
a library the machine lacks fails only a build that uses it, never the extension.
"""

load(":host_libs.bzl", "host_libs_repository")

def _host_libs_impl(module_ctx):
    host_libs_repository(name = "allot_host_libs")
    return module_ctx.extension_metadata(reproducible = False)

host_libs = module_extension(implementation = _host_libs_impl)
