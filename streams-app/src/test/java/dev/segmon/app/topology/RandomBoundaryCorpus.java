package dev.segmon.app.topology;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.boundary.CorpusBoundaryResult;
import dev.segmon.model.boundary.Unreferenced;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

/**
 * Random boundary corpora as messages of the input topics (docs/contract.md 3.1): references in
 * chunks, hypotheses' boundaries in disorder-respecting batches, re-sent messages among them.
 * Each message is {side ("ref" or "hyp"), utterance, json}; the tests that prove the streaming
 * totals exact feed them in a random {@link Interleaving} and score the same data offline.
 */
final class RandomBoundaryCorpus {
    private RandomBoundaryCorpus() {
    }

    /**
     * One corpus: its message streams (each in its own order) and what the offline scorer gives
     * on the same data, per model: the totals and each utterance's counts (in utterance order).
     * In {@code expected} and {@code perUtterance} an utterance without reference is scored
     * against an empty one ({@code --unreferenced score-empty}); {@link #offline} runs the corpus
     * scorer of {@code eval boundaries} on the references and each model's hypotheses.
     */
    record Corpus(List<List<String[]>> streams, Map<String, BoundaryCounts> expected,
                  Map<String, List<BoundaryCounts>> perUtterance, List<Boolean> referenced,
                  List<Utterance> references, Map<String, List<Utterance>> hypotheses, double tolerance, double disorder) {
        /** Each model's totals as {@code eval boundaries --unreferenced <choice>} gives them on this corpus. */
        Map<String, CorpusBoundaryResult> offline(Unreferenced choice) {
            BoundaryScorer scorer = BoundaryScorer.builder().tolerance(tolerance).unreferenced(choice).build();
            Map<String, CorpusBoundaryResult> out = new java.util.TreeMap<>();
            hypotheses.forEach((model, hyps) -> out.put(model,
                    scorer.score(new UtteranceList("ref", references), new UtteranceList(model, hyps))));
            return out;
        }

        int utterances() {
            return referenced.size();
        }

        long referencedCount() {
            return referenced.stream().filter(r -> r).count();
        }
    }

    /**
     * {@code corpus} with each hypothesis end declaring {@code declaration.apply(u)} of utterance
     * {@code u} ({@code "reference": "expected"} or {@code "none"}; null: nothing declared).
     */
    static Corpus declared(Corpus corpus, java.util.function.IntFunction<String> declaration) {
        List<List<String[]>> streams = new ArrayList<>();
        for (List<String[]> stream : corpus.streams()) {
            List<String[]> out = new ArrayList<>();
            for (String[] msg : stream) {
                String said = declaration.apply(Integer.parseInt(msg[1].substring(msg[1].lastIndexOf('-') + 1)));
                boolean end = msg[0].equals("hyp") && msg[2].endsWith("\"end\":true}") && said != null;
                out.add(end ? new String[] {msg[0], msg[1], msg[2].replace("\"end\":true}", "\"end\":true,\"reference\":\"" + said + "\"}")}
                        : msg);
            }
            streams.add(out);
        }
        return new Corpus(streams, corpus.expected(), corpus.perUtterance(), corpus.referenced(), corpus.references(),
                corpus.hypotheses(), corpus.tolerance(), corpus.disorder());
    }

    /** 1-6 utterances named {@code utt-<trial>-<n>}, four in five with a reference, each with every model's boundaries. */
    static Corpus generate(Random rnd, int trial, String[] models, double tolerance, double disorder) {
        return generate(rnd, trial, models, tolerance, disorder, 1 + rnd.nextInt(6), () -> rnd.nextInt(5) != 0,
                segments -> randomTimes(rnd));
    }

    /**
     * {@code utterances} utterances, each with a reference when {@code referenceDrawn} says so, each
     * model's boundaries drawn by {@code recognizer} from the utterance's segments.
     */
    static Corpus generate(Random rnd, int trial, String[] models, double tolerance, double disorder, int utterances,
                           java.util.function.BooleanSupplier referenceDrawn, java.util.function.Function<List<Segment>, double[]> recognizer) {
        BoundaryScorer scorer = BoundaryScorer.builder().tolerance(tolerance).build();
        List<Utterance> references = new ArrayList<>();
        Map<String, List<Utterance>> hypotheses = new java.util.TreeMap<>();
        List<List<String[]>> streams = new ArrayList<>();
        Map<String, BoundaryCounts> expected = new java.util.TreeMap<>();
        Map<String, List<BoundaryCounts>> perUtterance = new java.util.TreeMap<>();
        List<Boolean> referenced = new ArrayList<>();
        for (int u = 0; u < utterances; u++) {
            String id = "utt-" + trial + "-" + u;
            boolean hasReference = referenceDrawn.getAsBoolean();
            List<Segment> segments = randomSegments(rnd);
            Utterance ref = new Utterance.Segmented(id, hasReference ? segments : List.of());
            referenced.add(hasReference);
            if (hasReference) {
                references.add(ref);
                streams.add(referenceMessages(rnd, id, segments));
            }
            for (String model : models) {
                double[] times = recognizer.apply(segments);
                Utterance hyp = new Utterance.Marked(id, times);
                hypotheses.computeIfAbsent(model, m -> new ArrayList<>()).add(hyp);
                BoundaryCounts counts = scorer.score(ref, hyp);
                expected.merge(model, counts, BoundaryCounts::plus);
                perUtterance.computeIfAbsent(model, m -> new ArrayList<>()).add(counts);
                streams.add(hypothesisMessages(rnd, id, model, times, disorder));
            }
        }
        return new Corpus(streams, expected, perUtterance, referenced, references, hypotheses, tolerance, disorder);
    }

    /** Contiguous or gapped segments on a 1 ms grid (so exact-tolerance offsets such as 0.52 vs 0.50 occur). */
    static List<Segment> randomSegments(Random rnd) {
        List<Segment> out = new ArrayList<>();
        int t = rnd.nextInt(50);
        int n = rnd.nextInt(8);
        for (int i = 0; i < n; i++) {
            int len = 10 + rnd.nextInt(400);
            out.add(new Segment(t / 1000.0, (t + len) / 1000.0, "w" + i));
            t += len + (rnd.nextInt(3) == 0 ? rnd.nextInt(200) : 0);
        }
        return out;
    }

    /**
     * A recognizer close to the reference: each boundary of {@code segments} moved by up to 30 ms
     * (1 ms grid), one in ten dropped, and one extra boundary in three utterances.
     */
    static double[] nearTimes(Random rnd, List<Segment> segments) {
        TreeSet<Integer> s = new TreeSet<>();
        for (Segment g : segments) {
            for (double t : new double[] {g.start(), g.end()}) {
                if (rnd.nextInt(10) != 0) {
                    s.add(Math.max(0, (int) Math.round(t * 1000) + rnd.nextInt(61) - 30));
                }
            }
        }
        if (rnd.nextInt(3) == 0) {
            s.add(rnd.nextInt(3000));
        }
        return s.stream().mapToDouble(ms -> ms / 1000.0).toArray();
    }

    static double[] randomTimes(Random rnd) {
        TreeSet<Integer> s = new TreeSet<>();
        int n = rnd.nextInt(10);
        for (int i = 0; i < n; i++) {
            s.add(rnd.nextInt(3000));
        }
        return s.stream().mapToDouble(ms -> ms / 1000.0).toArray();
    }

    /** The reference in 1-3 chunks in time order, the last one final; sometimes an empty final chunk; some chunks sent twice. */
    static List<String[]> referenceMessages(Random rnd, String id, List<Segment> segments) {
        List<String[]> out = new ArrayList<>();
        if (segments.isEmpty()) {
            out.add(new String[] {"ref", id, referenceJson(id, segments, true)});
            return out;
        }
        int chunks = Math.max(1, Math.min(segments.size(), 1 + rnd.nextInt(3)));
        int per = (int) Math.ceil(segments.size() / (double) chunks);
        boolean emptyFinal = rnd.nextBoolean();
        for (int c = 0; c * per < segments.size(); c++) {
            List<Segment> part = segments.subList(Math.min(c * per, segments.size()), Math.min((c + 1) * per, segments.size()));
            boolean last = (c + 1) * per >= segments.size();
            out.add(new String[] {"ref", id, referenceJson(id, part, last && !emptyFinal)});
            if (rnd.nextInt(4) == 0) { // a re-sent chunk: refused as a duplicate, counted once
                out.add(out.get(out.size() - 1));
            }
        }
        if (emptyFinal) {
            out.add(new String[] {"ref", id, referenceJson(id, List.of(), true)});
        }
        return out;
    }

    private static String referenceJson(String id, List<Segment> part, boolean last) {
        StringBuilder b = new StringBuilder("{\"utterance\":\"" + id + "\",\"tier\":\"word\",\"segments\":[");
        for (int i = 0; i < part.size(); i++) {
            Segment s = part.get(i);
            b.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "{\"start\":%s,\"end\":%s,\"label\":\"%s\"}",
                    s.start(), s.end(), s.label()));
        }
        return b.append("],\"final\":").append(last).append('}').toString();
    }

    /**
     * The boundaries in a disorder-respecting order (sorted by time + u, u in [0, disorder]), in batches
     * of 1-3 ("time" or "times"), some batches sent twice, then "end" (sometimes twice).
     */
    static List<String[]> hypothesisMessages(Random rnd, String id, String model, double[] times, double disorder) {
        double[][] keyed = new double[times.length][];
        for (int i = 0; i < times.length; i++) {
            // jitter on the 1 ms grid, both ends included, ties in random order: arrivals at
            // exactly (max seen - disorder) occur, the edge of what is admissible
            keyed[i] = new double[] {Math.round(times[i] * 1000) + rnd.nextInt((int) Math.round(disorder * 1000) + 1), times[i]};
        }
        java.util.Collections.shuffle(Arrays.asList(keyed), rnd);
        Arrays.sort(keyed, Comparator.comparingDouble((double[] a) -> a[0]));
        String head = "{\"utterance\":\"" + id + "\",\"model\":\"" + model + "\",\"tier\":\"word\",";
        List<String[]> out = new ArrayList<>();
        int i = 0;
        while (i < keyed.length) {
            int n = Math.min(keyed.length - i, 1 + rnd.nextInt(3));
            String json;
            if (n == 1) {
                json = head + "\"time\":" + keyed[i][1] + "}";
            } else {
                StringBuilder b = new StringBuilder(head + "\"times\":[");
                for (int k = 0; k < n; k++) {
                    b.append(k == 0 ? "" : ",").append(keyed[i + k][1]);
                }
                json = b.append("]}").toString();
            }
            out.add(new String[] {"hyp", id, json});
            if (rnd.nextInt(4) == 0) {
                out.add(new String[] {"hyp", id, json});
            }
            i += n;
        }
        out.add(new String[] {"hyp", id, head + "\"end\":true}"});
        if (rnd.nextInt(4) == 0) {
            out.add(new String[] {"hyp", id, head + "\"end\":true}"});
        }
        return out;
    }
}
