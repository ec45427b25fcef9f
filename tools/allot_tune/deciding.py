# SPDX-License-Identifier: MIT
"""Deciding: each knob's value against its default, by a sign test over pairs of builds."""

import math
import statistics

def sign_test_p(wins, n):
    """One-sided p-value of a sign test: the chance of `wins` or more of n fair coin
    flips. Exact."""
    return sum(math.comb(n, k) for k in range(wins, n + 1)) / 2 ** n


class Decider:
    """The decision over the combinations of the tuned knobs.

    A knob's value v is judged against the knob's default in every pair of combinations
    that differ in that knob alone, round by round (the rounds are interleaved, so a
    round's runs share the machine's state): its gain is the median of the pairs' ratios
    (a round that the machine spoiled moves it little); its confidence, that of a
    one-sided sign test over the pairs. Judging a value over every other knob's values
    gives many pairs, and judging each knob once (rather than the best of many
    combinations) keeps luck from choosing. The confidence needed is split over the
    values judged (Bonferroni).

    Memory is judged the same way, from each run's peak resident memory: its ratio is
    shown beside every verdict. With max_memory, no combination is chosen whose peak
    exceeds max_memory times the defaults': the knobs whose values win are taken in the
    order of their gains, each with its best winning value that keeps the combination
    under the limit; a knob none of whose winning values does keeps its default."""

    def __init__(self, knobs, samples, metric, confidence, min_gain, memory=None, max_memory=None):
        self.knobs = knobs  # knob -> {"values": [...], "default": ...}
        self.samples = samples  # tuple(sorted(combination.items())) -> [figures by round]
        self.memory = memory or {}  # the same keys -> [peak KiB by round]
        self.metric, self.confidence, self.min_gain = metric, confidence, min_gain
        self.max_memory = max_memory
        self.default = {k: (s["default"] if s["default"] in s["values"] else s["values"][0])
                        for k, s in knobs.items()}
        judged = sum(len(s["values"]) - 1 for s in knobs.values())
        self.alpha = (1 - confidence) / max(1, judged)

    def figures(self, combination, samples=None):
        return (self.samples if samples is None else samples)[tuple(sorted(combination.items()))]

    def ratios(self, knob, value, against, samples):
        """The logs of the ratios value / against over every pair of combinations that
        differ in knob alone, round by round."""
        logs = []
        for key, figures in samples.items():
            combination = dict(key)
            if combination[knob] != against:
                continue
            rival = self.figures(dict(combination, **{knob: value}), samples)
            logs += [math.log(x / y) for x, y in zip(rival, figures) if x and y]
        return logs

    def judge(self, knob, value, against):
        """value against `against` for knob: (ratio, confidence or None when exact, wins)."""
        logs = self.ratios(knob, value, against, self.samples)
        ratio = math.exp(statistics.median(logs))
        gains = ratio <= 1 - self.min_gain
        if self.metric == "instructions":
            return ratio, None, gains
        p = sign_test_p(sum(1 for x in logs if x < 0), len(logs))
        return ratio, 1 - p, gains and p <= self.alpha

    def memory_ratio(self, knob, value, against):
        """The median ratio of value's peak memory to against's, or None if unmeasured."""
        logs = self.ratios(knob, value, against, self.memory) if self.memory else []
        return math.exp(statistics.median(logs)) if logs else None

    def peak(self, combination):
        """A combination's peak resident memory in KiB: the median of its runs'."""
        return statistics.median(self.figures(combination, self.memory))

    def decide(self):
        verdicts, wins_of = {}, {}
        for k, spec in self.knobs.items():
            others = [(self.judge(k, v, self.default[k]), v) for v in spec["values"]
                      if v != self.default[k]]
            wins = sorted(o for o in others if o[0][2])
            if wins:
                wins_of[k] = wins
                (ratio, conf, _), v = wins[0]
                verdicts[k] = {"knob": k, "value": v, "verdict": "wins",
                               "against": self.default[k], "ratio": ratio, "confidence": conf}
            elif not others:
                verdicts[k] = {"knob": k, "value": self.default[k], "verdict": "only value",
                               "against": None, "ratio": None, "confidence": None}
            else:
                beaten = [(self.judge(k, self.default[k], v), v) for _, v in others]
                if all(b[0][2] for b in beaten):  # the default beats every other value
                    (ratio, conf, _), v = max(beaten)
                    verdicts[k] = {"knob": k, "value": self.default[k], "verdict": "default",
                                   "against": v, "ratio": 1 / ratio, "confidence": conf}
                else:  # the rival nearest to winning, and how sure the faster of the two is
                    (ratio, conf, _), v = min(others)
                    faster = "it"
                    if ratio >= 1 and conf is not None:
                        conf, faster = dict((b[1], b[0][1]) for b in beaten)[v], "the default"
                    same = not any(self.ratios(k, v, self.default[k], self.samples))
                    verdicts[k] = {"knob": k, "value": self.default[k], "verdict": "tie",
                                   "against": v, "ratio": ratio, "confidence": conf,
                                   "faster": faster, "same": same}
        chosen = {k: v["value"] for k, v in verdicts.items()}
        limit = None
        if self.max_memory is not None:
            limit = self.max_memory * self.peak(self.default)
            chosen = dict(self.default)
            for k in sorted(wins_of, key=lambda k: wins_of[k][0][0][0]):  # largest gain first
                fits = [w for w in wins_of[k] if self.peak(dict(chosen, **{k: w[1]})) <= limit]
                if fits:
                    (ratio, conf, _), v = fits[0]
                    chosen[k] = v
                    verdicts[k].update(value=v, ratio=ratio, confidence=conf)
                else:
                    (ratio, conf, _), v = wins_of[k][0]
                    verdicts[k].update(value=self.default[k], verdict="memory", against=v,
                                       over=self.peak(dict(chosen, **{k: v})) / self.peak(self.default))
        for v in verdicts.values():
            # the memory of the value the verdict compares with the default, as value/default
            rival = v["against"] if v["value"] == self.default[v["knob"]] else v["value"]
            v["memory_ratio"] = None if rival is None else \
                self.memory_ratio(v["knob"], rival, self.default[v["knob"]])
        a, b = self.figures(chosen), self.figures(self.default)
        ratio = statistics.median(x / y for x, y in zip(a, b))
        conf = None if self.metric == "instructions" else \
            1 - sign_test_p(sum(1 for x, y in zip(a, b) if x < y), len(a))
        memory = None
        if self.memory:
            memory = {"peak_kib": self.peak(chosen), "default_kib": self.peak(self.default)}
        return {"metric": self.metric, "confidence_required": self.confidence,
                "confidence_each": 1 - self.alpha,
                "min_gain": self.min_gain, "chosen": chosen, "default": self.default,
                "max_memory": self.max_memory, "memory": memory,
                "vs_default": {"ratio": ratio, "confidence": conf},
                "knobs": [verdicts[k] for k in self.knobs]}
