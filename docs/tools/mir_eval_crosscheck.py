#!/usr/bin/env python3
"""Cross-check of `segmon eval boundaries` against mir_eval (dev tool, not run by CI).

Scores the fixed corpora in model/src/test/resources/boundary/mireval/ with
mir_eval.segment.detection(ref_intervals, est_intervals, window=0.02, trim=...), one
utterance at a time (each utterance's sorted boundaries b0 < b1 < ... become the intervals
[b0,b1], [b1,b2], ...; mir_eval turns them back into the same boundaries). It prints each
utterance's precision/recall/F and the pooled counts (hits = precision * n_est per utterance,
summed), which BoundaryMirEvalTest pins. It also prints the hits of
mir_eval.util.match_events on the microsecond grid (integer times, window 20000), the
convention of docs/contract.md 2.1: mir_eval compares doubles, so an offset of exactly 20 ms such
as 3.52 vs 3.50 (0.020000000000000018 in doubles) is a miss for it and a hit for segmon.

    apt-get install -y python3-mir-eval      # Debian 12: mir_eval 0.7
    /usr/bin/python3 docs/tools/mir_eval_crosscheck.py [--write]

--write regenerates the corpora first (fixed seed), which changes the pinned numbers.
"""
import json
import random
import sys
from pathlib import Path

import mir_eval
import numpy as np

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "model/src/test/resources/boundary/mireval"
WINDOW = 0.02

# Hand-made utterances: the worked example of docs/boundaries.md, offsets exactly at 0.02 s in
# decimals that binary doubles cannot hold, shared windows where closest-first under-counts.
HAND = [
    ("u1", [0.50, 1.00], [0.49, 0.51, 1.30]),
    ("u2", [0.0, 0.50, 1.10, 1.62], [0.0, 0.52, 1.08, 1.60, 1.90]),
    ("u3", [0.10, 0.13, 0.40], [0.12, 0.15, 0.41]),
    ("u4", [0.0, 0.30, 0.31, 0.32, 0.90], [0.0, 0.305, 0.90]),
    ("u5", [0.25, 0.75, 1.33, 2.01], [0.27, 0.73, 1.35, 1.99, 2.03]),
]


def random_corpus(seed, utterances):
    """Word-like boundaries on a 1 ms grid; hypotheses within +-30 ms or misplaced."""
    rng = random.Random(seed)
    corpus = []
    for u in range(utterances):
        t, ref = rng.randrange(200), []
        for _ in range(rng.randint(2, 40)):
            ref.append(t)
            t += rng.randint(80, 500)
        hyp = sorted({max(0, r + rng.randint(-30, 30)) for r in ref if rng.random() < 0.9}
                     | {rng.randrange(t) for _ in range(rng.randint(0, 4))})
        if len(hyp) < 2:
            hyp = [0, t]
        corpus.append((f"r{u:03d}", [x / 1000 for x in ref], [x / 1000 for x in hyp]))
    return corpus


def write(name, corpus):
    with open(DATA / f"{name}.ref.jsonl", "w") as r, open(DATA / f"{name}.hyp.jsonl", "w") as h:
        for uid, ref, hyp in corpus:
            r.write(json.dumps({"id": uid, "boundaries": ref}) + "\n")
            h.write(json.dumps({"id": uid, "boundaries": hyp}) + "\n")


def read(path):
    with open(path) as f:
        return {o["id"]: o["boundaries"] for o in map(json.loads, f) if o}


def score(name, trim):
    refs, hyps = read(DATA / f"{name}.ref.jsonl"), read(DATA / f"{name}.hyp.jsonl")
    n_ref = n_hyp = hits = grid_hits = 0
    for uid in refs:
        ri = mir_eval.util.boundaries_to_intervals(np.array(sorted(refs[uid])))
        ei = mir_eval.util.boundaries_to_intervals(np.array(sorted(hyps[uid])))
        p, r, f = mir_eval.segment.detection(ri, ei, window=WINDOW, trim=trim)
        rb = mir_eval.util.intervals_to_boundaries(ri)
        eb = mir_eval.util.intervals_to_boundaries(ei)
        if trim:
            rb, eb = rb[1:-1], eb[1:-1]
        h = round(p * len(eb))
        n_ref, n_hyp, hits = n_ref + len(rb), n_hyp + len(eb), hits + h
        grid_hits += len(mir_eval.util.match_events(micros(rb), micros(eb), 20000))
        if name == "hand":
            print(f"  {uid}: n_ref={len(rb)} n_hyp={len(eb)} hits={h} P={p!r} R={r!r} F={f!r}")
    print(f"{name} trim={trim}: n_ref={n_ref} n_hyp={n_hyp} hits={hits} "
          f"P={hits / n_hyp!r} R={hits / n_ref!r} F1={2 * hits / (n_ref + n_hyp)!r}; "
          f"hits on the microsecond grid={grid_hits}")


def micros(seconds):
    return np.round(np.asarray(seconds) * 1e6).astype(np.int64)


if __name__ == "__main__":
    if "--write" in sys.argv:
        write("hand", HAND)
        write("random", random_corpus(20261122, 200))
    print(f"mir_eval {mir_eval.__version__}, window={WINDOW}")
    for name in ("hand", "random"):
        for trim in (False, True):
            score(name, trim)
