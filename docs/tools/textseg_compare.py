#!/usr/bin/env python3
"""Pk and WindowDiff of the reference tools on segeval's datasets (dev tool, not shipped code).

For every dataset item and every ordered pair of coders (reference, hypothesis), prints what
NLTK (nltk.metrics.segmentation, boundary strings, NLTK's default k for pk, the same k for
windowdiff) and segeval (segeval.pk / segeval.window_diff on masses, segeval's default k)
report. segmon's JUnit test TextSegReferenceToolsTest holds this output as
model/src/test/resources/data/textseg/reference-tools.txt.

Usage (segeval is not installed but run from a checkout, never committed):
    apt-get install -y python3-nltk
    # fetch github:cfournie/segmentation.evaluation (c4140b48, segeval 2.0.11), then
    #   git -C <mirror> archive HEAD segeval | tar -x -C /tmp/segeval-src
    PYTHONPATH=/tmp/segeval-src /usr/bin/python3 docs/tools/textseg_compare.py \
        model/src/test/resources/data/textseg/segeval/*.json

Output, one line per pair, tool and window ("default": the tool's own rule; "fixed": k = 5 given):
    dataset item ref_coder hyp_coder tool rule k pk windowdiff
("undefined" when there is no valid window: NLTK's rule without a reference boundary or giving
k = 0, or k >= N units.)
"""
import itertools
import json
import os
import sys
import warnings

warnings.filterwarnings("ignore", category=SyntaxWarning)

import nltk  # noqa: E402
from nltk.metrics.segmentation import pk as nltk_pk, windowdiff as nltk_windowdiff  # noqa: E402
import segeval  # noqa: E402


def boundary_string(masses):
    """NLTK's format: one flag per gap between adjacent units."""
    flags = []
    for i, m in enumerate(masses):
        flags.extend("0" * (m - 1))
        if i < len(masses) - 1:
            flags.append("1")
    return "".join(flags)


FIXED_K = 5  # a second, larger window that both tools are given explicitly


def nltk_scores(ref, hyp, k=None):
    r, h = boundary_string(ref), boundary_string(hyp)
    if k is None:
        if r.count("1") == 0:
            return None  # NLTK's default k divides by the number of reference boundaries
        k = int(round(len(r) / (r.count("1") * 2.0)))  # the line inside nltk's pk
    if k < 1 or k > len(r):
        return None
    return k, nltk_pk(r, h, k), nltk_windowdiff(r, h, k)


def segeval_scores(ref, hyp, k=None):
    if k is None:
        k = segeval.compute_window_size(ref)
    if k >= sum(ref):
        return None
    # segeval's argument order is (hypothesis, reference)
    return k, segeval.pk(hyp, ref, window_size=k), segeval.window_diff(hyp, ref, window_size=k)


def main(paths):
    print("# nltk %s, segeval %s" % (nltk.__version__, segeval.__version__))
    for path in paths:
        name = os.path.splitext(os.path.basename(path))[0]
        with open(path) as f:
            items = json.load(f)["items"]
        for item in sorted(items):
            coders = items[item]
            for a, b in itertools.permutations(sorted(coders), 2):
                ref, hyp = tuple(coders[a]), tuple(coders[b])
                for tool, fn in (("nltk", nltk_scores), ("segeval", segeval_scores)):
                    for rule, k in (("default", None), ("fixed", FIXED_K)):
                        got = fn(ref, hyp, k)
                        if got is None:
                            print(name, item, a, b, tool, rule, "undefined")
                        else:
                            k, p, w = got
                            print(name, item, a, b, tool, rule, k, repr(float(p)), repr(float(w)))


if __name__ == "__main__":
    main(sys.argv[1:])
