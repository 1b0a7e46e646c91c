#!/usr/bin/env python3
"""Independent WER / NED figures for segmon's tests (dev tool, not shipped code).

A textbook full-matrix dynamic programme with an explicit traceback, written apart from
segmon's Java (which keeps two rows carrying (cost, S, I, D) tuples instead). Among equal-cost
predecessors the traceback applies Kaldi's rule with unit costs (util/edit-distance-inl.h,
LevenshteinAlignment): the diagonal only when strictly cheaper than both others, else the
deletion when strictly cheaper than the insertion, else the insertion; with sclite's weights
sclite's rule (SCTK src/sclite/net_dp.c): the same, but the diagonal also wins ties. WER pools S+I+D over the corpus (jiwer, Kaldi
compute-wer); an utterance present on one side only is aligned against an empty one.
NED = Levenshtein / max(len) per utterance (0 when both are empty), averaged.

    python3 docs/tools/wer_reference.py REF HYP            # figures for two Kaldi text files
    python3 docs/tools/wer_reference.py --generate DIR     # also writes a seeded random corpus
"""
import random
import sys

# (insertion, deletion, substitution, diagonal wins ties): Kaldi takes the diagonal only when
# strictly cheaper, sclite (SCTK net_dp.c Network_dpalign) also on ties.
COSTS = {"unit": (1, 1, 1, False), "sclite": (3, 3, 4, True)}


def read(path, ignore_case=False):
    utts = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            if fields:
                toks = fields[1:]
                utts[fields[0]] = [t.lower() for t in toks] if ignore_case else toks
    return utts


def align(ref, hyp, costs):
    ins_c, del_c, sub_c, diagonal_wins_ties = costs
    n, m = len(ref), len(hyp)
    e = [[0] * (m + 1) for _ in range(n + 1)]
    for j in range(m + 1):
        e[0][j] = j * ins_c
    for i in range(1, n + 1):
        e[i][0] = i * del_c
        for j in range(1, m + 1):
            e[i][j] = min(e[i - 1][j - 1] + (0 if ref[i - 1] == hyp[j - 1] else sub_c),
                          e[i - 1][j] + del_c, e[i][j - 1] + ins_c)
    s = ins = dels = 0
    i, j = n, m
    while i > 0 or j > 0:
        if i == 0:
            ins += 1; j -= 1
            continue
        if j == 0:
            dels += 1; i -= 1
            continue
        diag = e[i - 1][j - 1] + (0 if ref[i - 1] == hyp[j - 1] else sub_c)
        dl = e[i - 1][j] + del_c
        il = e[i][j - 1] + ins_c
        if (diag <= dl and diag <= il) if diagonal_wins_ties else (diag < dl and diag < il):
            if ref[i - 1] != hyp[j - 1]:
                s += 1
            i -= 1; j -= 1
        elif dl < il:
            dels += 1; i -= 1
        else:
            ins += 1; j -= 1
    return s, ins, dels


def levenshtein(a, b):
    return align(a, b, COSTS["unit"])


def corpus(ref, hyp):
    ids = list(ref) + [u for u in hyp if u not in ref]
    return [(ref.get(u, []), hyp.get(u, [])) for u in ids], sorted(u for u in ids if (u in ref) != (u in hyp))


def report(ref_path, hyp_path):
    for ignore_case in (False, True):
        pairs, unpaired = corpus(read(ref_path, ignore_case), read(hyp_path, ignore_case))
        n_ref = sum(len(r) for r, _ in pairs)
        for name, costs in COSTS.items():
            s = i = d = 0
            for r, h in pairs:
                a, b, c = align(r, h, costs)
                s += a; i += b; d += c
            print("wer costs=%s ignore_case=%s sub=%d ins=%d del=%d n_ref=%d utterances=%d wer=%r unpaired=%s"
                  % (name, ignore_case, s, i, d, n_ref, len(pairs), (s + i + d) / n_ref if n_ref else None,
                     ",".join(unpaired)))
        total = 0.0
        for r, h in pairs:
            longer = max(len(r), len(h))
            total += sum(levenshtein(r, h)) / longer if longer else 0.0
        print("ned ignore_case=%s utterances=%d ned=%r" % (ignore_case, len(pairs), total / len(pairs)))


def generate(directory):
    """A seeded random corpus over a tiny vocabulary, so that equal-cost alignments abound."""
    rnd = random.Random(20261122)
    vocab = ["a", "b", "c", "A", "d"]
    with open(directory + "/random-ref.txt", "w") as r, open(directory + "/random-hyp.txt", "w") as h:
        for u in range(300):
            ref = [rnd.choice(vocab) for _ in range(rnd.randint(0, 12))]
            hyp = [rnd.choice(vocab) for _ in range(rnd.randint(0, 12))]
            if u % 50 != 7:
                r.write(" ".join(["utt%03d" % u] + ref) + "\n")
            if u % 50 != 13:
                h.write(" ".join(["utt%03d" % u] + hyp) + "\n")


if __name__ == "__main__":
    if sys.argv[1] == "--generate":
        generate(sys.argv[2])
        report(sys.argv[2] + "/random-ref.txt", sys.argv[2] + "/random-hyp.txt")
    else:
        report(sys.argv[1], sys.argv[2])
