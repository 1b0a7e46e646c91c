package dev.segmon.app.demo;

import dev.segmon.app.bench.PrometheusText;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The demo with the real monitor: the healthy model scores as its construction predicts. */
class DemoWithMonitorTest {

    @Test
    void healthyModelScoresNearTheExpectedPrecisionAndRecall() throws Exception {
        SimulatedModel healthy = SimulatedModel.healthy("healthy", 0.008, 0.01, 0.01);
        Demo.Options options = new Demo.Options(null, 20, 1,
                List.of(healthy, healthy.named("regressing").regressing(Duration.ZERO, Duration.ZERO, 0.5)),
                Duration.ofSeconds(1), "cumulative");
        MonitorConfig.Builder monitor = MonitorConfig.builder().bootstrapServers("set by the demo")
                .applicationId("demo-test").metricsPort(0);
        StringWriter out = new StringWriter();
        try (Demo demo = Demo.start(options, MonitorDemoAdapter.factory(monitor), new PrintWriter(out))) {
            long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            List<PrometheusText.Sample> samples = List.of();
            while (System.nanoTime() < deadline && (utterances(samples, "healthy") < 20 || utterances(samples, "regressing") < 20)) {
                Thread.sleep(500);
                samples = PrometheusText.parse(scrape(demo.metricsPort()));
            }
            // Expected P = R = 0.99 (kept) x 0.988 (P(|N(0, 8 ms)| <= 20 ms) = P(|Z| <= 2.5)) = 0.978,
            // with about 1 % insertions; over >= 20 utterances (~400 boundaries) the sd is < 0.01.
            double precision = gauge(samples, "segmon_boundary_precision_ratio", "healthy");
            double recall = gauge(samples, "segmon_boundary_recall_ratio", "healthy");
            assertTrue(precision > 0.93 && precision <= 1.0, "healthy precision " + precision);
            assertTrue(recall > 0.93 && recall <= 1.0, "healthy recall " + recall);
            // Regressed from the start: 0.5 insertions per reference boundary, so OS near +0.5.
            double os = gauge(samples, "segmon_boundary_over_segmentation_ratio", "regressing");
            assertTrue(os > 0.35 && os < 0.65, "regressing over-segmentation " + os);
            assertTrue(demo.report().get(0).startsWith("healthy word P=0.9"), demo.report().toString());
        }
        assertTrue(out.toString().contains("metrics: http://127.0.0.1:"), out.toString());
    }

    /** What {@code /metrics} serves, read over HTTP as Prometheus would. */
    private static String scrape(int port) throws Exception {
        var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/metrics")).build();
        return java.net.http.HttpClient.newHttpClient().send(request, java.net.http.HttpResponse.BodyHandlers.ofString()).body();
    }

    private static double utterances(List<PrometheusText.Sample> samples, String model) {
        return samples.stream().filter(s -> s.name().equals("segmon_utterances_total") && model.equals(s.label("model")))
                .mapToDouble(PrometheusText.Sample::value).sum();
    }

    private static double gauge(List<PrometheusText.Sample> samples, String name, String model) {
        return samples.stream().filter(s -> s.name().equals(name) && model.equals(s.label("model"))
                        && "cumulative".equals(s.label("window")))
                .mapToDouble(PrometheusText.Sample::value).findFirst().orElse(Double.NaN);
    }
}
