#!/usr/bin/env python3
"""The mir_eval side of the end-to-end speed comparison (dev tool, not run by CI).

    /usr/bin/python3 docs/tools/mir_eval_match_corpus.py REF.jsonl HYP.jsonl [WINDOW]

Parses both JSONL files with the json module, pairs utterances by id and runs
mir_eval.util.match_events(ref, hyp, window) per utterance (the matcher behind
mir_eval.segment.detection), then prints the pooled counts as one JSON line, the numbers
`segmon eval boundaries --json` reports (minus mir_eval's double-precision misses at exactly
the window; see docs/boundaries.md).
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
    ref_path, hyp_path = sys.argv[1], sys.argv[2]
    window = float(sys.argv[3]) if len(sys.argv) > 3 else 0.02
    refs, hyps = read(ref_path), read(hyp_path)
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
