# SPDX-License-Identifier: MIT
"""The knob table: alloc/knobs.bzl's KNOBS, the one table of allot's knobs, evaluated.

Its entries are calls of _choice, _count and _switch over literals (and MALLOC_LIBS from
toolchains/toolchains.bzl), which read the same in Python: the expression is evaluated
with those three defined here, and nothing else in reach. tools/allot-tune's --build and
tests/hosts/knob_table.py (which holds every other place a knob is written to it) read
it from here."""

import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", ".."))


def _expression(text, name, path):
    """The expression assigned to `name` at the top level of a .bzl file's text: from
    after "NAME = " to the brace that closes it at the start of a line."""
    start = text.find("\n%s = " % name)
    end = text.find("\n}\n", start)
    if start < 0 or end < 0:
        sys.exit("allot: %s has no top-level '%s = {...}'" % (path, name))
    return text[start + len(name) + 4:end + 2]


def _read(root, path):
    full = os.path.join(root, path)
    if not os.path.isfile(full):
        sys.exit("allot: the knobs are read from %s, which is missing: run this from an "
                 "allot checkout" % full)
    with open(full) as f:
        return f.read()


def _entry(kind, values, default, define, c_values=None, tuned=False):
    return {"kind": kind, "values": values, "default": default, "define": define,
            "c_values": c_values, "tuned": tuned}


def load_knobs(root=ROOT):
    """alloc/knobs.bzl's KNOBS: {knob: {"kind": "string"|"int"|"bool", "values",
    "default", "define", "c_values", "tuned"}}, in the table's order."""
    # The heap backends (a vendored copy without toolchains/ has only the C library's).
    libs = {}
    if os.path.isfile(os.path.join(root, "toolchains", "toolchains.bzl")):
        libs = eval(_expression(_read(root, "toolchains/toolchains.bzl"), "MALLOC_LIBS",
                                "toolchains/toolchains.bzl"), {"__builtins__": {}})
    scope = {
        "__builtins__": {"list": list, "True": True, "False": False, "None": None},
        "MALLOC_LIBS": libs,
        "_choice": lambda values, default, define, c_values=None, tuned=False: _entry(
            "string", values, default, define, c_values, tuned),
        "_count": lambda default, define: _entry("int", None, default, define),
        "_switch": lambda default, define: _entry("bool", None, default, define),
    }
    return eval(_expression(_read(root, "alloc/knobs.bzl"), "KNOBS", "alloc/knobs.bzl"), scope)


def load_c_only_knobs(root=ROOT):
    """alloc/knobs.bzl's C_ONLY_KNOBS (no Bazel flag), in load_knobs()'s form."""
    scope = {"__builtins__": {}, "_count": lambda default, define: _entry("int", None, default, define)}
    return eval(_expression(_read(root, "alloc/knobs.bzl"), "C_ONLY_KNOBS", "alloc/knobs.bzl"), scope)


def load_source_knobs(root=ROOT):
    """alloc/knobs.bzl's SOURCE_KNOBS: {source file of alloc/: [the knobs it reads]}."""
    return eval(_expression(_read(root, "alloc/knobs.bzl"), "SOURCE_KNOBS", "alloc/knobs.bzl"),
                {"__builtins__": {}})


def load_config(root=ROOT):
    """alloc/knobs.bzl's CONFIG: the form of allot_config(), each knob's value in braces."""
    found = re.search(r'^CONFIG = "([^"]*)"$', _read(root, "alloc/knobs.bzl"), re.M)
    if not found:
        sys.exit("allot: alloc/knobs.bzl has no top-level 'CONFIG = \"...\"'")
    return found.group(1)


def parse_config(text, config=None):
    """The knob values that an allot_config() string names, as strings ({} for a string
    not in CONFIG's form)."""
    pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^\\s:,]+)", re.escape(config or load_config()))
    found = re.fullmatch(pattern, text.strip())
    return found.groupdict() if found else {}


def c_value(spec, value):
    """What a knob's value defines its C macro to (None where it defines nothing), as
    alloc/knobs.bzl's knob_defines has it."""
    template = spec["define"].split("=", 1)[1]
    if spec["c_values"] is not None:
        c = spec["c_values"][value]
        return None if c is None else template.format(c)
    if spec["kind"] == "bool":
        return template.format("1" if value else "0")
    if spec["kind"] == "int":
        return template.format(value)
    return template.format(value.upper() if template.endswith("_{}") else value)


def c_flag(spec, value):
    """The -D flag of a knob's value ("" where the value defines nothing)."""
    c = c_value(spec, value)
    return "" if c is None else "-D%s=%s" % (spec["define"].split("=", 1)[0], c)


def knob_table():
    """The knobs --build templates can build: the strategies, the string knobs with a
    value per strategy. Not the heap backend (the host's own link line) nor the misuse
    checks (what a program does, not how it allocates)."""
    return {k: spec for k, spec in load_knobs().items()
            if spec["kind"] == "string" and k not in ("malloc", "checks")}


def make_names(table):
    """knob -> (its Make variable and define name, value -> its -D flag)."""
    return {knob: (spec["define"].split("=", 1)[0], lambda v, spec=spec: c_flag(spec, v))
            for knob, spec in table.items()}
