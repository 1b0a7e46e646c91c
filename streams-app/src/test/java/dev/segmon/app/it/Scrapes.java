package dev.segmon.app.it;

import dev.segmon.app.metrics.PrometheusText;
import dev.segmon.model.boundary.BoundaryCounts;
import java.util.List;

/** Sums over the samples of a {@code /metrics} scrape (parsed by {@link PrometheusText}). */
final class Scrapes {
    private Scrapes() {
    }

    /** The sum of every {@code name} sample whose label {@code key} is {@code value} (all of them when key is null). */
    /** The value of the sample {@code name{labels}} (labels as the exposition writes them), NaN when absent. */
    static double gauge(String text, String name, String labels) {
        String prefix = name + "{" + labels + "} ";
        for (String line : text.split("\n")) {
            if (line.startsWith(prefix)) {
                return Double.parseDouble(line.substring(prefix.length()).trim());
            }
        }
        return Double.NaN;
    }

    static long sum(String text, String name, String key, String value) {
        double sum = 0;
        for (PrometheusText.Sample s : PrometheusText.parse(text)) {
            if (s.name().equals(name) && (key == null || value.equals(s.label(key)))) {
                sum += s.value();
            }
        }
        return Math.round(sum);
    }

    /** The boundary counts of model {@code m} one scrape of {@code port} shows (zero when it shows none or nothing answers). */
    static BoundaryCounts counts(int port) {
        return counts(MonitorIntegrationTest.scrape(port));
    }

    /** The boundary counts of model {@code m} in one scrape's text (zero when it shows none). */
    static BoundaryCounts counts(String text) {
        return MonitorIntegrationTest.totals(List.of(text)).getOrDefault("m", BoundaryCounts.ZERO);
    }

    /** Milliseconds until {@code /ready} answers 200 (at most 120 s). */
    static long awaitReady(int port) throws InterruptedException {
        long start = System.nanoTime();
        while (System.nanoTime() - start < 120_000_000_000L) {
            try {
                if (MonitorIntegrationTest.status(port, "/ready") == 200) {
                    break;
                }
            } catch (Exception e) {
                // not up yet
            }
            Thread.sleep(100);
        }
        return (System.nanoTime() - start) / 1_000_000;
    }
}
