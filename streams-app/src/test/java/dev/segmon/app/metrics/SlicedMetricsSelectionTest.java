package dev.segmon.app.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.view.StoreView;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A {@code name[]} scrape runs only the collectors of the families it names, as the client library does for registered ones. */
class SlicedMetricsSelectionTest {

    @Test
    void aSelectedScrapeSkipsTheCollectorsOfOtherFamiliesAndCallsOnesThatNameNone() {
        AtomicInteger utterances = new AtomicInteger();
        AtomicInteger detectors = new AtomicInteger();
        AtomicInteger unnamed = new AtomicInteger();
        StoreView stores = new StoreView(name -> null, name -> null);
        SlicedMetrics metrics = new SlicedMetrics(stores, v -> List.of(counting("segmon_utterances", utterances),
                counting("segmon_change_detector", detectors), counting(null, unnamed)), false, null);
        MetricSnapshots selected = metrics.collect(name -> name.equals("segmon_utterances"));
        assertEquals(1, utterances.get());
        assertEquals(0, detectors.get());
        assertEquals(1, unnamed.get());
        assertEquals(1, selected.size());
        metrics.collect();
        // A full scrape: every collector once more.
        assertEquals(2, utterances.get());
        assertEquals(1, detectors.get());
        assertEquals(2, unnamed.get());
    }

    /** A collector of one counter family {@code name} (null: a collector that names no family) that counts its calls. */
    private static MultiCollector counting(String name, AtomicInteger calls) {
        return new MultiCollector() {
            @Override
            public MetricSnapshots collect() {
                calls.incrementAndGet();
                return name == null ? MetricSnapshots.builder().build()
                        : MetricSnapshots.of(CounterSnapshot.builder().name(name).dataPoint(
                                CounterSnapshot.CounterDataPointSnapshot.builder().value(1).build()).build());
            }

            @Override
            public List<String> getPrometheusNames() {
                return name == null ? List.of() : List.of(name);
            }
        };
    }
}
