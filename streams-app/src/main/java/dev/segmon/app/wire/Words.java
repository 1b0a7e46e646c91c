package dev.segmon.app.wire;

import dev.segmon.model.alignment.Segment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The words of a hypothesis message (docs/contract.md 3.1): their boundaries are their distinct
 * starts and ends, as a reference's segments'; the transcript is the words ordered by start time
 * (ties by end, then by the word, so that the order does not depend on how they were chunked).
 */
public final class Words {
    /** Transcript order: start, then end, then the word. */
    public static final Comparator<Segment> ORDER = Comparator.comparingDouble(Segment::start)
            .thenComparingDouble(Segment::end).thenComparing(Segment::label);

    private Words() {
    }

    /** The distinct starts and ends of {@code words}, sorted. */
    public static double[] times(List<Segment> words) {
        double[] all = new double[2 * words.size()];
        for (int i = 0; i < words.size(); i++) {
            all[2 * i] = words.get(i).start();
            all[2 * i + 1] = words.get(i).end();
        }
        // Sorted, then repeats dropped in place: a DoubleStream's distinct() boxes every value into
        // a hash set, on every word message.
        Arrays.sort(all);
        int n = 0;
        for (int i = 0; i < all.length; i++) {
            if (n == 0 || Double.compare(all[i], all[n - 1]) != 0) {
                all[n++] = all[i];
            }
        }
        return Arrays.copyOf(all, n);
    }

    /** A sorted copy (see {@link #ORDER}). */
    public static List<Segment> sorted(List<Segment> words) {
        List<Segment> out = new ArrayList<>(words);
        out.sort(ORDER);
        return List.copyOf(out);
    }
}
