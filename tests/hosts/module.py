#!/usr/bin/env python3
"""MODULE.bazel declares every external repository that allot's BUILD files use.

MODULE.bazel is Starlark, which Python's ast reads: the repositories it makes visible are
its bazel_deps (by repo_name, else name), the repositories of its use_repo calls, and
the module itself. Every @repo// in a BUILD file, .BUILD file or .bzl file of allot must
be one of them or Bazel's own (bazel_tools), and must also be declared, under the same
name, by allot_repositories() for WORKSPACE builds (toolchains/repositories.bzl).

    tests/hosts/module.py            prints "module: N passed, M failed"
"""
import ast
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILTIN = {"bazel_tools"}  # Bazel's own, under WORKSPACE and bzlmod alike


def module_repos(text):
    """The repository names MODULE.bazel makes visible, and the module's own name."""
    repos, name = set(), None
    for node in ast.walk(ast.parse(text)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        kwargs = {k.arg: k.value.value for k in node.keywords
                  if isinstance(k.value, ast.Constant)}
        if node.func.id == "module":
            name = kwargs["name"]
        elif node.func.id == "bazel_dep":
            repos.add(kwargs.get("repo_name", kwargs["name"]))
        elif node.func.id == "use_repo":
            repos.update(a.value for a in node.args[1:] if isinstance(a, ast.Constant))
            repos.update(kwargs)
    return repos, name


def used_repos():
    """{repo: [file, ...]} for every @repo// label in allot's build files."""
    used = {}
    files = [p for p in ROOT.rglob("*")
             if p.is_file() and not any(part.startswith(("bazel-", ".")) for part in p.parts)
             and (p.name in ("BUILD", "BUILD.bazel") or p.suffix in (".bzl", ".BUILD"))]
    for path in files:
        for repo in re.findall(r'"@([A-Za-z0-9_.-]+)//', path.read_text()):
            used.setdefault(repo, []).append(str(path.relative_to(ROOT)))
    return used


def workspace_repos():
    text = (ROOT / "toolchains" / "repositories.bzl").read_text()
    return set(re.findall(r'name = "([A-Za-z0-9_.-]+)"', text))


def main():
    declared, own = module_repos((ROOT / "MODULE.bazel").read_text())
    workspace = workspace_repos()
    passed = failed = 0
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
