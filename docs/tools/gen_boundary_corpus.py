#!/usr/bin/env python3
"""Writes a synthetic boundary corpus for speed and memory measurements (dev tool).

    python3 docs/tools/gen_boundary_corpus.py --utterances 20000 --per-utterance 100 --out /tmp/corpus

writes OUT/ref.jsonl and OUT/hyp.jsonl, one {"id": .., "boundaries": [..]} line per utterance
(docs/contract.md 2.6), both in the same utterance order. Reference: word durations of 100-500 ms
on a 1 ms grid; hypothesis: one boundary per reference boundary, nine in ten within +-30 ms, one
in ten moved to the middle of the preceding gap (the model's RandomCorpus.realistic does the
same). Fixed seed: the same command writes the same bytes.
"""
import argparse
import os
import random


def main():
    a = argparse.ArgumentParser()
    a.add_argument("--utterances", type=int, default=20000)
    a.add_argument("--per-utterance", type=int, default=100)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--out", required=True)
    args = a.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    n = args.per_utterance
    with open(os.path.join(args.out, "ref.jsonl"), "w") as ref_out, \
            open(os.path.join(args.out, "hyp.jsonl"), "w") as hyp_out:
        for u in range(args.utterances):
            ref, t = [], rng.randrange(200)
            for _ in range(n):
                ref.append(t)
                t += rng.randint(100, 500)
            hyp = []
            for i, r in enumerate(ref):
                if i > 0 and rng.randrange(10) == 0:
                    hyp.append((ref[i - 1] + r) // 2)
                else:
                    hyp.append(max(0, r + rng.randint(-30, 30)))
            uid = f"utt{u:07d}"
            ref_out.write('{"id": "%s", "boundaries": [%s]}\n' % (uid, ", ".join("%.3f" % (x / 1000) for x in ref)))
            hyp_out.write('{"id": "%s", "boundaries": [%s]}\n' % (uid, ", ".join("%.3f" % (x / 1000) for x in hyp)))


if __name__ == "__main__":
    main()
