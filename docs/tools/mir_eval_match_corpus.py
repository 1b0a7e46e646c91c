#!/usr/bin/env python3
"""The mir_eval side of the end-to-end speed comparison (dev tool, not run by CI).

    /usr/bin/python3 docs/tools/mir_eval_match_corpus.py REF.jsonl HYP.jsonl [WINDOW] [--micros]

Parses both JSONL files with the json module, pairs utterances by id and runs
mir_eval.util.match_events(ref, hyp, window) per utterance (the matcher behind
mir_eval.segment.detection), then prints the pooled counts as one JSON line, the numbers
`segmon eval boundaries --json` reports (minus mir_eval's double-precision misses at exactly
the window; see docs/boundaries.md). With --micros, times and window are first rounded to
integer microseconds, as segmon compares them: then the counts are equal.
"""
import json
import sys

import mir_eval
import numpy as np


def read(path):
    with open(path) as f:
        return {o["id"]: np.array(sorted(set(o["boundaries"])), dtype=float)
                for o in (json.loads(line) for line in f if line.strip())}


def main():
    args = [a for a in sys.argv[1:] if a != "--micros"]
    ref_path, hyp_path = args[0], args[1]
    window = float(args[2]) if len(args) > 2 else 0.02
    refs, hyps = read(ref_path), read(hyp_path)
    if "--micros" in sys.argv:
        refs = {k: np.round(v * 1e6).astype(np.int64) for k, v in refs.items()}
        hyps = {k: np.round(v * 1e6).astype(np.int64) for k, v in hyps.items()}
        window = round(window * 1e6)
    empty = np.array([], dtype=float)
    n_ref = n_hyp = hits = 0
    for uid in refs.keys() | hyps.keys():
        r, h = refs.get(uid, empty), hyps.get(uid, empty)
        n_ref += len(r)
        n_hyp += len(h)
        if len(r) and len(h):
            hits += len(mir_eval.util.match_events(r, h, window))
    print(json.dumps({"n_ref": n_ref, "n_hyp": n_hyp, "hits": hits}))


if __name__ == "__main__":
    main()
