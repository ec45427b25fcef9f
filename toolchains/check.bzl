"""allot_toolchain_check: the build fails when the C toolchain that toolchain resolution
chose is not the one the target platform names.

A platform of allot's (--platforms=//toolchains:musl, say) matches allot's toolchain for
it, but it is also an x86_64 Linux platform, which Bazel's own host toolchain matches. If
allot's toolchains are not registered, or another workspace registers a matching one
first, resolution would quietly choose that one, and the musl config would build glibc
programs. //alloc depends on this check, so nothing that links allot builds then.
"""

load("@rules_cc//cc:defs.bzl", "CcInfo", "cc_common")
load("@rules_cc//cc:find_cc_toolchain.bzl", "find_cc_toolchain", "use_cc_toolchain")
load(":toolchains.bzl", "CROSS_TOOLCHAINS", "HOST")

def _resolution_enabled(ctx):
    """Whether C toolchains are chosen by platform.

    Behind a flag in Bazel 4 to 6, always from Bazel 7 on (where the query is gone).
    """
    if hasattr(cc_common, "is_cc_toolchain_resolution_enabled_do_not_use"):
        return cc_common.is_cc_toolchain_resolution_enabled_do_not_use(ctx = ctx)
    return True

def _check_impl(ctx):
    expected = ctx.attr.expected
    if not _resolution_enabled(ctx):
        if expected == HOST:
            return [CcInfo()]  # the host's toolchain, chosen as Bazel 4 to 6 choose it
        fail("allot: the target platform is allot's %s platform, but this Bazel does not " % expected +
             "choose C toolchains by platform (C toolchain resolution is off) and would build " +
             "for the host: add --incompatible_enable_cc_toolchain_resolution (Bazel 4 to 6; " +
             "the default from Bazel 7 on).")
    chosen = find_cc_toolchain(ctx)
    ours = chosen.cpu in CROSS_TOOLCHAINS  # allot's toolchains' cpu is their name
    if (expected == HOST and ours) or (expected != HOST and chosen.cpu != expected):
        fail("\n".join([
            "allot: the target platform is allot's %s platform, but the C toolchain that " % expected +
            "toolchain resolution chose is %s (cpu '%s', compiler '%s')." % (
                "allot's " + chosen.cpu if ours else "another one",
                chosen.cpu,
                chosen.compiler,
            ),
            "allot: register allot's toolchains before any other: in WORKSPACE, " +
            "allot_repositories() from @allot//toolchains:repositories.bzl does; with bzlmod, " +
            "add register_toolchains(\"@allot//toolchains:all\") to your MODULE.bazel, " +
            "or --extra_toolchains=@allot//toolchains:all to the command line.",
        ]))
    return [CcInfo()]

allot_toolchain_check = rule(
    implementation = _check_impl,
    attrs = {"expected": attr.string(mandatory = True, doc = "the toolchain the platform names")},
    fragments = ["cpp"],
    toolchains = use_cc_toolchain(),
    doc = "Fails the build when the resolved C toolchain is not the target platform's.",
)
