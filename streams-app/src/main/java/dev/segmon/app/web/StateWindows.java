package dev.segmon.app.web;

import dev.segmon.app.view.IntervalView;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.PairTier;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.view.MonitorView;
import dev.segmon.app.state.WordCounts;
import dev.segmon.app.view.WordView;
import dev.segmon.app.wire.InputEvent;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * {@link WindowSource} and {@link OverviewSource} over the monitor's state: the minute window store
 * and the moment minute store of this instance's active tasks (both kept 25 h behind stream time),
 * minutes of one start summed across tasks. A minute present in one store only (boundaries decided
 * in it but no utterance closed, or the other way round) gets zeros for the other.
 */
public final class StateWindows implements WindowSource, OverviewSource {
    private final MonitorView state;
    private final IntervalView intervals;
    private final WordView words;

    public StateWindows(MonitorView state, IntervalView intervals, WordView words) {
        this.state = state;
        this.intervals = intervals;
        this.words = words;
    }

    @Override
    public List<MinuteTotals> local(String model, String tier, long fromMs, long toMs) {
        ModelTier series = new ModelTier(model, tier);
        return minutes(fromMs, toMs == Long.MAX_VALUE ? toMs : toMs + 1, series::equals).getOrDefault(series, List.of());
    }

    @Override
    public Sums sums(long fromMs) {
        SortedMap<ModelTier, MinuteTotals> models = new TreeMap<>();
        for (ModelTier series : state.totals().keySet()) {
            models.put(series, MinuteTotals.empty(fromMs));
        }
        minutes(fromMs, Long.MAX_VALUE, series -> true).forEach((series, byStart) -> byStart.forEach(
                w -> models.merge(series, w.at(fromMs), MinuteTotals::plus)));
        models.keySet().removeIf(series -> series.model().equals(InputEvent.NO_MODEL));
        SortedMap<PairTier, PairedMoments> comparisons = new TreeMap<>();
        for (PairTier pair : intervals.paired().keySet()) {
            comparisons.put(pair, PairedMoments.ZERO);
        }
        intervals.pairedSince(fromMs).forEach((pair, m) -> comparisons.merge(pair, m, PairedMoments::plus));
        return new Sums(models, comparisons);
    }

    /** The minutes starting in [fromMs, endMs) of each series {@code wanted} accepts, ascending. */
    private SortedMap<ModelTier, List<MinuteTotals>> minutes(long fromMs, long endMs, Predicate<ModelTier> wanted) {
        SortedMap<ModelTier, SortedMap<Long, MinuteCounts>> counts = state.minutes(fromMs, endMs);
        SortedMap<ModelTier, SortedMap<Long, UtteranceMoments>> moments = intervals.momentMinutes(fromMs, endMs);
        SortedMap<ModelTier, SortedMap<Long, WordCounts>> wordMinutes = words.minutes(fromMs, endMs);
        TreeSet<ModelTier> all = new TreeSet<>(counts.keySet());
        all.addAll(moments.keySet());
        all.addAll(wordMinutes.keySet());
        all.removeIf(wanted.negate());
        SortedMap<ModelTier, List<MinuteTotals>> out = new TreeMap<>();
        for (ModelTier series : all) {
            SortedMap<Long, MinuteCounts> c = counts.getOrDefault(series, EMPTY_COUNTS);
            SortedMap<Long, UtteranceMoments> m = moments.getOrDefault(series, EMPTY_MOMENTS);
            SortedMap<Long, WordCounts> w = wordMinutes.getOrDefault(series, EMPTY_WORDS);
            TreeSet<Long> starts = new TreeSet<>(c.keySet());
            starts.addAll(m.keySet());
            starts.addAll(w.keySet());
            List<MinuteTotals> windows = new ArrayList<>(starts.size());
            for (long start : starts) {
                MinuteCounts mc = c.get(start);
                windows.add(new MinuteTotals(start, mc == null ? 0 : mc.utterances(), mc == null ? BoundaryCounts.ZERO : mc.counts(),
                        m.getOrDefault(start, UtteranceMoments.ZERO), w.getOrDefault(start, WordCounts.ZERO).edits()));
            }
            out.put(series, windows);
        }
        return out;
    }

    private static final SortedMap<Long, MinuteCounts> EMPTY_COUNTS = new TreeMap<>();
    private static final SortedMap<Long, UtteranceMoments> EMPTY_MOMENTS = new TreeMap<>();
    private static final SortedMap<Long, WordCounts> EMPTY_WORDS = new TreeMap<>();
}
