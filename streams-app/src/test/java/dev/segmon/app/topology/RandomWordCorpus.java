package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.WordCounts;
import dev.segmon.app.state.WordCounts.Unscored;
import dev.segmon.app.view.WordView;
import dev.segmon.model.edit.EditCosts;
import dev.segmon.model.edit.EditScorer;
import dev.segmon.model.edit.Transcript;
import dev.segmon.model.edit.Vocabulary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.StringJoiner;

/**
 * Random transcripts as messages of the input topics (docs/contract.md 3.1): labelled references
 * in chunks, hypotheses' words in disorder-respecting batches (or as bare times), re-sent
 * messages among them, and the Kaldi-text view of each side that {@code eval wer}/{@code eval
 * ned} score. Messages are {side ("ref" or "hyp"), utterance, json}.
 */
final class RandomWordCorpus {
    private RandomWordCorpus() {
    }

    /**
     * One corpus: its message streams, the Kaldi-text transcripts of the references with a label,
     * each model's transcripts of the utterances it gets a word score for, and how many of its
     * utterances are counted unscored, by reason (bare times: no words; no label in the
     * reference: no labels).
     */
    record Corpus(List<List<String[]>> streams, List<Transcript> refs, Map<String, List<Transcript>> hyps,
                  Map<String, long[]> unscored) {

        /**
         * The word totals in the stores equal {@link EditScorer#wer} at unit costs and {@link
         * EditScorer#ned} over each model's scored utterances, against those references; the
         * unscored counts equal the corpus's; the minutes (record time) sum to the totals.
         */
        void assertEqualsOffline(WordView words, String where) {
            Map<ModelTier, WordCounts> totals = words.totals();
            for (String model : hyps.keySet()) {
                List<Transcript> itsRefs = new ArrayList<>();
                for (Transcript h : hyps.get(model)) {
                    itsRefs.add(refs.stream().filter(r -> r.id().equals(h.id())).findFirst().orElseThrow());
                }
                EditScorer.WerResult wer = EditScorer.wer(itsRefs, hyps.get(model), EditCosts.UNIT);
                EditScorer.NedResult ned = EditScorer.ned(itsRefs, hyps.get(model));
                WordCounts got = totals.getOrDefault(new ModelTier(model, "word"), WordCounts.ZERO);
                String what = where + " model " + model;
                assertEquals(wer.counts(), got.edits(), what);
                assertEquals(ned.counts().utterances(), got.ned().utterances(), what);
                assertEquals(ned.counts().distanceSum(), got.ned().distanceSum(), 1e-9, what);
                for (Unscored reason : Unscored.values()) {
                    assertEquals(unscored.get(model)[reason.ordinal()], got.unscoredOf(reason), what + " " + reason);
                }
                WordCounts minutes = words.since(0).getOrDefault(new ModelTier(model, "word"), WordCounts.ZERO);
                assertEquals(got.edits(), minutes.edits(), what);
            }
        }
    }

    /**
     * 1-6 utterances named {@code utt-<trial>-<n>}, each with a reference (five in six labelled)
     * and every model's hypothesis (five in six as words, else as bare times).
     */
    static Corpus generate(Random rnd, int trial, String[] models, double disorder) {
        int utterances = 1 + rnd.nextInt(6);
        List<List<String[]>> streams = new ArrayList<>();
        Vocabulary vocabulary = new Vocabulary(false);
        List<Transcript> refs = new ArrayList<>();
        Map<String, List<Transcript>> hyps = new java.util.TreeMap<>();
        Map<String, long[]> unscored = new HashMap<>();
        for (String model : models) {
            hyps.put(model, new ArrayList<>());
            unscored.put(model, new long[Unscored.values().length]);
        }
        for (int u = 0; u < utterances; u++) {
            String id = "utt-" + trial + "-" + u;
            boolean labelled = rnd.nextInt(6) != 0;
            List<Seg> ref = randomSegments(rnd, labelled, true);
            streams.add(referenceMessages(rnd, id, ref));
            boolean refHasLabel = ref.stream().anyMatch(s -> !s.label.isEmpty());
            if (refHasLabel) {
                refs.add(transcript(id, ref, vocabulary));
            }
            for (String model : models) {
                boolean words = rnd.nextInt(6) != 0;
                List<Seg> hyp = randomSegments(rnd, true, false);
                streams.add(hypothesisMessages(rnd, id, model, hyp, words, disorder));
                if (!words) {
                    unscored.get(model)[Unscored.NO_WORDS.ordinal()]++;
                } else if (!refHasLabel) {
                    unscored.get(model)[Unscored.NO_LABELS.ordinal()]++;
                } else {
                    hyps.get(model).add(transcript(id, hyp, vocabulary));
                }
            }
        }
        return new Corpus(streams, refs, hyps, unscored);
    }

    /** A small vocabulary so that matches, substitutions and repeated words all occur; ignored labels among them. */
    static final String[] VOCAB = {"ni", "hao", "shi", "jie", "好", "sil", "sp", ""};

    record Seg(int startMs, int endMs, String label) {
    }

    /** Kaldi text's view of a side: its labels in time order, without the ignored and empty ones. */
    static Transcript transcript(String id, List<Seg> segs, Vocabulary vocabulary) {
        List<String> words = new ArrayList<>();
        for (Seg s : segs) {
            if (!s.label.isEmpty() && !s.label.equals("sil") && !s.label.equals("sp")) {
                words.add(s.label);
            }
        }
        return new Transcript(id, words.stream().mapToInt(vocabulary::intern).toArray(), 0);
    }

    /**
     * Segments on a 1 ms grid with distinct starts, touching or with gaps; labels from the
     * vocabulary ({@code labelled}) or none; a hypothesis ({@code !reference}) has no ignored or
     * empty word, which a model would not emit.
     */
    static List<Seg> randomSegments(Random rnd, boolean labelled, boolean reference) {
        List<Seg> out = new ArrayList<>();
        int t = rnd.nextInt(50);
        int n = rnd.nextInt(9);
        for (int i = 0; i < n; i++) {
            int len = 10 + rnd.nextInt(400);
            String label = !labelled ? "" : VOCAB[rnd.nextInt(reference ? VOCAB.length : 5)];
            out.add(new Seg(t, t + len, label));
            t += len + (rnd.nextInt(3) == 0 ? rnd.nextInt(200) : 0);
        }
        return out;
    }

    /** The reference in 1-3 chunks in time order, the last final, some chunks sent twice. */
    static List<String[]> referenceMessages(Random rnd, String id, List<Seg> segs) {
        List<String[]> out = new ArrayList<>();
        int chunks = Math.max(1, Math.min(segs.size(), 1 + rnd.nextInt(3)));
        int per = Math.max(1, (int) Math.ceil(segs.size() / (double) chunks));
        for (int c = 0; c * per < Math.max(1, segs.size()); c++) {
            List<Seg> part = segs.subList(Math.min(c * per, segs.size()), Math.min((c + 1) * per, segs.size()));
            boolean last = (c + 1) * per >= segs.size();
            StringJoiner j = new StringJoiner(",", "[", "]");
            for (Seg s : part) {
                j.add(String.format(Locale.ROOT, "{\"start\":%s,\"end\":%s%s}", s.startMs / 1000.0, s.endMs / 1000.0,
                        s.label.isEmpty() && rnd.nextBoolean() ? "" : ",\"label\":\"" + s.label + "\""));
            }
            out.add(new String[] {"ref", id, "{\"utterance\":\"" + id + "\",\"tier\":\"word\",\"segments\":" + j + ",\"final\":" + last + "}"});
            if (rnd.nextInt(4) == 0) {
                out.add(out.get(out.size() - 1));
            }
        }
        return out;
    }

    /**
     * The words in batches of 1-3, some batches sent twice, then the end mark; or, when
     * {@code !words}, the same boundaries as bare times. With a disorder bound the words are sent
     * shuffled by up to it: sorted by start + u, u in [0, disorder], kept only if no word then
     * starts below an end sent before it minus the bound (the contract's rule), else in order.
     */
    static List<String[]> hypothesisMessages(Random rnd, String id, String model, List<Seg> hyp, boolean words, double disorder) {
        List<Seg> order = new ArrayList<>(hyp);
        int d = (int) Math.round(disorder * 1000);
        Map<Seg, Integer> key = new HashMap<>();
        for (Seg s : order) {
            key.put(s, s.startMs + rnd.nextInt(d + 1));
        }
        Collections.shuffle(order, rnd);
        order.sort(java.util.Comparator.comparingInt(key::get));
        int maxSeen = Integer.MIN_VALUE;
        for (Seg s : order) {
            if (s.startMs < maxSeen - d) {
                order = new ArrayList<>(hyp);
                break;
            }
            maxSeen = Math.max(maxSeen, s.endMs);
        }
        String head = "{\"utterance\":\"" + id + "\",\"model\":\"" + model + "\",\"tier\":\"word\",";
        List<String[]> out = new ArrayList<>();
        int i = 0;
        while (i < order.size()) {
            int n = Math.min(order.size() - i, 1 + rnd.nextInt(3));
            StringJoiner j = new StringJoiner(",", "[", "]");
            for (Seg s : order.subList(i, i + n)) {
                j.add(words
                        ? String.format(Locale.ROOT, "{\"start\":%s,\"end\":%s,\"word\":\"%s\"}", s.startMs / 1000.0, s.endMs / 1000.0, s.label)
                        : (s.startMs / 1000.0) + "," + (s.endMs / 1000.0));
            }
            out.add(new String[] {"hyp", id, head + (words ? "\"words\":" : "\"times\":") + j + "}"});
            if (rnd.nextInt(4) == 0) {
                out.add(out.get(out.size() - 1));
            }
            i += n;
        }
        out.add(new String[] {"hyp", id, head + (words ? "\"words\":[]," : "") + "\"end\":true}"});
        return out;
    }
}
