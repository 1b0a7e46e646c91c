package dev.segmon.app.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.metrics.PrometheusText;
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

    /**
     * References for a random tenth of the utterances, the rest declared "none": the scores stand
     * on the referenced ones, the estimate on all (every end of the demo carries a duration, so it
     * covers 100 % of the closed utterances). The monitor here holds an unreferenced hypothesis 2 s
     * so that every one closes soon whether or not the declaration is read. With n >= 400 closed,
     * the share referenced is binomial around 0.1 with sd <= sqrt(0.09 / 400) = 0.015: 0.04..0.16
     * holds (4 sd).
     */
    @Test
    void withReferencesForATenthTheReportShowsTheShareScoredBesideTheEstimateOnAll() throws Exception {
        SimulatedModel healthy = SimulatedModel.healthy("healthy", 0.008, 0.01, 0.01);
        Demo.Options options = new Demo.Options(null, 40, 1, List.of(healthy), Duration.ofSeconds(1), "cumulative",
                Duration.ZERO, 0.1);
        MonitorConfig.Builder monitor = MonitorConfig.builder().bootstrapServers("set by the demo")
                .applicationId("demo-sampled-test").metricsPort(0)
                .referenceMaxDelay(Duration.ofSeconds(2)).expiryInterval(Duration.ofSeconds(1));
        try (Demo demo = Demo.start(options, MonitorDemoAdapter.factory(monitor), new PrintWriter(new StringWriter()))) {
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            List<PrometheusText.Sample> samples = List.of();
            while (System.nanoTime() < deadline && utterances(samples, "healthy") < 400) {
                Thread.sleep(500);
                samples = PrometheusText.parse(scrape(demo.metricsPort()));
            }
            demo.stopTraffic();
            double scored = share(samples, "segmon_referenced_utterances_ratio");
            assertTrue(scored > 0.04 && scored < 0.16, "scored on " + scored);
            assertEquals(1.0, share(samples, "segmon_estimated_utterances_ratio"), 0, "estimated on all");
            String line = demo.report().get(0);
            assertTrue(line.matches("healthy word P=0\\.9.* window=cumulative; scored on \\d+ %; estimated OS=[+-]0\\.\\d\\d on 100 %"), line);
        }
    }

    private static double share(List<PrometheusText.Sample> samples, String name) {
        return samples.stream().filter(s -> s.name().equals(name) && "healthy".equals(s.label("model")))
                .mapToDouble(PrometheusText.Sample::value).findFirst().orElse(Double.NaN);
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
