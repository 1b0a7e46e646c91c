package dev.segmon.app.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.metrics.MetricsServer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.List;
import org.junit.jupiter.api.Test;

/** /api/v1/summary and slices (docs/slices.md): pooled by default, one slice on request, or all. */
class SummarySlicesTest {
    @Test
    void theSummaryIsPooledUnlessASliceIsAskedFor() throws Exception {
        // One pooled point (9 hits) and two slice points of lang (de 3, en 6), as SlicedMetrics labels them.
        MultiCollector hits = () -> MetricSnapshots.of(CounterSnapshot.builder().name("segmon_boundary_hits").help("h")
                .dataPoint(point(Labels.of("model", "m", "tier", "word"), 9))
                .dataPoint(point(Labels.of("model", "m", "tier", "word", "lang", "de", "slice", "lang"), 3))
                .dataPoint(point(Labels.of("model", "m", "tier", "word", "lang", "en", "slice", "lang"), 6)).build());
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.getPrometheusRegistry().register(hits);
        try (MetricsServer server = MetricsServer.start(0, registry, () -> true)) {
            WebRoutes.handlers((model, tier, from, to) -> List.of(), null, ChangeSource.none(), new Peers(List::of),
                    registry.getPrometheusRegistry()).forEach(server::handle);
            String base = "http://127.0.0.1:" + server.port() + "/api/v1/summary";
            JsonNode pooled = samples(base);
            assertEquals(1, pooled.size());
            assertEquals(9.0, pooled.get(0).get("value").asDouble());
            JsonNode de = samples(base + "?slice=lang=de");
            assertEquals(1, de.size());
            assertEquals(3.0, de.get(0).get("value").asDouble());
            // The slice reads like a model: its own two labels are gone.
            assertEquals("{\"model\":\"m\",\"tier\":\"word\"}", de.get(0).get("labels").toString());
            assertEquals(3, samples(base + "?slice=all").size());
        }
    }

    private static CounterSnapshot.CounterDataPointSnapshot point(Labels labels, double v) {
        return CounterSnapshot.CounterDataPointSnapshot.builder().labels(labels).value(v).build();
    }

    private static JsonNode samples(String url) throws Exception {
        return ApiJson.MAPPER.readTree(LivePageBrowserTest.get(url)).get("samples");
    }
}
