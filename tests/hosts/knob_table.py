#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""knob_table: every place a knob's values or default are written agrees with the one
table, alloc/knobs.bzl (KNOBS, and C_ONLY_KNOBS for the knobs without a Bazel flag):

  alloc/config.h      the comment table, each value's row in the knob table, the default
                      #define, and the #error that lists the values
  meson_options.txt   each option's choices and value
  CMakeLists.txt      each cache option's default (its values come from config.h)
  allot.mk            the values its comment lists (its values come from config.h)
  README.md           the knob table's values and default
  tools/allot-tune    the knobs its --build templates tune (it reads the table itself)
  alloc/*.c           SOURCE_KNOBS, the knobs each source reads, against the preprocessor:
                      with every compiler here (gcc, clang, musl-gcc, MinGW's gcc), with
                      and without NDEBUG, a sanitizer and Valgrind's requests, a knob left
                      out of a file's row must not change its preprocessed text, and each
                      knob in the row must change it somewhere

Prints a line per disagreement and "knob_table: N passed, M failed"; exits 1 on any.

    python3 tests/hosts/knob_table.py [ROOT]
"""

import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from allot_tune.knobs import (c_flag, c_value, knob_table, load_c_only_knobs, load_knobs,  # noqa: E402
                              load_source_knobs)

# Meson's option for each knob (Meson options are lower-case names of their own).
MESON = {"array": "array_strategy", "pool": "pool_strategy", "path_store": "path_store",
         "path_format": "path_format", "array_inline_max": "array_inline_max", "stats": "stats",
         "checks": "checks", "path_inline_size": "path_inline_size"}

passed, failed = 0, 0


def check(ok, where, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("knob_table: %s: %s" % (where, what))


def read(path):
    with open(os.path.join(ROOT, path)) as f:
        return f.read()


def c_name(spec):
    return spec["define"].split("=", 1)[0]


def c_values(spec):
    """A strategy knob's values as C spells them (ALLOT_POOL_ARENA), else None."""
    template = spec["define"].split("=", 1)[1]
    if spec["kind"] != "string" or not template.endswith("_{}") or spec["c_values"]:
        return None
    return [template.format(v.upper()) for v in spec["values"]]


def config_h(knobs):
    text = read("alloc/config.h")
    m = re.search(r"\n( \*   knob +values +)default\n(.*?)\n \*\n", text, re.S)
    column = len(m.group(1))  # where the default column starts
    rows, defaults = {}, {}  # the comment table's rows: values, and the default, lines joined
    for line in m.group(2).split("\n"):
        head = re.match(r" \*   (ALLOT_\w+) ", line)
        if head:
            name = head.group(1)
            rows[name], defaults[name] = "", ""
        for token in re.finditer(r"[^\s*]\S*", line[len(" *   ") + len(name):] if head else line):
            start = token.start() + (len(" *   ") + len(name) if head else 0)
            if start >= column:  # a word that starts in the default column
                defaults[name] += token.group()
            else:
                rows[name] += " " + token.group()
    numbered = dict(re.findall(r"^#define (ALLOT_\w+) +(\d\d)$", text, re.M))
    named = dict(re.findall(r'^#define ALLOT__VALUE_(\d\d) +\d+, "(\w+)"$', text, re.M))
    for knob, spec in knobs.items():
        name, where = c_name(spec), "alloc/config.h, " + c_name(spec)
        row = rows.get(name)
        check(row is not None, where, "no row in the comment table")
        default = c_value(spec, spec["default"])  # None: it follows NDEBUG
        if default is not None:
            check(re.search(r"^#define %s %s$" % (name, re.escape(default)), text, re.M),
                  where, "the default is not #define %s %s" % (name, default))
            check(defaults.get(name) == default, where,
                  "the comment table's default is not %s" % default)
        values = c_values(spec)
        if values is None:
            continue
        check(row is not None and all(v in row for v in values), where,
              "the comment table does not list %s" % ", ".join(values))
        decade = {numbered.get(v, "")[:1] for v in values}
        check(all(v in numbered for v in values) and len(decade) == 1, where,
              "the knob table lacks a number for one of %s" % ", ".join(values))
        if len(decade) == 1:
            first = decade.pop()
            rows_of_knob = sorted(n for n in numbered.values() if n[:1] == first)
            check([named.get(n) for n in rows_of_knob] == spec["values"], where,
                  "the knob table's ALLOT__VALUE rows name %s, not %s" % (
                      [named.get(n) for n in rows_of_knob], spec["values"]))
        check(re.search(r'#error \\?\s*"%s must be one of %s"' % (name, ", ".join(values)), text),
              where, "no #error listing %s" % ", ".join(values))


def meson(knobs):
    text = read("meson_options.txt")
    for knob, spec in knobs.items():
        if knob not in MESON:
            continue
        where = "meson_options.txt, " + MESON[knob]
        m = re.search(r"^option\('%s', (.*?)\)$" % MESON[knob], text, re.M | re.S)
        check(m, where, "no such option")
        if not m:
            continue
        option = m.group(1)
        if spec["kind"] == "string":
            choices = re.search(r"choices: \[([^\]]*)\]", option)
            check(choices and re.findall(r"'(\w+)'", choices.group(1)) == spec["values"], where,
                  "its choices are not %s" % spec["values"])
            check("value: '%s'" % spec["default"] in option, where, "its value is not '%s'" % spec["default"])
        elif spec["kind"] == "int":
            check("value: %d," % spec["default"] in option, where, "its value is not %d" % spec["default"])
        else:
            check("value: %s," % ("true" if spec["default"] else "false") in option, where,
                  "its value is not %s" % spec["default"])


def cmake(knobs):
    text = read("CMakeLists.txt")
    for knob, spec in knobs.items():
        name, where = c_name(spec), "CMakeLists.txt, " + c_name(spec)
        if knob == "malloc":
            continue  # the backend is the host's link line there
        if spec["kind"] == "bool":
            want = r"option\(%s .* %s\)" % (name, "ON" if spec["default"] else "OFF")
        elif spec["kind"] == "int":
            want = r"allot_count\(%s %d " % (name, spec["default"])
        elif spec["c_values"]:
            want = r"allot_choice\(%s %s .* %s\)" % (name, spec["default"], " ".join(spec["values"]))
        else:
            want = r"allot_strategy\(%s %s " % (name, spec["default"])
        check(re.search(want, text), where, "no option with the default %s" % spec["default"])


def allot_mk(knobs):
    text = read("allot.mk")
    for knob, spec in knobs.items():
        if c_values(spec) is None:
            continue
        name = c_name(spec)
        m = re.search(r"^#   %s +(.*?)  " % name, text, re.M)
        check(m and [v.strip() for v in m.group(1).split("|")] == spec["values"],
              "allot.mk, " + name, "its comment does not list %s" % " | ".join(spec["values"]))


def readme(knobs):
    text = read("README.md")
    flagged = load_knobs(ROOT)  # the knobs with a Bazel flag
    for knob, spec in knobs.items():
        name, where = c_name(spec), "README.md, " + c_name(spec)
        m = re.search(r"^\| `%s` \| ([^|]*) \| ([^|]*) \| ([^|]*) \|$" % name, text, re.M)
        check(m, where, "no row in the knob table")
        if not m:
            continue
        flag, values, default = m.groups()
        check(flag == ("(C only)" if knob not in flagged else "`--//alloc:%s`" % knob),
              where, "the flag column is not --//alloc:%s" % knob)
        if spec["kind"] == "string" and not spec["c_values"]:
            check(values.startswith(", ".join("`%s`" % v for v in spec["values"])), where,
                  "the values are not %s" % ", ".join(spec["values"]))
            check(default == "`%s`" % spec["default"], where, "the default is not %s" % spec["default"])
        elif spec["kind"] == "int":
            check(default == "`%d`" % spec["default"], where, "the default is not %d" % spec["default"])
        elif spec["kind"] == "bool":
            check(default == ("on" if spec["default"] else "off"), where,
                  "the default is not %s" % ("on" if spec["default"] else "off"))


def tuner(knobs):
    strategies = [k for k, s in knobs.items() if s["tuned"] and k != "malloc"]
    check(list(knob_table()) == strategies, "tools/allot-tune",
          "its --build knobs are %s, not the strategies %s" % (list(knob_table()), strategies))


# The preprocessors SOURCE_KNOBS is held to: a compiler (those here) and its flags.
PREPROCESSORS = [
    ("gcc", ()), ("gcc", ("-DNDEBUG",)), ("gcc", ("-DALLOT_VALGRIND=1",)),
    ("clang", ()), ("clang", ("-fsanitize=address",)), ("clang", ("-fsanitize=thread",)),
    ("musl-gcc", ()),
    ("x86_64-w64-mingw32-gcc", ()), ("x86_64-w64-mingw32-gcc", ("-D__USE_MINGW_ANSI_STDIO=0",)),
]


def other_values(spec):
    """The values of a knob other than its default, each as its -D flag."""
    if spec["kind"] == "bool":
        values = [not spec["default"]]
    elif spec["kind"] == "int":
        values = [spec["default"] + 1]
    else:
        values = [v for v in spec["values"] if v != spec["default"]]
    return [c_flag(spec, v) for v in values if c_flag(spec, v) != c_flag(spec, spec["default"])]


def sources(knobs):
    table = load_source_knobs(ROOT)
    found = sorted(f for f in os.listdir(os.path.join(ROOT, "alloc")) if f.endswith(".c"))
    check(sorted(table) == found, "alloc/knobs.bzl, SOURCE_KNOBS",
          "its files are %s, alloc/ has %s" % (sorted(table), found))
    preprocessors = [(cc, flags) for cc, flags in PREPROCESSORS if shutil.which(cc)]
    jobs = [(src, cc, flags, knob, flag) for src in table for cc, flags in preprocessors
            for knob in [None] + list(knobs) for flag in ([""] if knob is None else other_values(knobs[knob]))]

    def text(job):
        src, cc, flags, _, flag = job
        run = subprocess.run([cc, "-E", "-P", "-I", ROOT] + list(flags) + ([flag] if flag else []) +
                             [os.path.join(ROOT, "alloc", src)], capture_output=True, text=True)
        return run.stdout if run.returncode == 0 else "error: " + run.stderr

    with ThreadPoolExecutor(os.cpu_count()) as pool:
        texts = dict(zip(jobs, pool.map(text, jobs)))
    for src, reads in table.items():
        for knob in knobs:
            changes = [" ".join((cc,) + flags + (flag,)) for (s, cc, flags, k, flag), t in texts.items()
                       if s == src and k == knob and t != texts[(src, cc, flags, None, "")]]
            if knob in reads:
                check(changes, "alloc/knobs.bzl, SOURCE_KNOBS[%s]" % src,
                      "lists %s, which changes nothing in its preprocessed text" % knob)
            else:
                check(not changes, "alloc/knobs.bzl, SOURCE_KNOBS[%s]" % src,
                      "leaves out %s, which changes its preprocessed text (%s)" % (knob, ", ".join(changes[:2])))


def main():
    knobs = dict(load_knobs(ROOT), **load_c_only_knobs(ROOT))
    for part in (config_h, meson, cmake, allot_mk, readme):
        part(knobs)
    tuner(load_knobs(ROOT))
    sources(load_knobs(ROOT))
    print("knob_table: %d passed, %d failed (alloc/knobs.bzl against config.h, Meson, CMake, "
          "allot.mk, README.md, the tuner and the preprocessor)" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
