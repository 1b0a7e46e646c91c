package dev.segmon.app.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.state.Keys.DeadLetterKey;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.view.MonitorView;
import dev.segmon.app.state.Totals;
import dev.segmon.app.wire.Outcome;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class StoreMetricsSelectionTest {

    /** A state of one model that notes which of its stores were read. */
    private static final class CountingState implements MonitorView {
        final List<String> reads = new ArrayList<>();

        @Override
        public SortedMap<ModelTier, Totals> totals() {
            reads.add("totals");
            SortedMap<ModelTier, Totals> out = new TreeMap<>();
            // Three utterances scored: 3 by hand.
            out.put(new ModelTier("m", "words"), Totals.ZERO.withOutcome(Outcome.SCORED).withOutcome(Outcome.SCORED)
                    .withOutcome(Outcome.SCORED));
            return out;
        }

        @Override
        public SortedMap<ModelTier, SortedMap<Long, MinuteCounts>> minutes(long fromMs, long toMs) {
            reads.add("minutes");
            return new TreeMap<>();
        }

        @Override
        public SortedMap<DeadLetterKey, Long> deadLetters() {
            reads.add("deadLetters");
            return new TreeMap<>();
        }

        @Override
        public SortedMap<String, Long> referenceClock() {
            reads.add("referenceClock");
            return new TreeMap<>();
        }
    }

    private static Set<String> names(MetricSnapshots snapshots) {
        return snapshots.stream().map(s -> s.getMetadata().getPrometheusName()).collect(Collectors.toSet());
    }

    @Test
    void aScrapeOfTheUtteranceCounterReadsOnlyTheTotals() {
        CountingState state = new CountingState();
        MetricSnapshots out = new StoreMetrics(state, () -> 0L).collect(name -> name.equals("segmon_utterances"));

        assertEquals(List.of("totals"), state.reads);
        assertEquals(Set.of("segmon_utterances"), names(out));
        CounterSnapshot utterances = (CounterSnapshot) out.get(0);
        // Three closed scored; the model's other outcomes are exported at 0 (unhypothesized is not a model's).
        assertEquals(java.util.Map.of("scored", 3.0, "unreferenced", 0.0, "timed_out", 0.0, "reference_missing", 0.0),
                utterances.getDataPoints().stream().collect(Collectors.toMap(p -> p.getLabels().get("outcome"), p -> p.getValue())));
    }

    @Test
    void aRatioNeedsTheMinutesForItsSlidingWindow() {
        CountingState state = new CountingState();
        new StoreMetrics(state, () -> 0L).collect(name -> name.equals("segmon_boundary_f1_ratio"));

        assertEquals(List.of("totals", "minutes"), state.reads);
    }

    @Test
    void aFullCollectReadsEveryStoreAndDeclaresEveryFamilyItReturns() {
        CountingState state = new CountingState();
        StoreMetrics metrics = new StoreMetrics(state, () -> 0L);
        MetricSnapshots out = metrics.collect();

        assertEquals(Set.of("totals", "minutes", "deadLetters", "referenceClock"), Set.copyOf(state.reads));
        assertEquals(Set.copyOf(metrics.getPrometheusNames()), names(out));
    }

    @Test
    void aFamilyNobodyAskedForIsNotReturned() {
        MetricSnapshots out = new StoreMetrics(new CountingState(), () -> 0L).collect(name -> false);

        assertTrue(out.size() == 0, () -> "returned " + out.stream().map(MetricSnapshot::getMetadata).toList());
    }
}
