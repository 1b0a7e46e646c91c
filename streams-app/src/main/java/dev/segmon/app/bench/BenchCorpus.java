package dev.segmon.app.bench;

import dev.segmon.app.replay.TrafficSink;
import dev.segmon.model.alignment.Segment;
import java.util.ArrayList;
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
 */
public final class BenchCorpus {
    public static final List<String> MODELS = List.of("bench-a", "bench-b");
    public static final String TIER = "word";

    private final int words;
    private final long seed;

    /** @param words words per utterance (W), at least 1 */
    public BenchCorpus(int words, long seed) {
        if (words < 1) {
            throw new IllegalArgumentException("words per utterance must be >= 1");
        }
        this.words = words;
        this.seed = seed;
    }

    public int words() {
        return words;
    }

    /** 2W + 5, see the class comment. */
    public int recordsPerUtterance() {
        return MODELS.size() * (words + 2) + 1;
    }

    /** Hypothesis-topic records per utterance: 2 x (W + 2). */
    public int hypothesisRecordsPerUtterance() {
        return MODELS.size() * (words + 2);
    }

    /** Utterances needed for at least {@code events} records. */
    public long utterancesFor(long events) {
        return Math.max(1, (events + recordsPerUtterance() - 1) / recordsPerUtterance());
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
        for (double b : boundaries) {
            for (String model : MODELS) {
                double jitter = (random.nextInt(31) - 15) / 1000.0;
                sink.boundary(utterance, model, TIER, round(b + jitter));
                sent++;
            }
        }
        for (String model : MODELS) {
            sink.end(utterance, model, TIER);
            sent++;
        }
        sink.reference(utterance, TIER, segments);
        return sent + 1;
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }
}
