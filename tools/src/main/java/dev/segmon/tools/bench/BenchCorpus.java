package dev.segmon.tools.bench;

import dev.segmon.app.replay.TrafficSink;
import dev.segmon.model.alignment.Segment;
import java.util.ArrayList;
import dev.segmon.app.wire.Declaration;
import java.util.List;
import java.util.Random;

/**
 * The benchmark's synthetic traffic: utterances of a fixed number of words, each scored for two
 * models. Per utterance, in this order: both models' boundaries interleaved in time order (the
 * reference's W + 1 boundaries, each moved by a small jitter well inside the 20 ms tolerance),
 * each model's {@code end}, then the reference as one {@code final} message. The reference comes
 * last, so its arrival is what closes the utterance for both models: the latency probe times it.
 *
 * <p>Records per utterance: 2 models x (W + 1 boundaries + 1 end) + 1 reference = 2W + 5. A
 * corpus of N events has ceil(N / (2W + 5)) utterances (the last one is complete, so the count
 * can exceed N by less than one utterance).
 *
 * <p>With words ({@code sendWords}), each model sends its W words instead, one per message, word
 * w spanning its jittered boundaries w and w + 1 (the same boundaries as without words), labelled
 * as the reference's: 2 x (W + 1) + 1 = 2W + 3 records per utterance, each hypothesis message
 * carrying a word.
 *
 * <p>Labelled ({@code withLabels}), each model's {@code end} carries the utterance's
 * {@link BenchLabels}, as a producer that knows them once the utterance is decoded sends them
 * (docs/slices.md): the same records, the ends a few bytes longer.
 */
public final class BenchCorpus {
    public static final List<String> MODELS = List.of("bench-a", "bench-b");
    public static final String TIER = "word";

    private final int words;
    private final long seed;
    private final boolean sendWords;
    private final BenchLabels labels;

    /** @param words words per utterance (W), at least 1 */
    public BenchCorpus(int words, long seed) {
        this(words, seed, false);
    }

    /** @param sendWords hypothesis messages carry words (see the class comment) */
    public BenchCorpus(int words, long seed, boolean sendWords) {
        this(words, seed, sendWords, false);
    }

    /** @param withLabels each model's end carries the utterance's {@link BenchLabels} */
    public BenchCorpus(int words, long seed, boolean sendWords, boolean withLabels) {
        if (words < 1) {
            throw new IllegalArgumentException("words per utterance must be >= 1");
        }
        this.words = words;
        this.seed = seed;
        this.sendWords = sendWords;
        this.labels = withLabels ? new BenchLabels(seed) : null;
    }

    public int words() {
        return words;
    }

    /** 2W + 5, or 2W + 3 with words, see the class comment. */
    public int recordsPerUtterance() {
        return hypothesisRecordsPerUtterance() + 1;
    }

    /** Hypothesis-topic records per utterance: 2 x (W + 2), or 2 x (W + 1) with words. */
    public int hypothesisRecordsPerUtterance() {
        return MODELS.size() * (words + (sendWords ? 1 : 2));
    }

    /** Utterances needed for at least {@code events} records. */
    public long utterancesFor(long events) {
        return utterancesFor(events, 1);
    }

    /** Utterances needed for at least {@code events} records when a {@code share} of them has a reference. */
    public long utterancesFor(long events, double share) {
        return ReferenceSample.utterancesFor(events, hypothesisRecordsPerUtterance(), share);
    }

    /** Records per utterance on average when a {@code share} of them has a reference: the pacing's unit. */
    public double meanRecordsPerUtterance(double share) {
        return hypothesisRecordsPerUtterance() + share;
    }

    /** The id of utterance {@code index} of a corpus whose ids start with {@code prefix}. */
    public static String id(String prefix, long index) {
        return prefix + "-" + index;
    }

    /**
     * Sends utterance {@code index} to the sink. The same (prefix, index, seed) gives the same
     * messages. Returns the number of records sent.
     */
    public int send(TrafficSink sink, String prefix, long index) {
        return send(sink, prefix, index, true, false);
    }

    /**
     * Sends utterance {@code index}, with its reference only if {@code referenced} (an utterance
     * without one is the same hypothesis messages, one record fewer). With {@code declare}, each
     * model's end says whether a reference follows ({@code "expected"} or {@code "none"}, docs/contract.md 3.1).
     */
    public int send(TrafficSink sink, String prefix, long index, boolean referenced, boolean declare) {
        String utterance = id(prefix, index);
        Random random = new Random(seed * 1_000_003L + index);
        // Words of 0.12-0.50 s: neighbouring boundaries at least 120 ms apart, so a jitter of at most
        // +-15 ms never reorders or merges them and every boundary is a hit at a 20 ms tolerance.
        List<Segment> segments = new ArrayList<>(words);
        double t = 0.1 + random.nextInt(100) / 1000.0;
        for (int w = 0; w < words; w++) {
            double end = round(t + 0.12 + random.nextInt(380) / 1000.0);
            segments.add(new Segment(t, end, "w" + w));
            t = end;
        }
        double[] boundaries = new double[words + 1];
        boundaries[0] = segments.get(0).start();
        for (int w = 0; w < words; w++) {
            boundaries[w + 1] = segments.get(w).end();
        }
        int sent = 0;
        double[][] jittered = new double[MODELS.size()][boundaries.length];
        for (int i = 0; i < boundaries.length; i++) {
            for (int m = 0; m < MODELS.size(); m++) {
                double jitter = (random.nextInt(31) - 15) / 1000.0;
                jittered[m][i] = round(boundaries[i] + jitter);
                if (!sendWords) {
                    sink.boundary(utterance, MODELS.get(m), TIER, jittered[m][i]);
                    sent++;
                } else if (i > 0) {
                    sink.words(utterance, MODELS.get(m), TIER, List.of(new Segment(jittered[m][i - 1], jittered[m][i], "w" + (i - 1))));
                    sent++;
                }
            }
        }
        java.util.Map<String, String> labelled = labels == null ? null : labels.of(index);
        for (String model : MODELS) {
            if (labelled != null) {
                sink.end(utterance, model, TIER, Double.NaN, declare ? (referenced ? Declaration.EXPECTED : Declaration.NONE)
                        : Declaration.UNDECLARED, labelled);
            } else if (declare) {
                sink.end(utterance, model, TIER, Double.NaN, referenced ? Declaration.EXPECTED : Declaration.NONE);
            } else {
                sink.end(utterance, model, TIER);
            }
            sent++;
        }
        if (!referenced) {
            return sent;
        }
        sink.reference(utterance, TIER, segments);
        return sent + 1;
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }
}
