package dev.segmon.app.demo;

import dev.segmon.app.state.Keys.DeadLetterKey;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.view.MonitorView;
import dev.segmon.app.state.Totals;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.BoundaryCounts;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** A {@link MonitorView} holding fixed figures, for tests of what reads it. */
final class FixedState implements MonitorView {
    private final SortedMap<ModelTier, Totals> totals = new TreeMap<>();
    private final SortedMap<ModelTier, SortedMap<Long, MinuteCounts>> minutes = new TreeMap<>();

    /** Cumulative counts of a model on tier word, with {@code scored} utterances closed as scored. */
    FixedState total(String model, long nRef, long nHyp, long hits, long scored) {
        Map<Outcome, Long> outcomes = scored == 0 ? Map.of() : Map.of(Outcome.SCORED, scored);
        totals.put(new ModelTier(model, "word"), new Totals(BoundaryCounts.oneToOne(nRef, nHyp, hits),
                Totals.ZERO.offsetBuckets(), 0, outcomes, 0));
        return this;
    }

    FixedState minute(String model, long startMs, long nRef, long nHyp, long hits) {
        minutes.computeIfAbsent(new ModelTier(model, "word"), k -> new TreeMap<>())
                .put(startMs, new MinuteCounts(BoundaryCounts.oneToOne(nRef, nHyp, hits), 0, false));
        return this;
    }

    @Override
    public SortedMap<ModelTier, Totals> totals() {
        return totals;
    }

    @Override
    public SortedMap<ModelTier, SortedMap<Long, MinuteCounts>> minutes(long fromMs, long toMs) {
        SortedMap<ModelTier, SortedMap<Long, MinuteCounts>> out = new TreeMap<>();
        minutes.forEach((k, v) -> {
            SortedMap<Long, MinuteCounts> in = v.subMap(fromMs, toMs);
            if (!in.isEmpty()) {
                out.put(k, in);
            }
        });
        return out;
    }

    @Override
    public SortedMap<DeadLetterKey, Long> deadLetters() {
        return new TreeMap<>();
    }

    @Override
    public SortedMap<String, Long> referenceClock() {
        return new TreeMap<>();
    }
}
