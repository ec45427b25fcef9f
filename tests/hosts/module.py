#!/usr/bin/env python3
"""MODULE.bazel declares every external repository, toolchain and platform that allot's
BUILD files and configs use, at versions Bazel 9 works with.

MODULE.bazel is Starlark, which Python's ast reads: the repositories it makes visible are
its bazel_deps (by repo_name, else name), the repositories of its use_repo calls, and
the module itself. Every @repo// in a BUILD file, .BUILD file or .bzl file of allot must
be one of them or Bazel's own (bazel_tools), and must also be declared, under the same
name, by allot_repositories() for WORKSPACE builds (toolchains/repositories.bzl).

Every toolchain() of toolchains/BUILD.bazel (one per cross toolchain of the table in
toolchains/toolchains.bzl) must be registered by MODULE.bazel and by allot_repositories();
every --config of .bazelrc that names a platform must name the platform of its own name,
one of the table's; and every bazel_dep must be at least the version Bazel 9.0.1 itself
depends on (BAZEL_9, below: an older one is raised to it anyway, and was never tried).
The module's own version is the one alloc/version.h writes, which every build system reads.

What the Bazel Central Registry asks of a module: its toolchains registered as a
dev_dependency (README and the toolchain check name the line a user adds instead), a .bcr/
folder whose presubmit builds @allot//alloc and a test module on Bazel 7, 8 and 9, and a
heap-library extension that never fails (toolchains/host_libs.bzl).

    tests/hosts/module.py            prints "module: N passed, M failed"
"""
import ast
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILTIN = {"bazel_tools"}  # Bazel's own, under WORKSPACE and bzlmod alike

# The versions Bazel 9.0.1 depends on (its MODULE.bazel and MODULE.tools).
BAZEL_9 = {
    "rules_cc": "0.2.17",
    "rules_shell": "0.6.1",
    "platforms": "1.0.0",
    "bazel_skylib": "1.8.1",
    "googletest": "1.17.0",
    "google_benchmark": "1.9.4",
}


def module_repos(text):
    """The repository names MODULE.bazel makes visible, the module's own name, its
    bazel_deps' versions and the patterns it registers toolchains with."""
    repos, name, versions, registered = set(), None, {}, []
    for node in ast.walk(ast.parse(text)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        kwargs = {k.arg: k.value.value for k in node.keywords
                  if isinstance(k.value, ast.Constant)}
        if node.func.id == "module":
            name = kwargs["name"]
            versions[None] = kwargs.get("version", "")
        elif node.func.id == "bazel_dep":
            repos.add(kwargs.get("repo_name", kwargs["name"]))
            versions[kwargs["name"]] = kwargs.get("version", "")
        elif node.func.id == "register_toolchains":
            registered += [a.value for a in node.args if isinstance(a, ast.Constant)]
            if not kwargs.get("dev_dependency"):
                registered.append(None)  # registered for every user of the module
        elif node.func.id == "use_repo":
            repos.update(a.value for a in node.args[1:] if isinstance(a, ast.Constant))
            repos.update(kwargs)
    return repos, name, versions, registered


def version_key(version):
    return tuple(int(part) if part.isdigit() else 0 for part in re.split(r"[.-]", version))


def registers(patterns, label):
    """Whether a register_toolchains pattern covers //package:name."""
    package = label.split(":")[0]
    return any(p in (label, package + ":all", package + ":*") for p in patterns)


def toolchain_names():
    """The cross toolchains of toolchains/toolchains.bzl's table, and the host's."""
    text = (ROOT / "toolchains" / "toolchains.bzl").read_text()
    table = text[text.index("CROSS_TOOLCHAINS = {"):]
    table = table[:table.index("\n}\n")]
    host = re.search(r'^HOST = "([a-z0-9_]+)"', text, re.M).group(1)
    return re.findall(r'^    "([a-z0-9_]+)": _toolchain\(', table, re.M), host


def config_platforms():
    """{config: platform label} for every --platforms= of .bazelrc's build:<config> lines."""
    found = {}
    for line in (ROOT / ".bazelrc").read_text().splitlines():
        m = re.match(r"build:([a-z0-9_]+) .*--platforms=(\S+)", line)
        if m:
            found[m.group(1)] = m.group(2)
    return found


def used_repos():
    """{repo: [file, ...]} for every @repo// label in allot's build files."""
    used = {}
    ignored = [line.strip() for line in (ROOT / ".bazelignore").read_text().splitlines() if line.strip()]
    files = [p for p in ROOT.rglob("*")
             if p.is_file() and not any(part.startswith(("bazel-", ".")) for part in p.parts)
             and not any(p.relative_to(ROOT).parts[0] == top for top in ignored)
             and (p.name in ("BUILD", "BUILD.bazel") or p.suffix in (".bzl", ".BUILD"))]
    for path in files:
        for repo in re.findall(r'"@([A-Za-z0-9_.-]+)//', path.read_text()):
            used.setdefault(repo, []).append(str(path.relative_to(ROOT)))
    return used


def workspace_repos():
    text = (ROOT / "toolchains" / "repositories.bzl").read_text()
    return set(re.findall(r'name = "([A-Za-z0-9_.-]+)"', text))


def main():
    declared, own, versions, registered = module_repos((ROOT / "MODULE.bazel").read_text())
    workspace = workspace_repos()
    workspace_registered = re.findall(r'register_toolchains\(str\(Label\("([^"]+)"\)\)\)',
                                      (ROOT / "toolchains" / "repositories.bzl").read_text())
    passed = failed = 0

    def report(ok, what, problem):
        nonlocal passed, failed
        if ok:
            passed += 1
            print("module: ok: %s" % what)
        else:
            failed += 1
            print("module: FAILED: %s: %s" % (what, problem))

    # The registry's asks: allot's toolchains registered by its own builds only, and the one
    # line a user adds, named by README and by the toolchain check's message.
    line = 'register_toolchains("@allot//toolchains:all")'
    report(None not in registered, "MODULE.bazel registers its toolchains as a dev_dependency",
           "a register_toolchains() without dev_dependency = True registers them for every user")
    registered = [r for r in registered if r]
    report(line in (ROOT / "README.md").read_text(), "README gives %s" % line, "it does not")
    report(line.replace('"', '\\"') in (ROOT / "toolchains" / "check.bzl").read_text(),
           "the toolchain check's message names %s" % line, "it does not")
    presubmit = (ROOT / ".bcr" / "presubmit.yml").read_text()
    for bazel in ("7.x", "8.x", "9.x"):
        report(presubmit.count('"%s"' % bazel) == 2, ".bcr/presubmit.yml builds with Bazel %s" % bazel,
               "its two matrices do not both name it")
    report('- "@allot//alloc"' in presubmit, ".bcr/presubmit.yml builds @allot//alloc", "it does not")
    test_module = re.search(r'module_path: "([^"]+)"', presubmit)
    test_dir = ROOT / test_module.group(1) if test_module else ROOT / "-"
    report(test_dir.is_dir() and 'bazel_dep(name = "allot"' in (test_dir / "MODULE.bazel").read_text()
           and "allot_cc_test(" in (test_dir / "BUILD.bazel").read_text()
           and str(test_dir.relative_to(ROOT)) in (ROOT / ".bazelignore").read_text(),
           ".bcr's test module %s depends on allot and pins strategies" % test_dir.relative_to(ROOT),
           "it is missing, does not, or is not in .bazelignore")
    for name in ("metadata.template.json", "source.template.json"):
        report((ROOT / ".bcr" / name).is_file(), ".bcr/%s" % name, "missing")
    host_libs = (ROOT / "toolchains" / "host_libs.bzl").read_text()
    impl = host_libs[host_libs.index("def _host_libs_impl"):host_libs.index("host_libs_repository =")]
    report("host_libs_repository(" in (ROOT / "toolchains" / "extensions.bzl").read_text()
           and "fail(" not in impl,
           "the heap-library extension never fails: a missing library fails only a build using it",
           "extensions.bzl does not use host_libs_repository, or its implementation calls fail()")

    cross, host = toolchain_names()
    build = (ROOT / "toolchains" / "BUILD.bazel").read_text()
    for name in cross:
        label = "//toolchains:%s_toolchain" % name
        report(registers(registered, label) and registers(workspace_registered, label),
               "toolchain %s registered" % label,
               "MODULE.bazel registers %s, allot_repositories() %s" % (registered, workspace_registered))
    report("name = name + \"_toolchain\"" in build and "for name, spec in CROSS_TOOLCHAINS.items()" in build,
           "toolchains/BUILD.bazel declares a toolchain() per cross toolchain", "it no longer does")
    for config, platform in sorted(config_platforms().items()):
        report(platform == "//toolchains:" + config and config in cross + [host],
               "--config=%s is the platform %s" % (config, platform),
               "a config must name the platform of its own name, one of %s" % (cross + [host]))
    header = (ROOT / "alloc" / "version.h").read_text()
    written = ".".join(re.search(r"^#define ALLOT_VERSION_%s (\d+)$" % part, header, re.M).group(1)
                       for part in ("MAJOR", "MINOR", "PATCH"))
    own_version = versions.pop(None)
    report(own_version == written, "module version %s is alloc/version.h's" % own_version,
           "alloc/version.h says %s" % written)
    for module, version in sorted(versions.items()):
        least = BAZEL_9.get(module)
        report(least is None or version_key(version) >= version_key(least),
               "bazel_dep %s %s" % (module, version),
               "Bazel 9.0.1 depends on %s %s" % (module, least))
    for repo, where in sorted(used_repos().items()):
        problems = []
        if repo not in declared | BUILTIN | {own}:
            problems.append("not declared in MODULE.bazel")
        if repo not in workspace | BUILTIN | {own}:
            problems.append("not declared by allot_repositories() under that name")
        if problems:
            failed += 1
            print("module: FAILED: @%s (used in %s): %s" %
                  (repo, ", ".join(sorted(set(where))), "; ".join(problems)))
        else:
            passed += 1
            print("module: ok: @%s" % repo)
    print("module: %d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
