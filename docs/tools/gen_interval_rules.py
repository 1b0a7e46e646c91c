#!/usr/bin/env python3
"""Writes the utterance-level interval rules, the paired-difference rules and the anytime-valid
alerts (deploy/prometheus/rules/segmon-intervals.rules.yml, segmon-paired.rules.yml and
segmon-anytime.rules.yml) from the measures' definitions, so that the PromQL is derived, not
typed (docs/intervals.md, "Recording rules").

Every measure is offset + sum_j c_j N_j / D_j with N_j, D_j linear in the per-utterance
components. With R_j = N_j / D_j, the linearised variance (docs/intervals.md, "One
linearisation for every measure") is

    Q = sum_j sum_k c_j c_k (NN_jk - R_k ND_jk - R_j DN_jk + R_j R_k DD_jk) / (D_j D_k)

where XY_jk = sum_i x_ji y_ki are sums of per-utterance products: the second-moment counters.
The same Q is what dev.segmon.model.interval.Linearisation computes as g' C g. A paired
difference's interval is D -+ t SE with SE = sqrt(m/(m-1) Q). A single measure's (docs/contract.md
2.1.1; dev.segmon.model.interval.Estimate and Scale) inflates the standard error by the ratio's
leverage L = BB / B^2, SE = sqrt(m/(m-1) Q (1 + 2 L)), and is built on the logit scale for
precision, recall and F1 (logit^-1(logit R -+ t SE / (R (1 - R)))) and on the log scale of y/r
for over-segmentation (exp(log(y/r) -+ t SE / (y/r)) - 1); [R, R] where that half-width is 0
or undefined. t is the two-sided Student quantile of m - 1 degrees of freedom
(dev.segmon.model.interval.CriticalValue); PromQL has no t quantile, so critical_value() writes
it: exact for m <= 20 (closed-form distribution function, Abramowitz and Stegun 26.7.3-4,
inverted), the Cornish-Fisher expansion beyond.

The rules come in three layers, as Prometheus recommends for expressions that share inputs:

  1. moments: segmon:<counter>:increase<range> = sum by (labels) (increase(segmon_<counter>_total{slice=""}[range]))
     for every moment counter (docs/intervals.md, "Counters"): each increase() is evaluated once;
  2. per measure: its value (segmon:utterance_<measure>:<range>, segmon:paired_<measure>_difference:<range>)
     and Q (..._squared_residuals:<range>), over the layer-1 series, for a single measure also
     its leverage L (segmon:utterance_<measure>_leverage:<range>); and the critical value t
     (segmon:utterance_critical_value:<range>, segmon:paired_critical_value:<range>);
  3. the public rules and alerts, short expressions over layers 1 and 2 (for a single measure
     over the half-width on its scale, segmon:utterance_<measure>_half_width:<range>, recorded
     first).

Within a rule group Prometheus evaluates the rules in order and each sees the samples the ones
before it wrote at the same evaluation time, so every group lists its layers in this order and
the public rules read current values. One dependency crosses groups: the anytime alerts' [1h]
look reads the [1h] layer of segmon-paired-rate1h and segmon-intervals-rate1h, which lags by at
most one evaluation interval (evaluation_interval in deploy/prometheus/prometheus.yml) on an
hour-long range (docs/intervals.md, "Alerts").

Usage: python3 docs/tools/gen_interval_rules.py   (from the repository root)
"""
import math

Z95 = 1.959963984540054          # two-sided 95 % normal quantile (R: qnorm(0.975))
LEVEL = 0.95                     # the intervals' two-sided level
T_TABLE_MAX_DF = 19              # exact t quantiles up to this many degrees of freedom (m <= 20)
ANYTIME_INTERVAL = "30s"         # the anytime group's own evaluation interval
DAY_STARTS = 3600                # (24 h + 6 h) / 30 s window starts a day can see
ALPHA = 0.01                     # nominal false alarms per day
LN_INV_ALPHA = math.log(DAY_STARTS / ALPHA)   # log(1/alpha'), alpha' = alpha / DAY_STARTS
TARGET_V = 50.0                  # intrinsic time the boundary is tuned for (docs/intervals.md)
RHO2 = (2 * LN_INV_ALPHA + math.log(1 + 2 * LN_INV_ALPHA)) / TARGET_V
MARGIN = 0.01
ANYTIME_RANGES = ["1h", "6h"]
INTERVAL_RANGES = ["5m", "1h"]

PAIRED = ["hc", "yc", "hb", "yb", "r"]
SINGLE = {"h": "hits", "y": "hypothesis_boundaries", "r": "reference_boundaries"}
SINGLE_SQ = {("h", "h"): "hits_squared", ("y", "y"): "hypothesis_squared", ("r", "r"): "reference_squared",
             ("h", "y"): "hits_hypothesis", ("h", "r"): "hits_reference", ("y", "r"): "hypothesis_reference"}
SINGLE_ORDER = ["h", "y", "r"]


class Kind:
    """One family of counters: its labels, components and the names of its layer-1 series."""

    def __init__(self, by, order, count, first, second, measure_name, prefix):
        self.by, self.order, self.prefix = by, order, prefix
        self.count, self._first, self._second = count, first, second
        self.measure_name = measure_name

    def stems(self):
        """The counter stems (segmon_<stem>_total) in the order they are recorded."""
        out = [self.count] + [self._first(c) for c in self.order]
        for i, a in enumerate(self.order):
            for b in self.order[i:]:
                out.append(self._second(a, b))
        return out

    def first(self, c):
        return self._first(c)

    def second(self, a, b):
        a, b = sorted((a, b), key=self.order.index)
        return self._second(a, b)


SINGLE_KIND = Kind("model, tier", SINGLE_ORDER, "scored_utterances",
                   lambda c: f"utterance_{SINGLE[c]}", lambda a, b: f"utterance_{SINGLE_SQ[(a, b)]}",
                   lambda m: f"utterance_{m}", "utterance")
PAIRED_KIND = Kind("candidate, baseline, tier", PAIRED, "paired_utterances",
                   lambda c: f"paired_{c}", lambda a, b: f"paired_{a}_{b}",
                   lambda m: f"paired_{m}_difference", "paired")


class Source:
    """How sums and products of components read as PromQL over one range: the layer-1 series."""

    def __init__(self, kind, rng):
        self.kind, self.rng = kind, rng

    def moment(self, stem):
        return f"segmon:{stem}:increase{self.rng}"

    def moment_rule(self, stem):
        # slice="": the pooled series only; a slice's series (docs/slices.md) would count each utterance again
        return f'sum by ({self.kind.by}) (increase(segmon_{stem}_total{{slice=""}}[{self.rng}]))'

    def m(self):
        return self.moment(self.kind.count)

    def first(self, c):
        return self.moment(self.kind.first(c))

    def second(self, a, b):
        return self.moment(self.kind.second(a, b))

    def value_name(self, measure):
        return f"segmon:{self.kind.measure_name(measure)}:rate{self.rng}"

    def q_name(self, measure):
        return f"segmon:{self.kind.measure_name(measure)}_squared_residuals:rate{self.rng}"

    def critical_name(self):
        return f"segmon:{self.kind.prefix}_critical_value:rate{self.rng}"

    def leverage_name(self, measure):
        return f"segmon:{self.kind.measure_name(measure)}_leverage:rate{self.rng}"

    def half_width_name(self, measure):
        return f"segmon:{self.kind.measure_name(measure)}_half_width:rate{self.rng}"


def num(x):
    return repr(float(x)) if x != int(x) else str(int(x))


def lin(form, src):
    """A linear form {component: coefficient} of first moments."""
    parts = []
    for c, k in form.items():
        t = src.first(c)
        parts.append(t if k == 1 else f"{num(k)} * {t}")
    return "(" + " + ".join(parts) + ")" if len(parts) > 1 else parts[0]


def quad(f, g, src):
    """sum_i f(x_i) g(x_i) for linear forms f, g, from the second moments."""
    acc = {}
    for a, ka in f.items():
        for b, kb in g.items():
            key = tuple(sorted((a, b), key=src.kind.order.index))
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
            c = cj * ck
            parts.append(f"{cov} / ({lin(dj, src)} * {lin(dk, src)})" if c == 1 else f"{num(c)} * {cov} / ({lin(dj, src)} * {lin(dk, src)})")
    return "(" + " + ".join(parts) + ")"


def t_two_sided_cdf(t, nu):
    """P(|T| <= t) for Student's t with an integer nu degrees of freedom, in closed form
    (Abramowitz and Stegun 26.7.3 for odd nu, 26.7.4 for even nu), theta = atan(t / sqrt(nu))."""
    theta = math.atan(t / math.sqrt(nu))
    c2 = math.cos(theta) ** 2
    total, term = 1.0, 1.0
    if nu % 2 == 0:
        for k in range(1, nu // 2):                # 1 + (1/2) c^2 + (1*3)/(2*4) c^4 + ... up to c^(nu-2)
            term *= c2 * (2 * k - 1) / (2 * k)
            total += term
        return math.sin(theta) * total
    if nu == 1:
        return 2 * theta / math.pi
    for k in range(1, (nu - 1) // 2):              # 1 + (2/3) c^2 + (2*4)/(3*5) c^4 + ... up to c^(nu-3)
        term *= c2 * (2 * k) / (2 * k + 1)
        total += term
    return 2 / math.pi * (theta + math.sin(theta) * math.cos(theta) * total)


def t_quantile(level, nu):
    """The two-sided t quantile for an integer nu: for 1 and 2 degrees of freedom the inverse in
    closed form, tan(pi level / 2) and sqrt(2 / ((1 - level)(1 + level)) - 2); beyond, bisection
    of t_two_sided_cdf to the last bit."""
    if nu == 1:
        return math.tan(math.pi * level / 2)
    if nu == 2:
        return math.sqrt(2 / ((1 - level) * (1 + level)) - 2)
    lo, hi = 0.0, 1e6
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_two_sided_cdf(mid, nu) < level:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


# The Cornish-Fisher expansion of the t quantile in powers of 1/nu (Fisher and Cornish 1960;
# Abramowitz and Stegun 26.7.5): t = z + g1(z)/nu + g2(z)/nu^2 + g3(z)/nu^3 + g4(z)/nu^4 + ...
Z = Z95
G = [(Z ** 3 + Z) / 4,
     (5 * Z ** 5 + 16 * Z ** 3 + 3 * Z) / 96,
     (3 * Z ** 7 + 19 * Z ** 5 + 17 * Z ** 3 - 15 * Z) / 384,
     (79 * Z ** 9 + 776 * Z ** 7 + 1482 * Z ** 5 - 1920 * Z ** 3 - 945 * Z) / 92160]


def critical_value(src):
    """t_{0.975, m-1} as PromQL: the exact quantile for round(m) - 1 = 1 .. T_TABLE_MAX_DF (m from
    increase() need not be whole), and beyond the expansion above in nu = m - 1, evaluated by
    Horner's rule; its relative error is below 1.3e-7 for nu >= T_TABLE_MAX_DF + 0.5."""
    m = src.m()
    parts = []
    for nu in range(1, T_TABLE_MAX_DF + 1):
        low = f"{m} >= {nu + 0.5}" if nu > 1 else f"{m} > 1.5"
        parts.append(f"({num(t_quantile(LEVEL, nu))} + 0 * {m} and {low} < {nu + 1.5})")
    nu = f"({m} - 1)"
    horner = f"{num(G[3])} / {nu}"
    for g in reversed(G[:3]):
        horner = f"({num(g)} + {horner}) / {nu}"
    parts.append(f"({num(Z)} + {horner} and {m} >= {T_TABLE_MAX_DF + 1.5})")
    return " or ".join(parts)


def se(measure, src, inflated=False):
    """sqrt(m/(m-1) Q), or with the leverage inflation sqrt(m/(m-1) Q (1 + 2 L))."""
    m = src.m()
    inflation = f" * (1 + 2 * {src.leverage_name(measure)})" if inflated else ""
    return f"sqrt(clamp_min({m} / ({m} - 1 > 0.5) * {src.q_name(measure)}{inflation}, 0))"


def leverage(stat, src):
    """L = BB / B^2 of a single ratio A/B: its denominator's sum of squares over its square."""
    _, [(_, _, d)] = stat
    return f"{quad(d, d, src)} / ({lin(d, src)} * {lin(d, src)} > 0)"


# How each single measure's interval is built (dev.segmon.model.interval.Scale): the slope of the
# scale at the value (the delta method's factor), as a filter that keeps only values where the
# scale is defined, and the bounds from the value v and the half-width h on that scale.
SCALES = {
    "logit": {
        "slope": lambda v: f"(({v} > 0 < 1) * (1 - {v}))",
        "lower": lambda v, h: f"1 / (1 + exp(-(ln({v} / (1 - {v})) - {h})))",
        "upper": lambda v, h: f"1 / (1 + exp(-(ln({v} / (1 - {v})) + {h})))",
    },
    "log_one_plus": {
        "slope": lambda v: f"({v} + 1 > 0)",
        "lower": lambda v, h: f"exp(ln({v} + 1) - {h}) - 1",
        "upper": lambda v, h: f"exp(ln({v} + 1) + {h}) - 1",
    },
}


def half_width(measure, src):
    """The confidence-sequence half-width with V = m^2 Q (ConfidenceSequence.halfWidth)."""
    m, q = src.m(), f"clamp_min({src.q_name(measure)}, 0)"
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
SINGLE_MEASURES = {
    "precision": (0, [t(1, {"h": 1}, {"y": 1})]),
    "recall": (0, [t(1, {"h": 1}, {"r": 1})]),
    "f1": (0, [t(1, {"h": 2}, {"y": 1, "r": 1})]),
    "over_segmentation": (-1, [t(1, {"y": 1}, {"r": 1})]),
}


class Rules:
    """Lines of a rule file."""

    def __init__(self, head):
        self.lines = head + ["groups:"]

    def group(self, name, interval=None):
        self.lines += [f"  - name: {name}"] + ([f"    interval: {interval}"] if interval else []) + ["    rules:"]

    def comment(self, text):
        self.lines.append(f"      # {text}")

    def record(self, name, expr):
        self.lines += [f"      - record: {name}", f"        expr: {expr}"]

    def moments(self, src):
        self.comment(f"layer 1: the moment counters' increase over [{src.rng}], summed over instances")
        for stem in src.kind.stems():
            self.record(src.moment(stem), src.moment_rule(stem))

    def measures(self, src, measures, scales=None):
        self.comment("layer 2: each measure's value and Q, the sum of squared linearised residuals"
                     + (", and its leverage L = BB / B^2" if scales else ""))
        for name, stat in measures.items():
            self.record(src.value_name(name), value(stat, src))
            self.record(src.q_name(name), squares(stat, src))
            if scales:
                self.record(src.leverage_name(name), leverage(stat, src))

    def text(self):
        return "\n".join(self.lines) + "\n"


def interval_rules(path, kind, measures, head, group_prefix, public, clip=None, scales=None):
    """Three layers per range. With clip (the paired differences): value -+ t SE, clipped. With
    scales (the single measures): the half-width on each measure's scale, then its bounds."""
    rules = Rules(head)
    for rng in INTERVAL_RANGES:
        src = Source(kind, rng)
        rules.group(f"{group_prefix}-rate{rng}")
        rules.moments(src)
        rules.measures(src, measures, scales)
        rules.comment(f"layer 2: t_{{0.975, m-1}}, exact for m <= {T_TABLE_MAX_DF + 1}, the Cornish-Fisher expansion beyond")
        rules.record(src.critical_name(), critical_value(src))
        if scales:
            scaled_bounds(rules, src, measures, public, scales)
            continue
        rules.comment("layer 3: the 95 % interval, value -+ t_{0.975, m-1} * sqrt(m/(m-1) Q)")
        for name in measures:
            v, s, t = src.value_name(name), se(name, src), src.critical_name()
            lo, hi = f"{v} - {t} * {s}", f"{v} + {t} * {s}"
            low_clip, high_clip = clip(name)
            if low_clip is not None:
                lo = f"clamp_min({lo}, {num(low_clip)})"
            if high_clip is not None:
                hi = f"clamp_max({hi}, {num(high_clip)})"
            for suffix, expr in public(name, lo, hi):
                rules.record(f"{suffix}:rate{rng}", expr)
    with open(path, "w") as f:
        f.write(rules.text())


def scaled_bounds(rules, src, measures, public, scales):
    """Layer 3 of the single measures: h = t SE * slope on the measure's scale, recorded only
    where it is positive (the scale is defined at the value and SE > 0), then the bounds; where h
    has no sample but the interval exists (t and the value do), the interval is [v, v]."""
    rules.comment("layer 3: the half-width on the measure's scale, t_{0.975, m-1} * sqrt(m/(m-1) Q (1 + 2 L))"
                  " / (R (1 - R)) (logit) or / (y/r) (log)")
    for name in measures:
        v, t = src.value_name(name), src.critical_name()
        rules.record(src.half_width_name(name), f"{t} * {se(name, src, inflated=True)} / {scales[name]['slope'](v)} > 0")
    rules.comment("layer 3: the 95 % interval on that scale; [v, v] where the half-width is 0 or undefined")
    for name in measures:
        v, t, h = src.value_name(name), src.critical_name(), src.half_width_name(name)
        scale = scales[name]
        point = f"({v} and {t})"
        lo, hi = f"{scale['lower'](v, h)} or {point}", f"{scale['upper'](v, h)} or {point}"
        for suffix, expr in public(name, lo, hi):
            rules.record(f"{suffix}:rate{src.rng}", expr)


INTERVALS_HEAD = [
    "# GENERATED by docs/tools/gen_interval_rules.py. Utterance-level 95 % intervals over a range",
    "# (docs/intervals.md, \"Recording rules\"; docs/contract.md 2.1.1 and 3.2).",
    "#",
    "# Each measure is a ratio of sums R = A/B over the m utterances closed in the range, from the",
    "# increases of the first- and second-moment counters the monitor exports per model and tier",
    "# (docs/intervals.md, \"Counters\"). Q = sum_i (a_i - R b_i)^2 / B^2 = (AA - 2 R AB + R^2 BB) / B^2",
    "# and the leverage L = BB / B^2 give the standard error SE = sqrt(m/(m-1) Q (1 + 2 L)); t =",
    "# t_{0.975, m-1} is the two-sided 95 % quantile of Student's t with m - 1 degrees of freedom",
    "# (segmon:utterance_critical_value:<range>: exact for m <= 20, with m - 1 read as round(m) - 1",
    "# when extrapolation leaves m fractional; beyond, the Cornish-Fisher expansion in 1/(m - 1),",
    "# relative error < 1.3e-7). Precision (a = h, b = y), recall (a = h, b = r) and F1 (a = 2h,",
    "# b = y + r): logit^-1(logit R -+ h) with h = t SE / (R (1 - R)), within [0, 1].",
    "# Over-segmentation (a = y, b = r, reported as R - 1): exp(log R -+ h) - 1 with h = t SE / R,",
    "# within [-1, inf). [R, R] (over-segmentation R - 1) where h is 0 or undefined (R = 0 or 1:",
    "# every residual is 0). No sample while m < 2 or B = 0 (the CLI's null): divisors are filtered",
    "# with \"> 0\", and m - 1 with \"> 0.5\" (the margin keeps a lone utterance out when",
    "# extrapolation leaves m a hair above 1).",
    "#",
    "# Layers, in evaluation order within each group: (1) segmon:<counter>:increase<range>, each",
    "# counter's increase summed over instances BEFORE dividing, as in segmon-recording.rules.yml;",
    "# (2) per measure segmon:utterance_<measure>:<range> (R, or R - 1),",
    "# segmon:utterance_<measure>_squared_residuals:<range> (Q) and",
    "# segmon:utterance_<measure>_leverage:<range> (L), and the critical value; (3)",
    "# segmon:utterance_<measure>_half_width:<range> (h, only where h > 0), then the public",
    "# segmon:boundary_<measure>_lower|upper:<range>. increase() extrapolates every counter of a",
    "# (model, tier) by the same factor, so R and L are exact and m/(m-1) differs from the offline",
    "# value only when the range's edges cut the scrape grid. Tested by",
    "# deploy/prometheus/tests/intervals.test.yml.",
]

PAIRED_HEAD = [
    "# GENERATED by docs/tools/gen_interval_rules.py: candidate minus baseline on the same",
    "# utterances (docs/intervals.md, \"Paired comparison\"), from the segmon_paired_* counters.",
    "# segmon:paired_<measure>_difference:<range> is the difference D; _lower/_upper is the 95 %",
    "# interval D -+ t sqrt(m/(m-1) Q) with Q the linearised variance (see the generator) and t =",
    "# t_{0.975, m-1} (segmon:paired_critical_value:<range>, as in segmon-intervals.rules.yml);",
    "# P, R and F1 differences are clipped to [-1, 1]. No sample while m < 2 or a",
    "# denominator is 0.",
    "#",
    "# Layers, in evaluation order within each group: (1) segmon:paired_<counter>:increase<range>,",
    "# each counter's increase summed over instances; (2) per measure D and",
    "# segmon:paired_<measure>_difference_squared_residuals:<range> (Q), and t; (3) the interval.",
    "# segmon-anytime.rules.yml reads the [1h] layers 1 and 2. Tested by",
    "# deploy/prometheus/tests/paired.test.yml.",
]


def write_intervals():
    def public(name, lo, hi):
        return [(f"segmon:boundary_{name}_lower", lo), (f"segmon:boundary_{name}_upper", hi)]

    scales = {name: SCALES["log_one_plus" if name == "over_segmentation" else "logit"] for name in SINGLE_MEASURES}
    interval_rules("deploy/prometheus/rules/segmon-intervals.rules.yml", SINGLE_KIND, SINGLE_MEASURES,
                   INTERVALS_HEAD, "segmon-intervals", public, scales=scales)


def write_paired():
    def public(name, lo, hi):
        return [(f"segmon:paired_{name}_difference_lower", lo), (f"segmon:paired_{name}_difference_upper", hi)]

    def clip(name):
        return (None, None) if name == "over_segmentation" else (-1, 1)

    interval_rules("deploy/prometheus/rules/segmon-paired.rules.yml", PAIRED_KIND, PAIRED_MEASURES,
                   PAIRED_HEAD, "segmon-paired", public, clip=clip)


def anytime_rules():
    looks = {rng: (Source(PAIRED_KIND, rng), Source(SINGLE_KIND, rng)) for rng in ANYTIME_RANGES}
    paired = " or ".join(
        f"(-({p.value_name('f1')} + {half_width('f1', p)}) > {MARGIN})" for p, _ in looks.values())
    single = " or ".join(
        f"(segmon:baseline_f1 - on (model, tier) ({s.value_name('f1')} + {half_width('f1', s)}) > {MARGIN})"
        for _, s in looks.values())
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
#
# The [6h] look's layers 1 and 2 (moments, F1 value and Q; see segmon-intervals.rules.yml) are
# recorded here, before the alerts. The [1h] look reads the same layers from the groups
# segmon-paired-rate1h and segmon-intervals-rate1h: a lag of at most one evaluation interval.
# Tested by deploy/prometheus/tests/anytime.test.yml; mirrored by dev.segmon.tools.simulate.
""".splitlines()
    rules = Rules(head)
    # Evaluated every 30 s whatever the server's global evaluation_interval: the union bound
    # counts the window starts of a day at this interval (DAY_STARTS).
    rules.group("segmon-anytime", interval=ANYTIME_INTERVAL)
    for src in looks["6h"]:
        rules.moments(src)
    for src, measures in zip(looks["6h"], [PAIRED_MEASURES, SINGLE_MEASURES]):
        rules.comment("layer 2: F1 (difference) and its Q over [6h]")
        rules.record(src.value_name("f1"), value(measures["f1"], src))
        rules.record(src.q_name("f1"), squares(measures["f1"], src))
    rules.comment("layer 3: the alerts, over the [1h] and [6h] looks")
    rules.lines += f"""      - alert: SegmonCandidateWorseThanBaseline
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
          runbook: "docs/operations.md#segmonf1belowbaselineanytime\"""".replace('\\"', '"').splitlines()
    return rules.text()


if __name__ == "__main__":
    write_intervals()
    write_paired()
    with open("deploy/prometheus/rules/segmon-anytime.rules.yml", "w") as f:
        f.write(anytime_rules())
