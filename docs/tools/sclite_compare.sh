#!/usr/bin/env bash
# Runs NIST sclite on two Kaldi text files (dev tool, not shipped code) and prints its corpus
# counts, case-sensitive (-s) and with sclite's default case folding.
#
# Needs an sclite binary (NIST SCTK), given as SCLITE:
#   SCLITE=/path/to/sclite docs/tools/sclite_compare.sh REF HYP
# An utterance present on one side only is given to sclite as an empty transcript, which is
# what segmon scores it against.
set -euo pipefail
ref=$1 hyp=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$ref" "$hyp" "$work" <<'PY'
import sys
def read(path):
    utts = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            if fields:
                utts[fields[0]] = fields[1:]
    return utts
ref, hyp = read(sys.argv[1]), read(sys.argv[2])
ids = list(ref) + [u for u in hyp if u not in ref]
for name, side in (("ref", ref), ("hyp", hyp)):
    with open("%s/%s.trn" % (sys.argv[3], name), "w", encoding="utf-8") as out:
        for u in ids:
            out.write(" ".join(side.get(u, []) + ["(%s)" % u]) + "\n")
PY
for mode in "-s" ""; do
  echo "== sclite ${mode:-(default: case-insensitive)}"
  # shellcheck disable=SC2086
  "${SCLITE:-sclite}" -r "$work/ref.trn" trn -h "$work/hyp.trn" trn -i spu_id $mode -o dtl stdout 2>/dev/null \
    | grep -E 'Percent (Total Error|Substitution|Deletions|Insertions)|Ref. words'
done
