// Corpus WER with Kaldi's own LevenshteinEditDistance (dev tool, not shipped code).
//
// Kaldi's util/edit-distance-inl.h, as copied verbatim into the kaldialign package
// (github.com/pzelasko/kaldialign, extensions/kaldi_align.cpp), is linked in from a checkout that
// is never committed. This driver only reads two Kaldi text files, pairs utterances as segmon does
// (reference order, then hypothesis-only ids; a missing side is empty) and sums S/I/D.
//
//   g++ -O2 -include cmath -I KALDIALIGN/extensions docs/tools/kaldi_wer.cpp \
//       KALDIALIGN/extensions/kaldi_align.cpp -o /tmp/kaldi_wer
//   /tmp/kaldi_wer REF HYP          # prints unit-cost and sclite_mode totals
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>
#include "kaldi_align.h"

using Utts = std::vector<std::pair<std::string, std::vector<int>>>;

static Utts read(const char *path, std::unordered_map<std::string, int> &vocab) {
  Utts utts;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string id, tok;
    if (!(fields >> id)) continue;
    std::vector<int> toks;
    while (fields >> tok) {
      auto it = vocab.emplace(tok, static_cast<int>(vocab.size())).first;
      toks.push_back(it->second);
    }
    utts.emplace_back(id, toks);
  }
  return utts;
}

int main(int argc, char **argv) {
  if (argc != 3) { std::cerr << "usage: kaldi_wer REF HYP\n"; return 2; }
  std::unordered_map<std::string, int> vocab;
  Utts ref = read(argv[1], vocab), hyp = read(argv[2], vocab);
  std::unordered_map<std::string, const std::vector<int> *> hyp_by_id, ref_by_id;
  for (auto &u : hyp) hyp_by_id[u.first] = &u.second;
  for (auto &u : ref) ref_by_id[u.first] = &u.second;
  const std::vector<int> empty;
  for (bool sclite : {false, true}) {
    long s = 0, i = 0, d = 0, n = 0;
    auto add = [&](const std::vector<int> &r, const std::vector<int> &h) {
      int ins, del, sub;
      LevenshteinEditDistance(r, h, sclite, &ins, &del, &sub);
      s += sub; i += ins; d += del; n += r.size();
    };
    for (auto &u : ref) {
      auto it = hyp_by_id.find(u.first);
      add(u.second, it == hyp_by_id.end() ? empty : *it->second);
    }
    for (auto &u : hyp)
      if (!ref_by_id.count(u.first)) add(empty, u.second);
    std::cout << (sclite ? "kaldi sclite_mode" : "kaldi unit") << " sub=" << s << " ins=" << i
              << " del=" << d << " n_ref=" << n << "\n";
  }
  return 0;
}
