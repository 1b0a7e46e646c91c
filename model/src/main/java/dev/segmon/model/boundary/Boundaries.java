package dev.segmon.model.boundary;

import dev.segmon.model.Micros;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.util.Arrays;
import java.util.Set;

/**
 * Boundary extraction: the boundaries of an utterance are the distinct start and end times of
 * its segments (docs/contract.md 2.1), on the microsecond grid, sorted ascending, held in a primitive
 * {@code long[]} so that millions of boundaries cost 8 bytes each.
 */
public final class Boundaries {
    private static final long[] NONE = new long[0];

    private Boundaries() {
    }

    /**
     * The sorted distinct boundaries of an utterance.
     *
     * @param ignoredLabels labels whose segments are dropped first (e.g. {@code sil}, {@code sp});
     *                      they only apply to segmented utterances
     * @param trimEdges     drop the first and the last boundary (mir_eval's {@code trim=True})
     */
    public static long[] of(Utterance utterance, Set<String> ignoredLabels, boolean trimEdges) {
        long[] times;
        if (utterance instanceof Utterance.Segmented s) {
            times = new long[2 * s.segments().size()];
            int n = 0;
            for (Segment segment : s.segments()) {
                if (ignoredLabels.contains(segment.label())) {
                    continue;
                }
                times[n++] = Micros.of(segment.start());
                times[n++] = Micros.of(segment.end());
            }
            times = sortedDistinct(times, n);
        } else {
            double[] seconds = ((Utterance.Marked) utterance).times();
            times = new long[seconds.length];
            for (int i = 0; i < seconds.length; i++) {
                times[i] = Micros.of(seconds[i]);
            }
            times = sortedDistinct(times, times.length);
        }
        return trimEdges ? trimEdges(times) : times;
    }

    /** The first {@code n} values of {@code times}, sorted, without repeats (sorts in place). */
    public static long[] sortedDistinct(long[] times, int n) {
        if (n == 0) {
            return NONE;
        }
        Arrays.sort(times, 0, n);
        int distinct = 1;
        for (int i = 1; i < n; i++) {
            if (times[i] != times[distinct - 1]) {
                times[distinct++] = times[i];
            }
        }
        return distinct == times.length ? times : Arrays.copyOf(times, distinct);
    }

    /** Sorted boundaries without the first and the last; empty when fewer than three. */
    public static long[] trimEdges(long[] sorted) {
        return sorted.length <= 2 ? NONE : Arrays.copyOfRange(sorted, 1, sorted.length - 1);
    }
}
