#!/usr/bin/env python3
"""Runs bootphon/tdev2 on a phone alignment, a word alignment and a class file and prints every
measure as one JSON object, for segmon's tests and benchmark (docs/tde.md).

    PYTHONPATH=/path/to/tdev2:docs/tools/tdev2 python3 docs/tools/tdev2/run_tdev2.py P W C \
        [--contract | --exact-halves | --file-aware-tokens] [--files F1,F2]

--contract patches tdev2 at its two documented departures from segmon's contract
(docs/contract.md 2.2), so that the figures are the contract's, computed by tdev2's own code:
  * utils.check_boundary compares in exact rational arithmetic (Fractions of the decimal
    times) instead of floating point; so does the word choice of token_type (overlap);
  * Grouping.get_weights identifies a token by (file, snapped phones), not the snapped phones
    alone.
--files F1,F2 evaluates one whole-file fold the 2015 TDE way, as segmon's --within-talker
does: only those files' gold and fragments count, and classes left with fewer than two
fragments (after snapping) are dropped for grouping and NED (tdev2 reads the restricted inputs
from temporary files; grouping and NED then see only the classes of two or more fragments).
--exact-halves and --file-aware-tokens apply one patch each (--contract = both), to measure
each departure on its own.
Nothing of tdev2 is copied here; the patches replace its functions at run time.
"""
import json
import sys
from fractions import Fraction


def exact(x):
    return Fraction(repr(float(x)))


def exact_check_boundary(gold_times, disc_times):
    g0, g1 = exact(gold_times[0]), exact(gold_times[1])
    d0, d1 = exact(disc_times[0]), exact(disc_times[1])
    gold_dur = round(g1 - g0, 3)
    ov_time = min(d1, g1) - max(d0, g0)
    ov = ov_time / (g1 - g0)
    ov_time = round(ov_time, 3)
    return ((gold_dur >= Fraction(60, 1000) and ov_time >= Fraction(30, 1000))
            or (gold_dur < Fraction(60, 1000) and ov >= Fraction(1, 2)))


def exact_overlap(disc, gold):
    d0, d1, g0, g1 = exact(disc[0]), exact(disc[1]), exact(gold[0]), exact(gold[1])
    t = min(d1, g1) - max(d0, g0)
    return t / (g1 - g0), t


def file_aware_weights(pairs):
    from collections import Counter
    counter = Counter()
    seen = set()
    for pair in pairs:
        for f in pair:
            key = (f[0], f[3])
            if key not in seen:
                counter.update((f[4],))
                seen.add(key)
    return {t: counter[t] / len(seen) for t in counter}, counter


def restrict(phn, wrd, cls, files):
    import tempfile
    keep = set(files.split(','))
    tmp = tempfile.mkdtemp()
    paths = []
    for name, src in (('p', phn), ('w', wrd)):
        path = tmp + '/' + name
        with open(src) as fin, open(path, 'w') as fout:
            fout.writelines(l for l in fin if l.split() and l.split()[0] in keep)
        paths.append(path)
    blocks, block = [], None
    for line in open(cls):
        f = line.split()
        if not f:
            if block is not None:
                blocks.append(block)
            block = None
        elif f[0] == 'Class':
            block = [line]
        elif f[0] in keep:
            block.append(line)
    if block is not None:
        blocks.append(block)
    with open(tmp + '/c', 'w') as fout:
        for b in blocks:
            if len(b) > 1:  # header + fragments
                fout.writelines(b)
                fout.write('\n')
    return paths[0], paths[1], tmp + '/c'


def paired_only(disc):
    """The same discovered classes without those of fewer than two (snapped) fragments."""
    import copy
    paired = copy.copy(disc)
    paired.clusters = {k: v for k, v in disc.clusters.items() if len(v) >= 2}
    paired.intervals = list({x for v in paired.clusters.values() for x in v})
    return paired


def guarded(compute):
    """tdev2's value, or None where tdev2 raises (its F-scores divide by P + R = 0 and its token
    F-score asserts a non-zero precision)."""
    try:
        return compute()
    except (AssertionError, ZeroDivisionError):
        return None


def main():
    phn, wrd, cls = sys.argv[1:4]
    fold = '--files' in sys.argv
    contract = '--contract' in sys.argv[4:]
    if fold:
        phn, wrd, cls = restrict(phn, wrd, cls, sys.argv[sys.argv.index('--files') + 1])
    import tde.readers.disc_reader as disc_reader
    import tde.measures.token_type as token_type
    from tde.readers.gold_reader import Gold
    from tde.measures.boundary import Boundary
    from tde.measures.grouping import Grouping
    from tde.measures.coverage import Coverage
    from tde.measures.ned import Ned
    if contract or '--exact-halves' in sys.argv:
        disc_reader.check_boundary = exact_check_boundary
        token_type.overlap = exact_overlap
    if contract or '--file-aware-tokens' in sys.argv:
        Grouping.get_weights = staticmethod(file_aware_weights)
    out = sys.stdout
    sys.stdout = sys.stderr  # tdev2 prints progress
    gold = Gold(wrd_path=wrd, phn_path=phn)
    disc = disc_reader.Disc(cls, gold)
    paired_disc = paired_only(disc) if fold else disc
    result = {}
    tt = token_type.TokenType(gold, disc)
    tt.compute_token_type()
    (tp, yp), (tr, yr) = tt.precision, tt.recall
    tf, yf = guarded(lambda: tt.fscore) or (None, None)
    result['token'] = {'precision': tp, 'recall': tr, 'fscore': tf}
    result['type'] = {'precision': yp, 'recall': yr, 'fscore': yf}
    b = Boundary(gold, disc)
    b.compute_boundary()
    result['boundary'] = {'precision': b.precision, 'recall': b.recall, 'fscore': guarded(lambda: b.fscore)}
    g = Grouping(paired_disc)
    g.compute_grouping()
    result['grouping'] = {'precision': g.precision, 'recall': g.recall, 'fscore': guarded(lambda: g.fscore)}
    n = Ned(paired_disc)
    n.compute_ned()
    result['ned'] = float(n.ned)
    c = Coverage(gold, disc)
    c.compute_coverage()
    result['coverage'] = c.coverage
    result['pairs'] = n.n_pairs
    sys.stdout = out
    print(json.dumps(result))


if __name__ == '__main__':
    main()
