#!/usr/bin/env python3
"""Coverage of candidate 95 % intervals for a ratio of per-utterance sums on small windows
(docs/intervals.md, "Small windows"): the models of `segmon simulate`'s small-window cases,
simulated here with numpy, segmon's interval and four others, R -+ c SE with SE the linearised
standard error sqrt(m/(m-1) sum_i (a_i - R b_i)^2) / B unless said:

  interval   segmon's (docs/contract.md 2.1.1): SE_adj = SE sqrt(1 + 2 sum_i b_i^2 / B^2), and
             logit^-1(logit R -+ t SE_adj / (R (1 - R))) for P, R, F1,
             exp(log R -+ t SE_adj / R) for OS (here the ratio y/r); t = t_{0.975, m-1}
  normal     c = z_{0.975}
  t          c = t_{0.975, m-1}
  t-satt     c = t_{0.975, nu}, nu = (m-1)/m * B^2 / sum_i b_i^2: Satterthwaite's (1946) degrees
             of freedom when Var(a_i - R b_i) is proportional to b_i (Cochran 1977, 6.7); from
             the existing second-moment counters
  t-hall     Hall's (1992) cubic transformation of the studentised statistic, "On the removal
             of skewness by transformation", JRSS B 54:221-228, a = 1/3, b = 1/6, with the
             skewness gamma of the linearised values e_i = a_i - R b_i; needs the third
             moments sum_i e_i^3, i.e. ten more counters (the cubic products of h, y, r):
             R - SE g^-1(c) .. R - SE g^-1(-c), g^-1(x) = (3 sqrt(m)/gamma) ((1 + gamma (x/sqrt(m)
             - gamma/(6m)))^(1/3) - 1), c = t_{0.975, m-1}

Usage: python3 docs/tools/small_window_alternatives.py [--corpora 20000] [--seed 1]
Needs numpy and scipy.
"""
import argparse

import numpy as np
from scipy.stats import norm, t as student

CASES = [("uniform", 1, 1, 10, 120), ("skewed", 2, 0.5, 10, 120), ("lengths", 2, 0.5, 1, 120)]
SIZES = [20, 40, 360]


def simulate(rng, a, b, lo, hi, m, n):
    """n windows of m utterances: n_ref uniform in [lo, hi], n_hyp = n_ref + U[-3, 3] (>= 1),
    p ~ Beta(a, b), hits ~ Binomial(min(n_ref, n_hyp), p): StreamModel's model."""
    r = rng.integers(lo, hi + 1, size=(n, m))
    y = np.maximum(1, r + rng.integers(-3, 4, size=(n, m)))
    h = rng.binomial(np.minimum(r, y), rng.beta(a, b, size=(n, m)))
    return h.astype(float), y.astype(float), r.astype(float)


def truth(a, b, lo, hi):
    """The ratios of expectations, exact (StreamModel.truth)."""
    rs, ds = np.meshgrid(np.arange(lo, hi + 1), np.arange(-3, 4))
    ys = np.maximum(1, rs + ds)
    hits = np.minimum(rs, ys).mean() * a / (a + b)
    return {"P": hits / ys.mean(), "R": hits / rs.mean(), "F1": 2 * hits / (ys.mean() + rs.mean()),
            "OS": ys.mean() / rs.mean()}


def coverage(h, y, r, true, m):
    out = {}
    for name, num, den in [("P", h, y), ("R", h, r), ("F1", 2 * h, y + r), ("OS", y, r)]:
        big_a, big_b = num.sum(1), den.sum(1)
        est = big_a / big_b
        e = num - est[:, None] * den
        v = (e ** 2).sum(1)
        se = np.sqrt(m / (m - 1) * v) / big_b
        tq = student.ppf(0.975, m - 1)
        se_adj = se * np.sqrt(1 + 2 * (den ** 2).sum(1) / big_b ** 2)
        nu = (m - 1) / m * big_b ** 2 / (den ** 2).sum(1)
        gamma = (e ** 3).sum(1) / m / (v / (m - 1)) ** 1.5
        cover = lambda lo, hi: 100 * np.mean((lo <= true[name]) & (true[name] <= hi))
        with np.errstate(all="ignore"):
            ginv = lambda x: np.where(np.abs(gamma) > 1e-12,
                                      3 * np.sqrt(m) / gamma * (np.cbrt(1 + gamma * (x / np.sqrt(m) - gamma / (6 * m))) - 1), x)
            sat = student.ppf(0.975, nu)
            if name == "OS":
                half = tq * se_adj / est
                lo, hi = est * np.exp(-half), est * np.exp(half)
            else:
                half = tq * se_adj / (est * (1 - est))
                logit = np.log(est / (1 - est))
                point = (se_adj == 0) | (est <= 0) | (est >= 1)
                lo = np.where(point, est, 1 / (1 + np.exp(-(logit - half))))
                hi = np.where(point, est, 1 / (1 + np.exp(-(logit + half))))
            out[name] = {"interval": cover(lo, hi), "normal": cover(est - norm.ppf(0.975) * se, est + norm.ppf(0.975) * se),
                         "t": cover(est - tq * se, est + tq * se),
                         "t-satt": cover(est - sat * se, est + sat * se),
                         "t-hall": cover(est - se * ginv(tq), est - se * ginv(-tq))}
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpora", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    print("model    m    measure  interval  normal      t  t-satt  t-hall")
    for name, a, b, lo, hi in CASES:
        true = truth(a, b, lo, hi)
        for m in SIZES:
            n = args.corpora if m < 360 else args.corpora // 4
            res = coverage(*simulate(rng, a, b, lo, hi, m, n), true, m)
            for measure, row in res.items():
                print(f"{name:8s} {m:4d} {measure:8s}  {row['interval']:7.2f} "
                      + "".join(f"{row[k]:7.2f} " for k in ("normal", "t", "t-satt", "t-hall")))


if __name__ == "__main__":
    main()
