#!/usr/bin/env python3
"""Writes the paired-difference recording rules and the anytime-valid alerts
(deploy/prometheus/rules/segmon-paired.rules.yml and segmon-anytime.rules.yml) from the
measures' definitions, so that the long PromQL is derived, not typed (docs/intervals.md).

Every measure is offset + sum_j c_j N_j / D_j with N_j, D_j linear in the per-utterance
components. With R_j = N_j / D_j, the linearised variance (docs/intervals.md, "One
linearisation for every measure") is

    Q = sum_j sum_k c_j c_k (NN_jk - R_k ND_jk - R_j DN_jk + R_j R_k DD_jk) / (D_j D_k)

where XY_jk = sum_i x_ji y_ki are sums of per-utterance products: the second-moment counters.
The same Q is what dev.segmon.model.interval.Linearisation computes as g' C g.

Usage: python3 docs/tools/gen_interval_rules.py   (from the repository root)
"""
import math

Z95 = 1.959963984540054          # two-sided 95 % normal quantile (R: qnorm(0.975))
DAY_STARTS = 3600                # (24 h + 6 h) / 30 s window starts a day can see
ALPHA = 0.01                     # nominal false alarms per day
LN_INV_ALPHA = math.log(DAY_STARTS / ALPHA)   # log(1/alpha'), alpha' = alpha / DAY_STARTS
TARGET_V = 50.0                  # intrinsic time the boundary is tuned for (docs/intervals.md)
RHO2 = (2 * LN_INV_ALPHA + math.log(1 + 2 * LN_INV_ALPHA)) / TARGET_V
MARGIN = 0.01
ANYTIME_RANGES = ["1h", "6h"]

PAIRED = ["hc", "yc", "hb", "yb", "r"]
PAIRED_BY = "candidate, baseline, tier"
SINGLE = {"h": "hits", "y": "hypothesis_boundaries", "r": "reference_boundaries"}
SINGLE_SQ = {("h", "h"): "hits_squared", ("y", "y"): "hypothesis_squared", ("r", "r"): "reference_squared",
             ("h", "y"): "hits_hypothesis", ("h", "r"): "hits_reference", ("y", "r"): "hypothesis_reference"}
SINGLE_ORDER = ["h", "y", "r"]


class Source:
    """How sums and products of components read as PromQL over one range."""

    def __init__(self, kind, rng):
        self.kind, self.rng = kind, rng

    def by(self):
        return PAIRED_BY if self.kind == "paired" else "model, tier"

    def counter(self, name):
        return f"sum by ({self.by()}) (increase({name}[{self.rng}]))"

    def m(self):
        return self.counter("segmon_paired_utterances_total" if self.kind == "paired"
                            else "segmon_scored_utterances_total")

    def first(self, c):
        if self.kind == "paired":
            return self.counter(f"segmon_paired_{c}_total")
        return self.counter(f"segmon_utterance_{SINGLE[c]}_total")

    def second(self, a, b):
        order = PAIRED if self.kind == "paired" else SINGLE_ORDER
        a, b = sorted((a, b), key=order.index)
        if self.kind == "paired":
            return self.counter(f"segmon_paired_{a}_{b}_total")
        return self.counter(f"segmon_utterance_{SINGLE_SQ[(a, b)]}_total")


def num(x):
    return repr(float(x)) if x != int(x) else str(int(x))


def lin(form, src):
    """A linear form {component: coefficient} of first-moment counters."""
    parts = []
    for c, k in form.items():
        t = src.first(c)
        parts.append(t if k == 1 else f"{num(k)} * {t}")
    return "(" + " + ".join(parts) + ")" if len(parts) > 1 else parts[0]


def quad(f, g, src):
    """sum_i f(x_i) g(x_i) for linear forms f, g, from the second-moment counters."""
    acc = {}
    order = PAIRED if src.kind == "paired" else SINGLE_ORDER
    for a, ka in f.items():
        for b, kb in g.items():
            key = tuple(sorted((a, b), key=order.index))
            acc[key] = acc.get(key, 0) + ka * kb
    parts = []
    for (a, b), k in acc.items():
        if k == 0:
            continue
        t = src.second(a, b)
        parts.append(t if k == 1 else f"{num(k)} * {t}")
    return "(" + " + ".join(parts) + ")"


def ratio(term, src):
    _, n, d = term
    return f"({lin(n, src)} / ({lin(d, src)} > 0))"


def value(stat, src):
    offset, terms = stat
    parts = []
    for c, n, d in terms:
        r = ratio((c, n, d), src)
        parts.append(r if c == 1 else f"{num(c)} * {r}")
    out = " + ".join(parts)
    return out + (f" - {num(-offset)}" if offset < 0 else "")


def squares(stat, src):
    """Q, the linearised variance (without m/(m-1)), as PromQL."""
    _, terms = stat
    parts = []
    for j, (cj, nj, dj) in enumerate(terms):
        for k, (ck, nk, dk) in enumerate(terms):
            rj, rk = ratio(terms[j], src), ratio(terms[k], src)
            cov = (f"({quad(nj, nk, src)} - {rk} * {quad(nj, dk, src)} - {rj} * {quad(dj, nk, src)}"
                   f" + {rj} * {rk} * {quad(dj, dk, src)})")
            parts.append(f"{num(cj * ck)} * {cov} / ({lin(dj, src)} * {lin(dk, src)})")
    return "(" + " + ".join(parts) + ")"


def se(stat, src):
    m = src.m()
    return f"sqrt(clamp_min({m} / ({m} - 1 > 0.5) * {squares(stat, src)}, 0))"


def half_width(stat, src):
    """The confidence-sequence half-width with V = m^2 Q (ConfidenceSequence.halfWidth)."""
    m, q = src.m(), f"clamp_min({squares(stat, src)}, 0)"
    return (f"sqrt(2 * ({q} + 1 / ({m} ^ 2 * {num(RHO2)})) * (0.5 * ln({m} ^ 2 * {q} * {num(RHO2)} + 1)"
            f" + {num(LN_INV_ALPHA)}))")


def t(c, n, d):
    return (c, n, d)


PAIRED_MEASURES = {
    "precision": (0, [t(1, {"hc": 1}, {"yc": 1}), t(-1, {"hb": 1}, {"yb": 1})]),
    "recall": (0, [t(1, {"hc": 1, "hb": -1}, {"r": 1})]),
    "f1": (0, [t(1, {"hc": 2}, {"yc": 1, "r": 1}), t(-1, {"hb": 2}, {"yb": 1, "r": 1})]),
    "over_segmentation": (0, [t(1, {"yc": 1, "yb": -1}, {"r": 1})]),
}
SINGLE_F1 = (0, [t(1, {"h": 2}, {"y": 1, "r": 1})])


def paired_rules():
    out = ["# GENERATED by docs/tools/gen_interval_rules.py: candidate minus baseline on the same",
           "# utterances (docs/intervals.md, \"Paired comparison\"), from the segmon_paired_* counters.",
           "# segmon:paired_<measure>_difference:<range> is the difference D; _lower/_upper is the 95 %",
           "# interval D -+ z sqrt(m/(m-1) Q) with Q the linearised variance (see the generator), z =",
           f"# {Z95}; P, R and F1 differences are clipped to [-1, 1]. No sample while m < 2 or a",
           "# denominator is 0. Tested by deploy/prometheus/tests/paired.test.yml.",
           "groups:"]
    for rng in ["5m", "1h"]:
        src = Source("paired", rng)
        out.append(f"  - name: segmon-paired-rate{rng}")
        out.append("    rules:")
        for name, stat in PAIRED_MEASURES.items():
            clip = name != "over_segmentation"
            d, s = value(stat, src), se(stat, src)
            lo = f"{d} - {Z95} * {s}"
            hi = f"{d} + {Z95} * {s}"
            if clip:
                lo, hi = f"clamp_min({lo}, -1)", f"clamp_max({hi}, 1)"
            for suffix, expr in [("difference", d), ("difference_lower", lo), ("difference_upper", hi)]:
                out.append(f"      - record: segmon:paired_{name}_{suffix}:rate{rng}")
                out.append("        expr: |")
                out.append(f"          {expr}")
    return "\n".join(out) + "\n"


def anytime_rules():
    paired = " or ".join(
        f"(-(({value(PAIRED_MEASURES['f1'], s)}) + {half_width(PAIRED_MEASURES['f1'], s)}) > {MARGIN})"
        for s in [Source("paired", r) for r in ANYTIME_RANGES])
    single = " or ".join(
        f"(segmon:baseline_f1 - on (model, tier) (({value(SINGLE_F1, s)}) + {half_width(SINGLE_F1, s)}) > {MARGIN})"
        for s in [Source("single", r) for r in ANYTIME_RANGES])
    head = f"""# GENERATED by docs/tools/gen_interval_rules.py. Anytime-valid regression alerts
# (docs/intervals.md, "Time-uniform alerting"): the upper end of a confidence sequence for F1
# (candidate minus baseline, or this model) lies more than {MARGIN} below zero (or the pinned
# baseline). The sequence is the Gaussian-mixture asymptotic confidence sequence of
# Waudby-Smith, Arbour, Sinha, Kennedy and Ramdas (Ann. Statist. 2024, arXiv:2103.06476),
# half-width sqrt(2 (Q + 1/(m^2 rho^2)) (log(m^2 Q rho^2 + 1)/2 + log(1/alpha'))), i.e.
# ConfidenceSequence.halfWidth with intrinsic time V = m^2 Q. Each window start is one
# sequence, looked at through the [1h] and [6h] ranges; a day's alerts come from at most
# {DAY_STARTS} starts, so alpha' = {ALPHA} / {DAY_STARTS} bounds the false alarms per day by {ALPHA}
# (union bound). log(1/alpha') = {LN_INV_ALPHA}; rho^2 = {RHO2} tunes the boundary for
# V* = {num(TARGET_V)}. `for: 0m`: the bound already holds at every evaluation at once.
# Tested by deploy/prometheus/tests/anytime.test.yml; mirrored by dev.segmon.app.simulate.
groups:
  - name: segmon-anytime
    rules:
      - alert: SegmonCandidateWorseThanBaseline
        expr: |
          {paired}
        for: 0m
        labels:
          severity: page
        annotations:
          summary: 'Boundary F1 of candidate {{{{ $labels.candidate }}}} is at least {{{{ $value | printf "%.3f" }}}} below baseline {{{{ $labels.baseline }}}} ({{{{ $labels.tier }}}})'
          description: "An anytime-valid 99 %-per-day bound on F1(candidate) - F1(baseline) over the same utterances lies below -{MARGIN}."
          runbook: "docs/operations.md#segmoncandidateworsethanbaseline"
      - alert: SegmonF1BelowBaselineAnytime
        expr: |
          {single}
        for: 0m
        labels:
          severity: page
        annotations:
          summary: 'Boundary F1 of {{{{ $labels.model }}}}/{{{{ $labels.tier }}}} is at least {{{{ $value | printf "%.3f" }}}} below its pinned baseline'
          description: "An anytime-valid 99 %-per-day upper bound on F1 lies more than {MARGIN} below segmon:baseline_f1."
          runbook: "docs/operations.md#segmonf1belowbaselineanytime"
"""
    return head


if __name__ == "__main__":
    with open("deploy/prometheus/rules/segmon-paired.rules.yml", "w") as f:
        f.write(paired_rules())
    with open("deploy/prometheus/rules/segmon-anytime.rules.yml", "w") as f:
        f.write(anytime_rules())
