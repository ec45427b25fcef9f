# SPDX-License-Identifier: MIT
"""Unit tests of tools/allot_tune: the sign test, the decision rules (wins, default, tie,
the memory limit), the knob table, --write's merging and the goals. Run: python3 -m unittest allot_tune_test (in
tools/), or ./bazelw test //tools:allot_tune_test."""

import contextlib
import io
import os
import tempfile
import types
import unittest

from allot_tune.deciding import Decider, sign_test_p
from allot_tune.knobs import c_flag, knob_table, load_knobs, parse_config
from allot_tune.pinning import write_pins
from allot_tune.reporting import check_goal, goal_verdict, parse_goals

KNOBS = {"pool": {"values": ["arena", "malloc"], "default": "arena"},
         "array": {"values": ["alloca", "heap"], "default": "alloca"}}


def samples(figure, rounds=6):
    """{combination key: [figure(combination, round) for each round]} over KNOBS."""
    out = {}
    for pool in KNOBS["pool"]["values"]:
        for array in KNOBS["array"]["values"]:
            combination = {"pool": pool, "array": array}
            out[tuple(sorted(combination.items()))] = [figure(combination, r) for r in range(rounds)]
    return out


def verdict(decision, knob):
    return next(v for v in decision["knobs"] if v["knob"] == knob)


class SignTest(unittest.TestCase):
    def test_exact_tail_probabilities(self):
        self.assertEqual(sign_test_p(5, 5), 1 / 32)
        self.assertEqual(sign_test_p(0, 7), 1.0)
        self.assertEqual(sign_test_p(3, 4), 5 / 16)  # 3 or 4 of 4: (4 + 1) / 16
        self.assertEqual(sign_test_p(6, 12), sum(__import__("math").comb(12, k) for k in range(6, 13)) / 4096)


class Decisions(unittest.TestCase):
    def test_a_value_faster_in_every_pair_wins(self):
        # malloc is 20% faster than arena in every round; array makes no difference
        def figure(c, r):
            return (80 if c["pool"] == "malloc" else 100) + r % 2
        d = Decider(KNOBS, samples(figure), "time", 0.95, 0.01).decide()
        self.assertEqual(verdict(d, "pool")["verdict"], "wins")
        self.assertEqual(d["chosen"]["pool"], "malloc")
        self.assertAlmostEqual(verdict(d, "pool")["ratio"], 0.8, places=1)
        self.assertGreater(verdict(d, "pool")["confidence"], 0.999)

    def test_the_default_faster_in_every_pair_is_the_default(self):
        def figure(c, r):
            return 130 if c["pool"] == "malloc" else 100
        d = Decider(KNOBS, samples(figure), "time", 0.95, 0.01).decide()
        v = verdict(d, "pool")
        self.assertEqual((v["verdict"], v["value"], v["against"]), ("default", "arena", "malloc"))
        self.assertAlmostEqual(v["ratio"], 1.3)

    def test_a_gain_below_min_gain_is_a_tie(self):
        # heap arrays 0.5% faster in every pair: sure, but under the 1% gain a win needs
        def figure(c, r):
            return 199 if c["array"] == "heap" else 200
        d = Decider(KNOBS, samples(figure), "time", 0.95, 0.01).decide()
        v = verdict(d, "array")
        self.assertEqual((v["verdict"], v["value"]), ("tie", "alloca"))
        self.assertEqual(v["faster"], "it")

    def test_a_gain_the_rounds_do_not_show_surely_is_a_tie(self):
        # heap 10% faster in 4 pairs of 12, slower in the rest: no win, no default
        def figure(c, r):
            if c["array"] != "heap":
                return 100
            return 90 if r < 2 else 105
        d = Decider(KNOBS, samples(figure), "time", 0.95, 0.01).decide()
        self.assertEqual(verdict(d, "array")["verdict"], "tie")
        self.assertEqual(d["chosen"], {"pool": "arena", "array": "alloca"})

    def test_the_same_figure_in_every_pair_is_a_tie_that_says_so(self):
        d = Decider(KNOBS, samples(lambda c, r: 100 + r), "memory", 0.95, 0.01).decide()
        v = verdict(d, "array")
        self.assertEqual((v["verdict"], v["same"]), ("tie", True))

    def test_too_few_rounds_is_a_tie_however_large_the_gain(self):
        # 2 rounds x 2 combinations = 4 pairs: at best 1/16 > 0.025 (0.05 over two values)
        def figure(c, r):
            return 50 if c["pool"] == "malloc" else 100
        d = Decider(KNOBS, samples(figure, rounds=2), "time", 0.95, 0.01).decide()
        self.assertEqual(verdict(d, "pool")["verdict"], "tie")

    def test_instructions_are_exact_the_gain_alone_decides(self):
        def figure(c, r):
            return 98 if c["array"] == "heap" else 100
        d = Decider(KNOBS, samples(figure, rounds=1), "instructions", 0.95, 0.01).decide()
        v = verdict(d, "array")
        self.assertEqual((v["verdict"], v["value"], v["confidence"]), ("wins", "heap", None))

    def test_the_memory_limit_skips_a_win_that_goes_over_it(self):
        # both knobs win on time; malloc pools take 3x the memory, heap arrays 1.1x
        def time(c, r):
            return 100 * (0.5 if c["pool"] == "malloc" else 1) * (0.9 if c["array"] == "heap" else 1)

        def memory(c, r):
            return 1000 * (3 if c["pool"] == "malloc" else 1) * (1.1 if c["array"] == "heap" else 1)
        free = Decider(KNOBS, samples(time), "time", 0.95, 0.01, samples(memory)).decide()
        self.assertEqual(free["chosen"], {"pool": "malloc", "array": "heap"})
        self.assertAlmostEqual(verdict(free, "pool")["memory_ratio"], 3)
        self.assertAlmostEqual(free["memory"]["peak_kib"] / free["memory"]["default_kib"], 3.3)
        limited = Decider(KNOBS, samples(time), "time", 0.95, 0.01, samples(memory), 1.5).decide()
        self.assertEqual(limited["chosen"], {"pool": "arena", "array": "heap"})
        pool = verdict(limited, "pool")
        self.assertEqual((pool["verdict"], pool["value"], pool["against"]), ("memory", "arena", "malloc"))
        self.assertAlmostEqual(pool["over"], 3)
        self.assertEqual(verdict(limited, "array")["verdict"], "wins")

    def test_deciding_on_memory(self):
        def memory(c, r):
            return (1000 if c["pool"] == "malloc" else 1500) + r
        d = Decider(KNOBS, samples(memory), "memory", 0.95, 0.01, samples(memory)).decide()
        self.assertEqual(verdict(d, "pool")["verdict"], "wins")
        self.assertEqual(d["chosen"]["pool"], "malloc")


class Knobs(unittest.TestCase):
    def test_every_entry_of_the_table_is_read(self):
        # entries over several lines (checks) and with computed values (malloc) included
        knobs = load_knobs()
        self.assertEqual(knobs["checks"]["values"], ["auto", "on", "off"])
        self.assertEqual(knobs["malloc"]["values"][0], "system")
        self.assertEqual(knobs["array_inline_max"]["kind"], "int")
        self.assertEqual(list(knob_table()), ["array", "pool", "path_store", "path_format"])

    def test_c_flags(self):
        knobs = load_knobs()
        self.assertEqual(c_flag(knobs["pool"], "arena"), "-DALLOT_POOL_STRATEGY=ALLOT_POOL_ARENA")
        self.assertEqual(c_flag(knobs["checks"], "off"), "-DALLOT_CHECKS=0")
        self.assertEqual(c_flag(knobs["checks"], "auto"), "")

    def test_a_configuration_string_names_every_knob_in_it(self):
        config = parse_config("array=inline:8 pool=malloc path=inline,libc malloc=jemalloc stats=on")
        self.assertEqual(config, {"array": "inline", "array_inline_max": "8", "pool": "malloc",
                                  "path_store": "inline", "path_format": "libc",
                                  "malloc": "jemalloc", "stats": "on"})
        self.assertEqual(set(config) - set(load_knobs()), set())
        self.assertEqual(parse_config("array=inline pool=malloc"), {})  # not the form


class Pins(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.rc = os.path.join(self.dir, "user.bazelrc")

    def tearDown(self):
        for name in os.listdir(self.dir):
            os.remove(os.path.join(self.dir, name))
        os.rmdir(self.dir)

    def write(self, toolchain, chosen, backends=None):
        opts = types.SimpleNamespace(target="//x:tune", toolchain=toolchain, write=self.rc,
                                     flag_prefix="//alloc:", backends=backends or {})
        decision = {"chosen": chosen, "metric": "time"}
        with contextlib.redirect_stdout(io.StringIO()):
            write_pins(opts, decision, None)
        with open(self.rc) as f:
            return f.read().splitlines()

    def test_merging_keeps_other_lines_and_replaces_its_own(self):
        with open(self.rc, "w") as f:
            f.write("# mine\nbuild --copt=-O2\nbuild:musl --//alloc:pool=malloc\n")
        self.write("glibc", {"pool": "arena"})
        lines = self.write("glibc", {"pool": "malloc", "array": "heap"})
        self.assertIn("# mine", lines)
        self.assertIn("build --copt=-O2", lines)
        self.assertIn("build:musl --//alloc:pool=malloc", lines)
        self.assertIn("build --//alloc:pool=malloc --//alloc:array=heap", lines)
        self.assertNotIn("build --//alloc:pool=arena", lines)
        self.assertEqual(sum(1 for l in lines if l.startswith("# allot-tune")), 1)

    def test_a_cross_toolchain_gets_a_backend_it_links(self):
        with open(self.rc, "w") as f:
            f.write("build:musl --//alloc:pool=malloc\n")
        lines = self.write("glibc", {"malloc": "mimalloc"},
                           {"musl": ["system"], "mingw": ["system"]})
        self.assertIn("build --//alloc:malloc=mimalloc", lines)
        self.assertIn("build:musl --//alloc:pool=malloc --//alloc:malloc=system", lines)
        self.assertIn("build:mingw --//alloc:malloc=system", lines)


class Goals(unittest.TestCase):
    # A workload's ways: its builds (with strategies) and the limit beside them.
    WAYS = [{"name": "array=heap pool=arena", "strategies": {"array": "heap"}, "figure": 130.0},
            {"name": "array=alloca pool=arena", "strategies": {"array": "alloca"}, "figure": 120.0},
            {"name": "limit", "strategies": {}, "figure": 100.0}]

    def outcome(self, text):
        goal = parse_goals([text])[0]
        return check_goal(goal, {"tree_diff": {"ways": self.WAYS}}, [("time", "figure")])["time"]

    def test_allot_is_the_best_build_against_a_named_way(self):
        o = self.outcome("tree_diff: allot <= 1.25 x limit")
        self.assertEqual((o["a"], o["b"]), ("array=alloca pool=arena", "limit"))
        self.assertAlmostEqual(o["ratio"], 1.2)
        self.assertTrue(o["holds"])
        self.assertFalse(self.outcome("tree_diff: allot <= 1.1 x limit")["holds"])

    def test_peers_are_the_ways_that_are_not_allots(self):
        o = self.outcome("tree_diff: allot <= 1.25 x peers")
        self.assertEqual(o["b"], "limit")

    def verdict(self, text, a, b, a_runs=None, b_runs=None, a_entries=1, rounds=None):
        ways = [{"name": "allot/x", "strategies": {}, "figure": a, "runs_ns": a_runs or [],
                 "entries": a_entries},
                {"name": "peer", "strategies": {}, "figure": b, "runs_ns": b_runs or [],
                 "entries": 1}]
        goal = parse_goals([text])[0]
        rounds = rounds or len(b_runs or [])
        o = check_goal(goal, {"p": {"ways": ways, "rounds": rounds}}, [("time", "figure")])["time"]
        return o, goal_verdict(o)

    def test_a_ratio_is_shown_on_its_side_of_the_goal(self):
        # 1.004 rounds to 1.00, which would seem to hold: a third decimal shows the miss.
        self.assertEqual(self.verdict("p: allot <= 1.0 x peer", 100.4, 100)[1],
                         ("1.004x", "MISSES"))
        self.assertEqual(self.verdict("p: allot <= 1.2 x peer", 120.04, 100)[1],
                         ("1.2004x", "MISSES"))
        # 0.996 rounds to 1.00, which holds as 0.996 does: two decimals.
        self.assertEqual(self.verdict("p: allot <= 1.0 x peer", 99.6, 100)[1], ("1.00x", "holds"))
        self.assertEqual(self.verdict("p: allot <= 1.25 x peer", 130, 100)[1], ("1.30x", "MISSES"))

    def test_a_time_goal_counts_the_rounds_over_it(self):
        # Per entry, round by round: 1.1, 0.9, 1.2, 1.0 (the goal: not over).
        o, (_, verdict) = self.verdict("p: allot <= 1.0 x peer", 105, 100,
                                       [220, 180, 240, 200], [100, 100, 100, 100], a_entries=2)
        self.assertEqual((o["rounds_over"], o["rounds"]), (2, 4))
        self.assertEqual(verdict, "MISSES, over in 2 of 4 rounds")
        # A way two programs run has two runs a round: their median is its round's time.
        o, (_, verdict) = self.verdict("p: allot <= 1.0 x peer", 99, 100,
                                       [90, 130, 98, 100, 50, 60], [100, 100, 100])
        self.assertEqual((o["rounds_over"], o["rounds"]), (1, 3))
        self.assertEqual(verdict, "holds, over in 1 of 3 rounds")
        # Both ways run by two programs: still 2 rounds, each the median of its two runs
        # (1.1 and 0.99: their median misses).
        o, (ratio, verdict) = self.verdict("p: allot <= 1.0 x peer", 99, 100, [90, 130, 98, 100],
                                           [100, 100, 100, 100], rounds=2)
        self.assertEqual((o["rounds_over"], o["rounds"]), (1, 2))
        self.assertEqual((ratio, verdict), ("1.04x", "MISSES, over in 1 of 2 rounds"))
        # The ratio is the median of the rounds' ratios (0.99, 0.9, 1.33), not the ratio
        # of the ways' medians (180 / 150): a slow spell falls on both ways of a round.
        o, (ratio, verdict) = self.verdict("p: allot <= 1.0 x peer", 180, 150, [99, 180, 200],
                                           [100, 200, 150])
        self.assertEqual((ratio, verdict), ("0.99x", "holds, over in 1 of 3 rounds"))
        # Runs that do not split into rounds are not counted.
        o, (_, verdict) = self.verdict("p: allot <= 1.0 x peer", 95, 100, [95, 96, 97], [100, 100])
        self.assertNotIn("rounds", o)
        self.assertEqual(verdict, "holds")

    def test_a_goal_given_again_for_the_same_ways_replaces_it(self):
        goals = parse_goals(["tree_diff: allot <= 1.25 x limit", "p: a <= 1.0 x b",
                             "tree_diff: allot <= 1.35 x limit"])
        self.assertEqual([g["text"] for g in goals],
                         ["tree_diff: allot <= 1.35 x limit", "p: a <= 1.0 x b"])


if __name__ == "__main__":
    unittest.main()
