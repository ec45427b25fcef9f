# SPDX-License-Identifier: MIT
"""The knob table, read from alloc/knobs.bzl in the same checkout."""

import os
import re
import sys

CHOICE = re.compile(r'^\s*"(\w+)": _choice\(\s*\[([^\]]*)\],\s*"(\w+)",\s*"([^"]+)"(.*)$')


def knob_table():
    """The string knobs of alloc/knobs.bzl (beside this script, as a checkout has it):
    {knob: {"values", "default", "define", "tuned"}}."""
    path = os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "alloc", "knobs.bzl")
    if not os.path.isfile(path):
        sys.exit("allot-tune: --build reads the knobs from %s, which is missing: run the "
                 "allot-tune of an allot checkout" % os.path.normpath(path))
    table = {}
    with open(path) as f:
        for line in f:
            m = CHOICE.match(line)
            if m:
                table[m.group(1)] = {
                    "values": re.findall(r'"(\w+)"', m.group(2)), "default": m.group(3),
                    "define": m.group(4), "tuned": "tuned = True" in m.group(5)}
    return table


def make_names(table):
    """knob -> (its Make variable and define name, value -> its -D flag)."""
    out = {}
    for knob, spec in table.items():
        name, value = spec["define"].split("=", 1)
        out[knob] = (name, lambda v, name=name, value=value: "-D%s=%s" % (
            name, value.format(v.upper() if value.endswith("_{}") else v)))
    return out
