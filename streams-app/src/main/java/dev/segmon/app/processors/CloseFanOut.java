package dev.segmon.app.processors;

import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.Slice;
import java.util.ArrayList;
import java.util.List;

/**
 * The one place a closed utterance goes out to its series: the pooled one and each slice it closed
 * in (docs/slices.md), one aggregate change per series with every book's figures summed once,
 * then every book told of the close and its slice copies.
 */
final class CloseFanOut {
    private final SeriesTotals totals;
    private final List<UtteranceBook> books;
    private final SliceLabels slices;

    CloseFanOut(SeriesTotals totals, List<UtteranceBook> books, SliceLabels slices) {
        this.totals = totals;
        this.books = books;
        this.slices = slices;
    }

    /** Books {@code pooled} (its counts joined already, as they were decided) and its slice copies; {@code scored}: counts join the slices. */
    void closed(UtteranceBook.Closed pooled, boolean scored) {
        List<Slice> closedIn = slices.of(pooled.key());
        List<Slice> endedIn = slices.ofHypothesis(pooled.key());
        List<UtteranceBook.Closed> sliced = new ArrayList<>(closedIn.size());
        for (int i = 0; i < closedIn.size(); i++) {
            sliced.add(pooled.in(closedIn.get(i), endedIn.get(i)));
        }
        SeriesFigures figures = figures(pooled, scored);
        // Pooled: the outcome and one open utterance less.
        totals.closed(pooled.key().series(), figures, pooled.outcome(), null, -1, pooled.timestampMs());
        // A slice has no open count and no hit-offset histogram: its counts join at the close.
        for (UtteranceBook.Closed s : sliced) {
            totals.closed(s.key().series(), figures, s.outcome(), scored ? s.counts() : null, 0, s.timestampMs());
        }
        for (UtteranceBook b : books) {
            b.closed(pooled, sliced, scored);
        }
        slices.forget(pooled.key());
    }

    /** The sum of what every book adds to the closed utterance's series ({@link UtteranceBook#figures}), or null for nothing. */
    private SeriesFigures figures(UtteranceBook.Closed event, boolean scored) {
        SeriesFigures sum = null;
        for (UtteranceBook b : books) {
            SeriesFigures f = b.figures(event, scored);
            if (f != null) {
                sum = sum == null ? f : sum.plus(f);
            }
        }
        return sum;
    }
}
