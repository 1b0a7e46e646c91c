#!/usr/bin/env python3
"""Differential check of `segmon eval tde` against tdev2 (patched to the contract, --contract)
on random small corpora: random phone layouts (30 to 150 ms phones on a 5 ms grid, so exact
halves and 30 ms overlaps occur), words of 1 to 4 phones, fragments that are random or gold
words moved by 0 to 25 ms, repeated fragments, and files sharing their phone timings.

    TDEV2=/path/to/tdev2 python3 docs/tools/tdev2/random_check.py FIRST_SEED LAST_SEED

prints every measure that differs (F-scores only where tdev2 defines them) and the number of
mismatching cases. Needs tdev2's Python dependencies (see run_tdev2.py).
"""
import random, sys, json, subprocess, os, tempfile
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
def gen(seed, d):
    R = random.Random(seed)
    phones = ['a','b','c','d','SIL']
    files = ['f%d' % i for i in range(R.randint(1,3))]
    same_timing = R.random() < 0.5
    layout = None
    phn, wrd = [], []
    for f in files:
        if layout is None or not same_timing:
            t = 0; layout = []
            while t < 3000:
                dur = R.choice([30, 40, 50, 55, 60, 65, 80, 100, 150])
                layout.append((t, t + dur))
                t += dur
        syms = [R.choice(phones) for _ in layout] if not same_timing or f == files[0] else syms
        for (a, b), s in zip(layout, syms):
            phn.append('%s %.3f %.3f %s' % (f, a/1000, b/1000, s))
        i = 0
        while i < len(layout):
            n = R.randint(1, 4)
            seg = list(zip(layout, syms))[i:i+n]
            if all(s == 'SIL' for _, s in seg) or R.random() < 0.2:
                i += n; continue
            word = ''.join(s for _, s in seg)
            wrd.append('%s %.3f %.3f %s' % (f, seg[0][0][0]/1000, seg[-1][0][1]/1000, word))
            i += n
    cls = []
    frags = []
    for _ in range(R.randint(2, 25)):
        f = R.choice(files)
        if frags and R.random() < 0.15:
            frags.append(R.choice(frags)); continue
        a = R.randrange(0, 2900, 5); b = a + R.randrange(5, 600, 5)
        ws = [l for l in wrd if l.split()[0] == f]
        if ws and R.random() < 0.6:
            w = R.choice(ws).split()
            a = max(0, round(float(w[1]) * 1000) + R.choice([0, 0, 5, -5, 10, -10, 15, -15, 25, -25]))
            b = round(float(w[2]) * 1000) + R.choice([0, 0, 5, -5, 10, -10, 15, -15, 25, -25])
            if b <= a: b = a + 5
        frags.append((f, a, b))
    if same_timing and len(files) > 1 and R.random() < 0.7:
        f0 = frags[0]
        frags.append((files[1] if f0[0] != files[1] else files[0], f0[1], f0[2]))
    R.shuffle(frags)
    k = 0
    while frags:
        n = R.randint(1, 6)
        cls.append('Class %d' % k); k += 1
        for f, a, b in frags[:n]:
            cls.append('%s %.3f %.3f' % (f, a/1000, b/1000))
        cls.append('')
        frags = frags[n:]
    open(d + '/p', 'w').write('\n'.join(phn) + '\n')
    open(d + '/w', 'w').write('\n'.join(wrd) + '\n')
    open(d + '/c', 'w').write('\n'.join(cls) + '\n')

import math
def close(x, y):
    if x is None or (isinstance(x, float) and math.isnan(x)): x = None
    if y is None or (isinstance(y, float) and math.isnan(y)): y = None
    if x is None or y is None: return x is None and y is None
    return abs(x - y) < 1e-9
bad = 0
for seed in range(int(sys.argv[1]), int(sys.argv[2])):
    d = tempfile.mkdtemp(); gen(seed, d)
    env = dict(os.environ, PYTHONPATH=os.environ['TDEV2'] + os.pathsep + HERE)
    t = subprocess.run([sys.executable, HERE + '/run_tdev2.py', d+'/p', d+'/w', d+'/c', '--contract'], capture_output=True, text=True, env=env)
    o = subprocess.run([ROOT + '/segmon', 'eval', 'tde', '--phn', d+'/p', '--wrd', d+'/w', '--classes', d+'/c', '--json'], capture_output=True, text=True)
    if t.returncode != 0:
        print(seed, 'tdev2 failed:', t.stderr.strip().splitlines()[-1][:100]); continue
    T = json.loads(t.stdout.replace('NaN', 'null')); O = json.loads(o.stdout)
    diffs = []
    for k in ['token','type','boundary','grouping']:
        for r in ['precision','recall']:
            if not close(T[k][r], O[k][r]): diffs.append((k, r, T[k][r], O[k][r]))
        if T[k]['fscore'] is not None and not close(T[k]['fscore'], O[k]['fscore']): diffs.append((k,'f',T[k]['fscore'],O[k]['fscore']))
    for k in ['ned','coverage','pairs']:
        if not close(T[k], O[k]): diffs.append((k, T[k], O[k]))
    if diffs: bad += 1; print(seed, diffs)
print('mismatching cases:', bad)
