package dev.segmon.app.web;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.metrics.MetricsServer;
import dev.segmon.app.state.Keys.PairTier;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.UtteranceMoments;
import io.micrometer.core.instrument.Tags;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Page weight and time to first chart of the live page at its largest: 20 models, 24 h of minutes
 * each, range 24 h; and the time to the overview of those 20 models and 10 comparisons, each row
 * with an hour of a detector's evidence (docs/live-page.md). The minutes come from a synthetic
 * {@link WindowSource} (every minute of the last 24 h filled), the summary from a registry holding
 * the same families as the monitor's, so the page has as much to draw as a busy monitor would give
 * it; the overview's figures from a {@link SyntheticMonitor} and its detectors from {@link FakeChanges}.
 *
 * <p>A measurement, not a test: {@code mvn -B -o -pl streams-app -am test-compile} then
 * {@code java -cp "$(cat streams-app/target/test.classpath):streams-app/target/test-classes:streams-app/target/classes" dev.segmon.app.web.LivePageTiming [runs]}
 * (docs/live-page.md has the whole command).
 */
public final class LivePageTiming {
    static final int MODELS = 20;
    static final int MINUTES = 24 * 60;

    private LivePageTiming() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Object held = new Object(); // gauges hold their object weakly
        for (int m = 0; m < MODELS; m++) {
            Tags mt = Tags.of("model", String.format(Locale.ROOT, "model-%02d", m), "tier", "word");
            registry.counter("segmon.hypothesis.boundaries", mt).increment(1_000_000);
            registry.counter("segmon.utterances", mt.and("outcome", "scored")).increment(50_000);
            for (String g : List.of("precision.ratio", "recall.ratio", "f1.ratio", "over.segmentation.ratio", "r.value",
                    "precision.lower.ratio", "precision.upper.ratio", "recall.lower.ratio", "recall.upper.ratio", "f1.lower.ratio",
                    "f1.upper.ratio", "over.segmentation.lower.ratio", "over.segmentation.upper.ratio")) {
                for (String window : List.of("5m", "cumulative")) {
                    registry.gauge("segmon.boundary." + g, mt.and("window", window), held, x -> 0.9);
                }
            }
            // Every odd model a candidate compared with the one before it, as --compare would make it.
            if (m % 2 == 1) {
                Tags pair = Tags.of("candidate", String.format(Locale.ROOT, "model-%02d", m),
                        "baseline", String.format(Locale.ROOT, "model-%02d", m - 1), "tier", "word");
                for (String measure : List.of("precision", "recall", "f1", "over.segmentation")) {
                    for (String g : List.of(".difference.ratio", ".difference.lower.ratio", ".difference.upper.ratio")) {
                        for (String window : List.of("5m", "cumulative")) {
                            registry.gauge("segmon.paired." + measure + g, pair.and("window", window), held, x -> 0.01);
                        }
                    }
                }
            }
        }
        WindowSource everyMinute = (model, tier, from, to) -> {
            long now = Math.floorDiv(System.currentTimeMillis(), 60_000L) * 60_000L;
            List<MinuteTotals> out = new ArrayList<>();
            for (long t = Math.max(from, now - (MINUTES - 1) * 60_000L); t <= Math.min(to, now); t += 60_000L) {
                long i = t / 60_000L;
                long u = 50 + i % 7;
                UtteranceMoments moments = UtteranceMoments.ZERO;
                for (long k = 0; k < u; k++) { // utterances of about 20 boundaries, so that every minute has its intervals
                    moments = moments.plus(UtteranceMoments.of(17 + (i + k) % 3, 19 + (i + k) % 4, 20 + k % 2));
                }
                out.add(new MinuteTotals(t, u, BoundaryCounts.oneToOne(1000 + i % 13, 1000 + i % 29, 950 + i % 11), moments));
            }
            return out;
        };
        // The overview: the same 20 models and their 10 comparisons, every one watched by a detector
        // with an hour of evidence (every row draws its line).
        List<SyntheticMonitor.Model> overviewModels = new ArrayList<>();
        List<PairTier> comparisons = new ArrayList<>();
        FakeChanges detectors = new FakeChanges();
        long start = System.currentTimeMillis();
        for (int m = 0; m < MODELS; m++) {
            String name = String.format(Locale.ROOT, "model-%02d", m);
            overviewModels.add(new SyntheticMonitor.Model(name, 0.95, 0.01, 0.05));
            double[] evidence = new double[60];
            Arrays.fill(evidence, 0.1 + 0.01 * m);
            MeasureChange recall = new MeasureChange("recall", 1.0, 9.2, false, null, 0.0);
            detectors.add(FakeChanges.one(name, null, "word", recall, start - 59 * 60_000L, evidence));
            if (m % 2 == 1) {
                String baseline = String.format(Locale.ROOT, "model-%02d", m - 1);
                comparisons.add(new PairTier(name, baseline, "word"));
                detectors.add(FakeChanges.one(name, baseline, "word", recall, start - 59 * 60_000L, evidence));
            }
        }
        SyntheticMonitor overview = new SyntheticMonitor(overviewModels, comparisons, 5, System::currentTimeMillis);
        Peers none = new Peers(List::of);
        try (MetricsServer server = MetricsServer.start(0, registry, () -> true)) {
            WebRoutes.handlers(everyMinute, overview, detectors, none, registry.getPrometheusRegistry()).forEach(server::handle);
            String base = "http://127.0.0.1:" + server.port();
            long assets = new PageAssets().assets().entrySet().stream().filter(e -> !e.getKey().endsWith("LICENSE"))
                    .mapToLong(e -> e.getValue().bytes().length).sum();
            System.out.printf(Locale.ROOT, "page weight (HTML + JS + CSS incl. uPlot, uncompressed): %d bytes%n", assets);
            new PageAssets().assets().forEach((path, a) -> System.out.printf(Locale.ROOT, "  %-28s %7d%n", path, a.bytes().length));
            System.out.printf(Locale.ROOT, "/api/v1/windows, 24 h of one model: %d bytes%n",
                    LivePageBrowserTest.get(base + "/api/v1/windows?model=model-00&tier=word&minutes=" + MINUTES).length());
            System.out.printf(Locale.ROOT, "/api/v1/overview, 20 models and 10 comparisons with an hour of evidence each: %d bytes%n",
                    LivePageBrowserTest.get(base + "/api/v1/overview").length());
            double[] firstChart = new double[runs];
            double[] firstOverview = new double[runs];
            Path profile = Files.createTempDirectory("segmon-timing");
            try (Chromium browser = new Chromium(profile, 1400, 1130)) {
                for (int r = 0; r < runs; r++) {
                    browser.navigate("about:blank");
                    browser.navigate(base + "/");
                    browser.await("performance.getEntriesByName('segmon-first-overview').length === 1", Duration.ofSeconds(30));
                    firstOverview[r] = browser.eval("performance.getEntriesByName('segmon-first-overview')[0].startTime").asDouble();
                    System.out.printf(Locale.ROOT, "run %d: overview drawn %.0f ms after navigation start, %d rows%n", r + 1,
                            firstOverview[r], browser.eval("document.querySelectorAll('#overview-table tr.row').length").asInt());
                }
                for (int r = 0; r < runs; r++) {
                    browser.navigate("about:blank");
                    browser.navigate(base + "/#model=model-07&tier=word&range=" + MINUTES);
                    browser.await("performance.getEntriesByName('segmon-first-chart').length === 1", Duration.ofSeconds(30));
                    JsonNode t = browser.eval("performance.getEntriesByName('segmon-first-chart')[0].startTime");
                    firstChart[r] = t.asDouble();
                    System.out.printf(Locale.ROOT, "run %d: first chart %.0f ms after navigation start, %d points per series%n", r + 1,
                            firstChart[r], browser.eval("segmonPage.charts['chart-prf'].plot.data[0].length").asInt());
                }
            }
            Arrays.sort(firstOverview);
            System.out.printf(Locale.ROOT, "time to the overview (20 models, 10 comparisons): median %.0f ms, max %.0f ms over %d runs%n",
                    firstOverview[runs / 2], firstOverview[runs - 1], runs);
            Arrays.sort(firstChart);
            System.out.printf(Locale.ROOT, "time to first chart (20 models x 24 h, range 24 h): median %.0f ms, max %.0f ms over %d runs%n",
                    firstChart[runs / 2], firstChart[runs - 1], runs);
        }
        registry.close();
    }
}
