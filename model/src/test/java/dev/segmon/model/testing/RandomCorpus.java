package dev.segmon.model.testing;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded random boundary data for property tests and benchmarks, shared with streams-app through
 * the model's test-jar. Two kinds:
 *
 * <ul>
 * <li>{@link #sortedDistinct}: tiny adversarial inputs on the microsecond grid (few points in a
 *     short span, so ties, shared windows and offsets exactly at tolerance are frequent);</li>
 * <li>{@link #realistic}: corpora that look like word alignments scored against a system's
 *     output (words of 100-500 ms; every hypothesis boundary within 30 ms of its reference
 *     boundary, except a tenth that are misplaced), with exactly {@code n} boundaries per side
 *     per utterance so that sizes are exact.</li>
 * </ul>
 * Every method draws only from the {@link Random} it is given: same seed, same data.
 */
public final class RandomCorpus {
    private RandomCorpus() {
    }

    /**
     * One utterance of a corpus. A side is {@code null} when the utterance is absent from that
     * side's file (an unpaired id).
     *
     * @param reference  reference boundaries in seconds, ascending, or {@code null}
     * @param hypothesis hypothesis boundaries in seconds, ascending, or {@code null}
     */
    public record Pair(String id, double[] reference, double[] hypothesis) {
    }

    /** Up to {@code maxCount} distinct sorted integers in {@code [0, span)}; possibly none. */
    public static long[] sortedDistinct(Random random, int maxCount, long span) {
        int count = random.nextInt(maxCount + 1);
        return random.longs(0, span).distinct().limit(Math.min(count, span)).sorted().toArray();
    }

    /**
     * A corpus of {@code utterances} utterances with {@code boundaries} boundaries on each side,
     * ids {@code u000000, u000001, ...} in file order. A fraction {@code unpairedFraction} of the
     * utterances is present on one side only (which side is random).
     */
    public static List<Pair> realistic(Random random, int utterances, int boundaries, double unpairedFraction) {
        List<Pair> corpus = new ArrayList<>(utterances);
        for (int u = 0; u < utterances; u++) {
            double[] ref = referenceTimes(random, boundaries);
            double[] hyp = hypothesisTimes(random, ref);
            String id = String.format("u%06d", u);
            if (random.nextDouble() < unpairedFraction) {
                corpus.add(random.nextBoolean() ? new Pair(id, ref, null) : new Pair(id, null, hyp));
            } else {
                corpus.add(new Pair(id, ref, hyp));
            }
        }
        return corpus;
    }

    /** {@code n} strictly increasing times: word durations of 100-500 ms on the millisecond grid. */
    public static double[] referenceTimes(Random random, int n) {
        double[] t = new double[n];
        long ms = random.nextInt(200);
        for (int i = 0; i < n; i++) {
            t[i] = ms / 1000.0;
            ms += 100 + random.nextInt(401);
        }
        return t;
    }

    /**
     * One hypothesis boundary per reference boundary, strictly increasing: nine in ten within
     * +-30 ms of it (so mostly hits at the default 20 ms), one in ten moved to the middle of the
     * preceding gap (a miss plus a false alarm). Gaps are >= 100 ms, so order is kept.
     */
    public static double[] hypothesisTimes(Random random, double[] reference) {
        double[] h = new double[reference.length];
        for (int i = 0; i < reference.length; i++) {
            long refMs = Math.round(reference[i] * 1000);
            if (i > 0 && random.nextInt(10) == 0) {
                long prevMs = Math.round(reference[i - 1] * 1000);
                h[i] = (prevMs + refMs) / 2 / 1000.0;
            } else {
                long ms = Math.max(0, refMs + random.nextInt(61) - 30);
                h[i] = i > 0 ? Math.max(ms / 1000.0, h[i - 1] + 0.001) : ms / 1000.0;
            }
        }
        return h;
    }

    /** Seconds to the microsecond grid, as the scorer sees them. */
    public static long[] micros(double[] seconds) {
        long[] m = new long[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            m[i] = Math.round(seconds[i] * 1_000_000);
        }
        return m;
    }

    /** Writes the two sides as JSONL {@code {"id": .., "boundaries": [..]}} files (docs/contract.md 2.6). */
    public static void writeJsonl(List<Pair> corpus, Path referenceFile, Path hypothesisFile) {
        try (BufferedWriter ref = Files.newBufferedWriter(referenceFile, StandardCharsets.UTF_8);
             BufferedWriter hyp = Files.newBufferedWriter(hypothesisFile, StandardCharsets.UTF_8)) {
            for (Pair p : corpus) {
                if (p.reference() != null) {
                    writeLine(ref, p.id(), p.reference());
                }
                if (p.hypothesis() != null) {
                    writeLine(hyp, p.id(), p.hypothesis());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeLine(BufferedWriter out, String id, double[] times) throws IOException {
        StringBuilder line = new StringBuilder(16 + 8 * times.length);
        line.append("{\"id\": \"").append(id).append("\", \"boundaries\": [");
        for (int i = 0; i < times.length; i++) {
            if (i > 0) {
                line.append(", ");
            }
            line.append(times[i]);
        }
        out.append(line.append("]}\n"));
    }
}
