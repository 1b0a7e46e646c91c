package dev.segmon.app.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.metrics.MetricsServer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page's per-slice table (docs/slices.md) in headless Chromium, against the summary API
 * over made-up samples labelled as SlicedMetrics labels them: one row per value of the picked key,
 * for the open model only, each figure as the monitor sent it; the key picker lists the keys the
 * pooled summary counts capped values for, and switching it redraws the table.
 */
class SliceTableBrowserTest {
    private static final String[] RATIOS = {"precision", "recall", "f1", "over_segmentation"};

    @TempDir
    Path tmp;

    @Test
    void tableShowsTheOpenModelsSlicesOfThePickedKey() throws Exception {
        Chromium.require();
        GaugeSnapshot.Builder[] gauges = new GaugeSnapshot.Builder[RATIOS.length];
        for (int i = 0; i < RATIOS.length; i++) {
            gauges[i] = GaugeSnapshot.builder().name("segmon_boundary_" + RATIOS[i] + "_ratio").help("r");
        }
        // P, R, F1, OS over 5 minutes, then the same since start.
        ratios(gauges, "m", "lang", "de", 0.9, 0.6, 0.72, -1.0 / 3, 0.8, 0.7, 0.75, -0.125);
        ratios(gauges, "m", "lang", "en", 0.95, 0.93, 0.94, 0.02, 0.94, 0.92, 0.93, 0.01);
        ratios(gauges, "x", "lang", "fr", 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1); // another model's slice: not shown
        ratios(gauges, "m", "domain", "call", 0.5, 0.5, 0.5, 0.0, 0.5, 0.5, 0.5, 0.0);
        CounterSnapshot utterances = CounterSnapshot.builder().name("segmon_utterances").help("u")
                .dataPoint(counter(sliced("m", "lang", "de").add("outcome", "scored"), 12))
                .dataPoint(counter(sliced("m", "lang", "en").add("outcome", "scored"), 30))
                .dataPoint(counter(sliced("m", "lang", "none").add("outcome", "scored"), 3)) // no ratios yet: dashes
                .dataPoint(counter(sliced("m", "domain", "call").add("outcome", "scored"), 45))
                .dataPoint(counter(Labels.of("model", "m", "tier", "word", "outcome", "scored"), 45)).build();
        CounterSnapshot pooled = CounterSnapshot.builder().name("segmon_hypothesis_boundaries").help("h")
                .dataPoint(counter(Labels.of("model", "m", "tier", "word"), 400)).build();
        CounterSnapshot capped = CounterSnapshot.builder().name("segmon_slice_values_capped").help("c")
                .dataPoint(counter(Labels.of("key", "lang"), 0)).dataPoint(counter(Labels.of("key", "domain"), 0)).build();
        MultiCollector all = () -> {
            MetricSnapshots.Builder out = MetricSnapshots.builder().metricSnapshot(utterances).metricSnapshot(pooled).metricSnapshot(capped);
            for (GaugeSnapshot.Builder g : gauges) {
                out.metricSnapshot(g.build());
            }
            return out.build();
        };
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.getPrometheusRegistry().register(all);
        try (MetricsServer server = MetricsServer.start(0, registry, () -> true);
             Chromium browser = new Chromium(tmp.resolve("profile"), 1200, 900)) {
            WebRoutes.handlers((model, tier, from, to) -> List.of(), OverviewSource.none(), ChangeSource.none(), new Peers(List::of),
                    registry.getPrometheusRegistry()).forEach(server::handle);
            browser.navigate("http://127.0.0.1:" + server.port() + "/#model=m&tier=word&range=60");
            // The first key in name order is picked first.
            browser.await("window.segmonPage && segmonPage.slices && segmonPage.slices.key === 'domain'", Duration.ofSeconds(30));
            assertEquals("[\"domain\",\"lang\"]", browser.eval("JSON.stringify([...document.getElementById('slice-key').options].map(o => o.value))").asText());
            assertEquals("[[\"call\",\"45\",\"0.500 | since start 0.500\",\"0.500 | since start 0.500\",\"0.500 | since start 0.500\","
                    + "\"0.000 | since start 0.000\"]]", cells(browser));

            browser.eval("(() => { const s = document.getElementById('slice-key'); s.value = 'lang'; s.dispatchEvent(new Event('change'));"
                    + " return 0; })()");
            browser.await("segmonPage.slices && segmonPage.slices.key === 'lang'", Duration.ofSeconds(30));
            // Real values in name order, the catch-all none last; model x's fr is not m's.
            assertEquals("[[\"de\",\"12\",\"0.900 | since start 0.800\",\"0.600 | since start 0.700\",\"0.720 | since start 0.750\","
                    + "\"-0.333 | since start -0.125\"],"
                    + "[\"en\",\"30\",\"0.950 | since start 0.940\",\"0.930 | since start 0.920\",\"0.940 | since start 0.930\","
                    + "\"0.020 | since start 0.010\"],"
                    + "[\"none\",\"3\",\"– | since start –\",\"– | since start –\",\"– | since start –\",\"– | since start –\"]]",
                    cells(browser));
            // Graded as the tiles are: de's recall 0.6 is 0.4 from 1 (red), en's 0.93 within 0.1 (green).
            assertEquals("bad good", browser.eval("[...document.querySelectorAll('#slice-table td.fig[data-metric=recall] .v')]"
                    + ".slice(0, 2).map(v => v.className.replace('v ', '')).join(' ')").asText());
            browser.screenshot(Path.of("target", "slice-table.png"), "#slices");
        } finally {
            registry.close();
        }
    }

    /** The table's body rows: each cell's text, a figure as "5-minute value | since-start line". */
    private static String cells(Chromium browser) throws Exception {
        return browser.eval("JSON.stringify([...document.querySelectorAll('#slice-table tbody tr')].map(r => [...r.cells].map(c =>"
                + " c.querySelector('.v') ? c.querySelector('.v').textContent + ' | ' + c.querySelector('.ci').textContent : c.textContent)))")
                .asText();
    }

    private static void ratios(GaugeSnapshot.Builder[] gauges, String model, String key, String value, double... fiveThenCumulative) {
        for (int i = 0; i < RATIOS.length; i++) {
            gauges[i].dataPoint(gauge(sliced(model, key, value).add("window", "5m"), fiveThenCumulative[i]));
            gauges[i].dataPoint(gauge(sliced(model, key, value).add("window", "cumulative"), fiveThenCumulative[RATIOS.length + i]));
        }
    }

    /** A slice point's labels, as SlicedMetrics writes them: the key's own label and {@code slice}. */
    private static Labels sliced(String model, String key, String value) {
        return Labels.of("model", model, "tier", "word", key, value, "slice", key);
    }

    private static GaugeDataPointSnapshot gauge(Labels labels, double v) {
        return GaugeDataPointSnapshot.builder().labels(labels).value(v).build();
    }

    private static CounterDataPointSnapshot counter(Labels labels, double v) {
        return CounterDataPointSnapshot.builder().labels(labels).value(v).build();
    }
}
