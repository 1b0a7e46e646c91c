package dev.segmon.tools.bench;

import dev.segmon.app.metrics.PrometheusText;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads the monitor's {@code /metrics} over HTTP, as Prometheus would, with the JDK's blocking
 * {@link HttpURLConnection} on a kept-alive connection. Why not {@code java.net.http.HttpClient}:
 * the latency phase polls every few milliseconds on the cores the monitor uses, and the
 * asynchronous client's worker and selector threads took 1,100-1,300 of 30,000 samples of that
 * phase's profile, about twice what the blocking one costs (docs/performance.md).
 */
public final class MetricsClient {
    private final URL url;

    /** Reads the whole of {@code /metrics}, as Prometheus does by default. */
    public MetricsClient(int port) {
        this(port, null);
    }

    /** Reads only the families named by {@code name[]} selectors (null or empty: everything). */
    public MetricsClient(int port, String family) {
        this(port, family, false);
    }

    /**
     * Reads only the family {@code family} (null: every family), and with {@code pooledOnly} only
     * its pooled series ({@code slice=pooled}: no slice series, docs/slices.md).
     */
    public MetricsClient(int port, String family, boolean pooledOnly) {
        String query = family == null ? "" : "?name%5B%5D=" + family;
        if (pooledOnly) {
            query += (query.isEmpty() ? "?" : "&") + dev.segmon.app.metrics.SlicedMetrics.POOLED_ONLY;
        }
        try {
            this.url = URI.create("http://127.0.0.1:" + port + "/metrics" + query).toURL();
        } catch (java.net.MalformedURLException e) {
            throw new IllegalArgumentException(e);
        }
    }

    public List<PrometheusText.Sample> scrape() {
        try {
            HttpURLConnection c = (HttpURLConnection) url.openConnection();
            c.setConnectTimeout(5_000);
            c.setReadTimeout(30_000);
            if (c.getResponseCode() != 200) {
                throw new IOException("HTTP " + c.getResponseCode());
            }
            // Read to the end and closed: the connection goes back to the JDK's keep-alive cache.
            try (InputStream in = c.getInputStream()) {
                return PrometheusText.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /metrics: " + e.getMessage(), e);
        }
    }

    /**
     * Utterances scored for every bench model: the smallest {@code segmon_utterances_total{outcome="scored"}}
     * over the models (each reference closes one utterance per model), pooled series only.
     */
    public static long scoredForEveryModel(List<PrometheusText.Sample> samples) {
        long min = Long.MAX_VALUE;
        for (String model : BenchCorpus.MODELS) {
            long n = 0;
            for (PrometheusText.Sample x : samples) {
                if (pooled(x) && x.name().equals("segmon_utterances_total") && model.equals(x.label("model")) && "scored".equals(x.label("outcome"))) {
                    n += Math.round(x.value());
                }
            }
            min = Math.min(min, n);
        }
        return min;
    }

    /** Closed utterances by outcome, both models together ({@code segmon_utterances_total}, pooled series). */
    public static java.util.Map<String, Long> outcomes(List<PrometheusText.Sample> samples) {
        java.util.Map<String, Long> out = new java.util.TreeMap<>();
        for (PrometheusText.Sample s : samples) {
            if (s.name().equals("segmon_utterances_total") && pooled(s)) {
                out.merge(s.label("outcome"), Math.round(s.value()), Long::sum);
            }
        }
        return out;
    }

    /** A sample of a model's pooled series, not of one of its slices (docs/slices.md: the pooled series have no {@code slice} label). */
    static boolean pooled(PrometheusText.Sample s) {
        String slice = s.label("slice");
        return slice == null || slice.isEmpty();
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
