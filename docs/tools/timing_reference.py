#!/usr/bin/env python3
"""Independent word-timing figures for segmon's tests (dev tool, not shipped code).

Written apart from segmon's Java: times parsed as decimals to integer microseconds, each
utterance's words (sorted by start, then end) aligned by a textbook full-matrix dynamic programme
with an explicit traceback and Kaldi's tie-break (util/edit-distance-inl.h: the diagonal only when
strictly cheaper than both others, else the deletion when strictly cheaper than the insertion,
else the insertion), and for every match the signed offsets hypothesis - reference. Medians by
Python's statistics.median. Inputs: `file onset offset word` alignment files (.wrd).

For the live monitor's figures it also writes the cumulative counts of the signed and absolute
offset histograms at the monitor's bucket bounds (`le`, the bound included), and the 95 %
interval of each mean with the utterance as the unit (docs/intervals.md: R -+ t SE,
SE^2 = m/(m-1) * sum_i (a_i - R b_i)^2 / B^2 * (1 + 2 sum_i b_i^2 / B^2), b_i the utterance's
matched words), t in closed form for one or two degrees of freedom (tan(0.475 pi) and
sqrt(2/(0.05 * 1.95) - 2)), null otherwise.

    python3 docs/tools/timing_reference.py REF HYP             # figures as one JSON object
    python3 docs/tools/timing_reference.py --perturb REF OUT   # writes the perturbed hypothesis

The perturbation (per utterance, word index i from 0 in file order, offsets in ms):
  i % 10 == 3  the word is left out (a deletion);
  i % 10 == 7  the word's label gets a '*' appended (a substitution);
  i % 15 == 14 a zero-length word '嗯' is inserted at the word's new start (an insertion);
  every kept word: start + ((37 i) mod 61) - 25, end + ((53 i) mod 83) - 21, and a further
  + 250 on the end when i % 9 == 4.
"""
import json
import math
import statistics
import sys
from decimal import Decimal, ROUND_HALF_UP

COLLARS_US = (20_000, 50_000, 100_000, 200_000)
SIGNED_LE_US = (-500_000, -200_000, -100_000, -50_000, -20_000, -10_000, 0,
                10_000, 20_000, 50_000, 100_000, 200_000, 500_000)
ABSOLUTE_LE_US = (10_000, 20_000, 50_000, 100_000, 200_000, 500_000)


def micros(text):
    return int((Decimal(text) * 1_000_000).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def seconds(us):
    return f"{us // 1_000_000}.{us % 1_000_000:06d}"


def read(path):
    utts = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            if fields:
                utts.setdefault(fields[0], []).append((micros(fields[1]), micros(fields[2]), fields[3]))
    return utts


def perturb(ref_path, out_path):
    with open(out_path, "w", encoding="utf-8") as out:
        for utt, words in read(ref_path).items():
            for i, (start, end, word) in enumerate(words):
                if i % 10 == 3:
                    continue
                start += (((37 * i) % 61) - 25) * 1000
                end += (((53 * i) % 83) - 21 + (250 if i % 9 == 4 else 0)) * 1000
                if i % 15 == 14:
                    out.write(f"{utt} {seconds(start)} {seconds(start)} 嗯\n")
                out.write(f"{utt} {seconds(start)} {seconds(end)} {word + '*' if i % 10 == 7 else word}\n")


def matches(ref, hyp):
    """(i, j) of every matched word on the Kaldi-tie-broken minimal unit-cost path."""
    n, m = len(ref), len(hyp)
    e = [[0] * (m + 1) for _ in range(n + 1)]
    for j in range(m + 1):
        e[0][j] = j
    for i in range(1, n + 1):
        e[i][0] = i
        for j in range(1, m + 1):
            e[i][j] = min(e[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]), e[i - 1][j] + 1, e[i][j - 1] + 1)
    out = []
    i, j = n, m
    while i > 0 and j > 0:
        diag = e[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1])
        dele = e[i - 1][j] + 1
        ins = e[i][j - 1] + 1
        if diag < dele and diag < ins:
            if ref[i - 1] == hyp[j - 1]:
                out.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif dele < ins:
            i -= 1
        else:
            j -= 1
    return out


def figures(ref_path, hyp_path):
    ref, hyp = read(ref_path), read(hyp_path)
    starts, ends = [], []
    per_utterance = []
    n_ref = n_hyp = 0
    for utt in sorted(set(ref) | set(hyp)):
        r = sorted(ref.get(utt, []), key=lambda w: (w[0], w[1]))
        h = sorted(hyp.get(utt, []), key=lambda w: (w[0], w[1]))
        n_ref += len(r)
        n_hyp += len(h)
        first = len(starts)
        for i, j in matches([w[2] for w in r], [w[2] for w in h]):
            starts.append(h[j][0] - r[i][0])
            ends.append(h[j][1] - r[i][1])
        s, e = starts[first:], ends[first:]
        per_utterance.append((len(s), sum(s), sum(e), sum(map(abs, s)), sum(map(abs, e))))
    k = len(starts)
    both = starts + ends
    return {
        "n_ref": n_ref, "n_hyp": n_hyp, "matched": k,
        "start_sum_us": sum(starts), "end_sum_us": sum(ends),
        "start_abs_sum_us": sum(map(abs, starts)), "end_abs_sum_us": sum(map(abs, ends)),
        "start_bias_us": sum(starts) / k, "end_bias_us": sum(ends) / k,
        "start_mean_abs_us": sum(map(abs, starts)) / k, "end_mean_abs_us": sum(map(abs, ends)) / k,
        "boundary_mean_abs_us": sum(map(abs, both)) / (2 * k),
        "start_median_abs_us": statistics.median(map(abs, starts)),
        "end_median_abs_us": statistics.median(map(abs, ends)),
        "boundary_median_abs_us": statistics.median(map(abs, both)),
        "within": {f"{c // 1000}ms": [sum(abs(s) <= c for s in starts), sum(abs(e) <= c for e in ends),
                                      sum(abs(s) <= c and abs(e) <= c for s, e in zip(starts, ends))]
                   for c in COLLARS_US},
        "utterances": len(per_utterance),
        "signed_le": {"start": [sum(x <= b for x in starts) for b in SIGNED_LE_US],
                      "end": [sum(x <= b for x in ends) for b in SIGNED_LE_US]},
        "absolute_le": {"start": [sum(abs(x) <= b for x in starts) for b in ABSOLUTE_LE_US],
                        "end": [sum(abs(x) <= b for x in ends) for b in ABSOLUTE_LE_US]},
        "interval_us": {name: interval([u[k] for u in per_utterance], [u[0] for u in per_utterance])
                        for k, name in ((1, "start_bias"), (2, "end_bias"), (3, "start_mean_abs"), (4, "end_mean_abs"))},
    }


def interval(a, b):
    """R -+ t SE of sum(a) / sum(b), the utterance as the unit (see the module's docstring)."""
    m, big_b = len(a), sum(b)
    t = {2: math.tan(0.475 * math.pi), 3: math.sqrt(2 / (0.05 * 1.95) - 2)}.get(m)
    if t is None or big_b == 0:
        return None
    r = sum(a) / big_b
    q = sum((x - r * y) ** 2 for x, y in zip(a, b)) / big_b ** 2
    leverage = sum(y * y for y in b) / big_b ** 2
    se = math.sqrt(m / (m - 1) * q * (1 + 2 * leverage))
    return [r - t * se, r + t * se]


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--perturb":
        perturb(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3:
        print(json.dumps(figures(sys.argv[1], sys.argv[2]), ensure_ascii=False))
    else:
        sys.exit(__doc__)
