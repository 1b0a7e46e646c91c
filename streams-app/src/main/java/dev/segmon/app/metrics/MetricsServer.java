package dev.segmon.app.metrics;

import com.sun.net.httpserver.HttpExchange;
import dev.segmon.app.health.ClientHealth;
import dev.segmon.app.metrics.http.BadRequest;
import dev.segmon.app.metrics.http.HttpPort;
import dev.segmon.app.metrics.http.PeerTransport;
import dev.segmon.app.metrics.http.Responses;
import dev.segmon.app.metrics.http.WebConfig;
import dev.segmon.app.metrics.http.WebSettings;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.ExpositionFormats;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.kafka.streams.KafkaStreams;

/**
 * {@code /metrics} (Prometheus text format), {@code /health} (liveness: 503 only when a restart is
 * the cure) and {@code /ready} (readiness: 200 while the Kafka Streams client is RUNNING), on the
 * JDK's HTTP server: no extra dependency. What the probes judge is {@link ClientHealth}; their
 * answers, one line or JSON, are {@link ProbeAnswer}'s. The port itself is {@link HttpPort}'s: every
 * request passes its {@link dev.segmon.app.metrics.http.Gate} (exact paths, GET and HEAD only,
 * bounded sizes, basic authentication, the response headers), with TLS, users and headers from the
 * web configuration ({@link WebConfig}, re-read when its files change; docs/contract.md 3.5).
 *
 * <p>{@code /health} and {@code /ready} answer while scrapes wait: a scrape (and the live page's
 * API) reads the state stores, and while the broker is away the stream thread can hold a store's
 * cache (Kafka Streams' {@code NamedCache.flush} is synchronized, as is the iterator a read takes)
 * inside a changelog send that waits up to {@code max.block.ms} (60 s) for metadata. So every
 * other route runs on a pool of its own (the read threads, requests beyond them queue), and the
 * server's threads only read requests, answer the probes and hand the rest over. With one shared
 * pool, one thread was not enough (every probe queued behind a waiting scrape), and four were not
 * either: a page and its API asked every second, each waiting up to 60 s, took all four within
 * seconds and the probes timed out (docs/faults.md, scenario 8).
 */
public final class MetricsServer implements AutoCloseable {
    private static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    /** Prefix of the families segmon itself exports (StoreMetrics); the rest are Kafka client and JVM metrics. */
    private static final String SEGMON_PREFIX = "segmon_";
    private final HttpPort port;

    private MetricsServer(HttpPort port) {
        this.port = port;
    }

    /**
     * Binds {@code port} on all interfaces (0 = ephemeral) and serves until {@link #close}, with
     * probes that see a client RUNNING while {@code ready} says so and one just created otherwise
     * (for servers without a Kafka Streams client of their own, as in tests).
     */
    public static MetricsServer start(int port, PrometheusMeterRegistry registry, BooleanSupplier ready) throws IOException {
        return start(port, registry, registry, () -> {
            long now = System.currentTimeMillis();
            return new ClientHealth(ready.getAsBoolean() ? KafkaStreams.State.RUNNING : KafkaStreams.State.CREATED,
                    false, now, now, Double.NaN, Duration.ofDays(1));
        });
    }

    /** {@link #start(WebSettings, PrometheusMeterRegistry, PrometheusMeterRegistry, Supplier)} on every interface, plain and open. */
    public static MetricsServer start(int port, PrometheusMeterRegistry registry, PrometheusMeterRegistry segmon,
                                      Supplier<ClientHealth> health) throws IOException {
        return start(WebSettings.open(port), registry, segmon, health);
    }

    /**
     * Binds where {@code web} says, with its web configuration, the probes judging what
     * {@code health} reports at each request, and {@code segmon} holding
     * the {@code segmon_*} families only (also in {@code registry}). A {@code name[]} selection
     * of {@code segmon_*} families is answered from it: the client library filters the families
     * only after collecting every collector that does not declare its names, and Micrometer's do
     * not, so a selected scrape of the full registry still evaluated all ~2 800 Kafka client
     * series. A poller asking for one counter every few milliseconds took a third of the stream
     * thread's CPU time that way (docs/performance.md).
     *
     * @throws WebConfig.Invalid when the web configuration cannot be used (one line naming the file)
     * @throws IOException       when the address cannot be bound
     */
    public static MetricsServer start(WebSettings web, PrometheusMeterRegistry registry, PrometheusMeterRegistry segmon,
                                      Supplier<ClientHealth> health) throws IOException {
        return new MetricsServer(HttpPort.start(web, port -> {
            port.route("/metrics", ex -> respond(ex, 200, PROMETHEUS_TEXT, scrape(registry, segmon, ex.getRequestURI().getRawQuery())));
            port.probe("/health", ex -> answer(ex, "ok", health.get().liveness()));
            port.probe("/ready", ex -> answer(ex, "ready", health.get().readiness()));
        }));
    }

    public int port() {
        return port.port();
    }

    /** The address bound (the wildcard one on every interface). */
    public InetSocketAddress address() {
        return port.address();
    }

    /** {@code https} when the port has TLS, else {@code http}. */
    public String scheme() {
        return port.scheme();
    }

    /** How the other instances are asked: {@code https} with TLS, with the client side of this port's TLS. */
    public PeerTransport peers() {
        return port.peers();
    }

    /** Serves {@code handler} at exactly {@code path} as well, on the threads of {@code /metrics} (the live page, dev.segmon.app.web). */
    public void handle(String path, com.sun.net.httpserver.HttpHandler handler) {
        port.route(path, handler);
    }

    /** 200 or 503, as one line of text or, for {@code Accept: application/json}, as JSON. */
    private static void answer(HttpExchange ex, String pass, ClientHealth.Verdict verdict) throws IOException {
        int status = verdict.ok() ? 200 : 503;
        String accept = ex.getRequestHeaders().getFirst("Accept");
        if (accept != null && accept.contains("application/json")) {
            respond(ex, status, "application/json; charset=utf-8", ProbeAnswer.json(pass, verdict));
        } else {
            respond(ex, status, "text/plain; charset=utf-8", ProbeAnswer.text(pass, verdict));
        }
    }

    private static void respond(HttpExchange ex, int status, String type, String body) throws IOException {
        Responses.send(ex, status, type, body);
    }

    @Override
    public void close() {
        port.close();
    }

    /**
     * The metric families asked for with {@code name[]=...} query parameters, the selector of the
     * Prometheus client libraries' exporters ({@code /metrics?name[]=segmon_utterances_total}); empty
     * = everything. A full scrape carries the ~2 800 Kafka client series and takes hundreds of
     * milliseconds on a busy 2-core machine; a selected one costs only the families asked for
     * (docs/performance.md). A sample name ({@code _total}, {@code _bucket}, ...) selects its family.
     */
    static Set<String> names(String rawQuery) {
        Set<String> names = new HashSet<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return names;
        }
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            if (eq < 0 || !decode(pair.substring(0, eq)).equals("name[]")) {
                continue;
            }
            String name = decode(pair.substring(eq + 1));
            names.add(name);
            for (String suffix : SAMPLE_SUFFIXES) {
                if (name.endsWith(suffix)) {
                    names.add(name.substring(0, name.length() - suffix.length()));
                }
            }
        }
        return names;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new BadRequest("malformed percent-encoding in the query: " + e.getMessage());
        }
    }

    /**
     * The answer to {@code /metrics?rawQuery}: every family ({@code registry}), the families named by
     * {@code name[]} (from {@code segmon} when they are all {@code segmon_*} ones), and with
     * {@code slice=pooled} their pooled series alone.
     */
    public static String scrape(PrometheusMeterRegistry registry, PrometheusMeterRegistry segmon, String rawQuery) throws IOException {
        Set<String> names = names(rawQuery);
        PrometheusMeterRegistry from = !names.isEmpty() && names.stream().allMatch(n -> n.startsWith(SEGMON_PREFIX)) ? segmon : registry;
        if (pooledOnly(rawQuery)) {
            return pooled(from, names);
        }
        return names.isEmpty() ? registry.scrape() : from.scrape(PROMETHEUS_TEXT, names);
    }

    /**
     * Whether the query asks for the pooled series alone ({@code slice=pooled}): without the slice
     * series, as a monitor without slice keys exports them (docs/slices.md, "Prometheus").
     */
    static boolean pooledOnly(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return false;
        }
        for (String pair : rawQuery.split("&")) {
            if (pair.equals(SlicedMetrics.POOLED_ONLY)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A scrape whose collectors see the request ({@link SlicedMetrics} leaves the slice series out
     * for {@code slice=pooled}), written as the registry's own scrape writes it. Micrometer's
     * {@code scrape} passes no request to the collectors, hence the registry underneath.
     */
    private static String pooled(PrometheusMeterRegistry from, Set<String> names) throws IOException {
        java.util.function.Predicate<String> included = names.isEmpty() ? n -> true : names::contains;
        MetricSnapshots snapshots = from.getPrometheusRegistry().scrape(included, SlicedMetrics.POOLED_REQUEST);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TEXT.write(out, snapshots);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static final ExpositionFormatWriter TEXT = ExpositionFormats.init().findWriter(PROMETHEUS_TEXT);

    private static final String[] SAMPLE_SUFFIXES = {"_total", "_created", "_bucket", "_count", "_sum", "_info"};
}
