package dev.segmon.app.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/** Reads the monitor's {@code /metrics} over HTTP, as Prometheus would. */
public final class MetricsClient {
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final HttpRequest request;

    /** Reads the whole of {@code /metrics}, as Prometheus does by default. */
    public MetricsClient(int port) {
        this(port, null);
    }

    /** Reads only the families named by {@code name[]} selectors (null or empty: everything). */
    public MetricsClient(int port, String family) {
        String query = family == null ? "" : "?name%5B%5D=" + family;
        this.request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics" + query))
                .timeout(Duration.ofSeconds(30)).GET().build();
    }

    public List<PrometheusText.Sample> scrape() {
        try {
            return PrometheusText.parse(http.send(request, HttpResponse.BodyHandlers.ofString()).body());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /metrics: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Utterances scored for every bench model: the smallest {@code segmon_utterances_total{outcome="scored"}}
     * over the models (each reference closes one utterance per model).
     */
    public static long scoredForEveryModel(List<PrometheusText.Sample> samples) {
        long min = Long.MAX_VALUE;
        for (String model : BenchCorpus.MODELS) {
            long n = (long) sum(samples, "segmon_utterances_total", "model", model, "outcome", "scored");
            min = Math.min(min, n);
        }
        return min;
    }

    /** Sum of the samples named {@code name} whose labels include the given key/value pairs. */
    public static double sum(List<PrometheusText.Sample> samples, String name, String... labels) {
        double s = 0;
        for (PrometheusText.Sample x : samples) {
            if (!x.name().equals(name)) {
                continue;
            }
            boolean match = true;
            for (int i = 0; i + 1 < labels.length; i += 2) {
                match &= labels[i + 1].equals(x.label(labels[i]));
            }
            if (match) {
                s += x.value();
            }
        }
        return s;
    }
}
