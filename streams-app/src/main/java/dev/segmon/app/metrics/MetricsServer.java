package dev.segmon.app.metrics;

import com.sun.net.httpserver.HttpExchange;
import dev.segmon.app.health.ClientHealth;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.ExpositionFormats;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.kafka.streams.KafkaStreams;

/**
 * {@code /metrics} (Prometheus text format), {@code /health} (liveness: 503 only when a restart is
 * the cure) and {@code /ready} (readiness: 200 while the Kafka Streams client is RUNNING), on the
 * JDK's HTTP server: no extra dependency. What the probes judge is {@link ClientHealth}; their
 * answers, one line or JSON, are {@link ProbeAnswer}'s.
 *
 * <p>{@code /health} and {@code /ready} answer while scrapes wait: a scrape (and the live page's
 * API) reads the state stores, and while the broker is away the stream thread can hold a store's
 * cache (Kafka Streams' {@code NamedCache.flush} is synchronized, as is the iterator a read takes)
 * inside a changelog send that waits up to {@code max.block.ms} (60 s) for metadata. So every
 * other route runs on a pool of its own ({@link #READ_THREADS} threads, requests beyond them
 * queue), and the server's {@link #THREADS} threads only answer the probes and hand the rest
 * over. With one shared pool, one thread was not enough (every probe queued behind a waiting
 * scrape), and four were not either: a page and its API asked every second, each waiting up to
 * 60 s, took all four within seconds and the probes timed out (docs/faults.md, scenario 8).
 */
public final class MetricsServer implements AutoCloseable {
    private static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    /** The server's threads: the probes, and handing every other request to {@link #READ_THREADS}. */
    private static final int THREADS = 4;
    /** Threads of the routes that read the stores ({@code /metrics}, the page and its API). */
    private static final int READ_THREADS = 4;
    /** Prefix of the families segmon itself exports (StoreMetrics); the rest are Kafka client and JVM metrics. */
    private static final String SEGMON_PREFIX = "segmon_";
    private final HttpServer server;
    private final ExecutorService executor;
    private final ExecutorService reads;

    private MetricsServer(HttpServer server, ExecutorService executor, ExecutorService reads) {
        this.server = server;
        this.executor = executor;
        this.reads = reads;
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

    /**
     * Binds {@code port} (0 = ephemeral), with the probes judging what {@code health} reports at
     * each request, and {@code segmon} holding
     * the {@code segmon_*} families only (also in {@code registry}). A {@code name[]} selection
     * of {@code segmon_*} families is answered from it: the client library filters the families
     * only after collecting every collector that does not declare its names, and Micrometer's do
     * not, so a selected scrape of the full registry still evaluated all ~2 800 Kafka client
     * series. A poller asking for one counter every few milliseconds took a third of the stream
     * thread's CPU time that way (docs/performance.md).
     */
    public static MetricsServer start(int port, PrometheusMeterRegistry registry, PrometheusMeterRegistry segmon,
                                      Supplier<ClientHealth> health) throws IOException {
        // The JDK server writes the headers and a small body in two segments with Nagle on, and the
        // body then waits for the client's delayed ACK (measured in docs/performance.md). Read once, when the first server is created; an explicit -D wins.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
        HttpServer server = HttpServer.create(new InetSocketAddress(port), 0);
        ExecutorService reads = pool(READ_THREADS, "segmon-http-reads");
        server.createContext("/metrics", offloaded(reads, ex -> respond(ex, 200, PROMETHEUS_TEXT,
                scrape(registry, segmon, ex.getRequestURI().getRawQuery()))));
        server.createContext("/health", ex -> answer(ex, "ok", health.get().liveness()));
        server.createContext("/ready", ex -> answer(ex, "ready", health.get().readiness()));
        ExecutorService executor = pool(THREADS, "segmon-metrics-http");
        server.setExecutor(executor);
        server.start();
        return new MetricsServer(server, executor, reads);
    }

    private static ExecutorService pool(int threads, String name) {
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** {@code handler}, run on {@code reads} instead of the server's threads; the exchange is closed when it is done. */
    private static com.sun.net.httpserver.HttpHandler offloaded(ExecutorService reads, com.sun.net.httpserver.HttpHandler handler) {
        return ex -> {
            try {
                reads.execute(() -> {
                    try {
                        handler.handle(ex);
                    } catch (IOException | RuntimeException e) {
                        // the client went away, or the handler failed: the connection is closed below
                    } finally {
                        ex.close();
                    }
                });
            } catch (java.util.concurrent.RejectedExecutionException e) {
                ex.close(); // stopping
            }
        };
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** Serves {@code handler} under {@code path} as well, on the threads of {@code /metrics} (the live page, dev.segmon.app.web). */
    public void handle(String path, com.sun.net.httpserver.HttpHandler handler) {
        server.createContext(path, offloaded(reads, handler));
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
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        reads.shutdownNow();
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
            if (eq < 0 || !URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8).equals("name[]")) {
                continue;
            }
            String name = URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            names.add(name);
            for (String suffix : SAMPLE_SUFFIXES) {
                if (name.endsWith(suffix)) {
                    names.add(name.substring(0, name.length() - suffix.length()));
                }
            }
        }
        return names;
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
