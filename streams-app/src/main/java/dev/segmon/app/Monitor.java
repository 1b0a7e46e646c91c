package dev.segmon.app;

import dev.segmon.app.config.ListenAddress;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.health.BrokerContact;
import dev.segmon.app.health.ClientHealth;
import dev.segmon.app.measures.Measures;
import dev.segmon.app.metrics.ContactMetrics;
import dev.segmon.app.metrics.MetricsServer;
import dev.segmon.app.metrics.http.WebSettings;
import dev.segmon.app.metrics.SliceCapMetrics;
import dev.segmon.app.metrics.SlicedMetrics;
import dev.segmon.app.config.SliceValues;
import dev.segmon.app.partitioning.InputPartitionCensus;
import dev.segmon.app.partitioning.InputPartitioning;
import dev.segmon.app.partitioning.PartitionMetrics;
import dev.segmon.app.view.IntervalView;
import dev.segmon.app.view.ChangeView;
import dev.segmon.app.view.WordView;
import dev.segmon.app.view.EstimateView;
import dev.segmon.app.view.MonitorView;
import dev.segmon.app.view.StoreView;
import dev.segmon.app.topology.SegmonTopology;
import dev.segmon.app.topology.StateLayoutCheck;
import dev.segmon.app.topology.TopicAdmin;
import dev.segmon.app.topology.TransientFailureHandler;
import dev.segmon.app.web.WebRoutes;
import dev.segmon.app.web.DetectorChanges;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.MultiCollector;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.HostInfo;

/**
 * The streaming monitor: the {@link SegmonTopology} on a {@link KafkaStreams} client, plus the
 * {@code /metrics}, {@code /health} and {@code /ready} HTTP endpoints (what the probes judge:
 * {@link ClientHealth}; the cluster's last answer: {@link BrokerContact}). {@link #start} returns once
 * the client is started (not necessarily RUNNING; see {@link #awaitRunning}).
 *
 * <p>Metric values are read from committed state stores at scrape time ({@link StoreMetrics}),
 * never from counters bumped while processing, so they stay exact through crashes and task
 * migrations under exactly-once processing.
 */
public final class Monitor implements AutoCloseable {
    private final MonitorConfig config;
    private volatile KafkaStreams streams;
    private final PrometheusMeterRegistry registry;
    private final MetricsServer server;
    private final MonitorView state;
    private final IntervalView intervals;
    private final WordView words;
    private final EstimateView estimates;
    private final ChangeView changes;
    /** Input records off Kafka's default partition of their key, per topic (docs/operations.md, the partitioner). */
    private final InputPartitionCensus partitioning;
    private final CountDownLatch running = new CountDownLatch(1);
    private volatile KafkaStreamsMetrics streamsMetrics;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
    /** When the cluster last answered; null until the client is made. */
    private volatile BrokerContact contact;
    private final long startedMs = System.currentTimeMillis();
    private volatile Duration wedgedAfter = Duration.ofDays(1);

    private Monitor(MonitorConfig config) {
        this.config = config;
        SliceValues sliceValues = new SliceValues(config.slices());
        this.registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        // Kafka Streams tags a window store's RocksDB metrics rocksdb.window.state.id and a
        // key-value store's rocksdb.state.id under the same meter names; Prometheus needs one set of
        // label names per family, so the registry refused one kind (with a warning). One tag name
        // for both keeps every store's metrics.
        registry.config().meterFilter(MeterFilter.renameTag("kafka.stream.state", "rocksdb.window.state.id", "rocksdb.state.id"));
        // The segmon_* families alone, for /metrics?name[]=segmon_...: see MetricsServer.
        PrometheusMeterRegistry own = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        // Bound first: its port (ephemeral when 0) is this instance's application.server, which the
        // other instances' /api/v1/windows call (dev.segmon.app.web.Peers).
        // --web-listen-address (one address) in place of every interface on --metrics-port; docs/contract.md 3.5.
        ListenAddress listen = config.webListenAddress() != null ? config.webListenAddress() : new ListenAddress(null, config.metricsPort());
        try {
            this.server = MetricsServer.start(new WebSettings(listen.host(), listen.port(), config.webConfigFile()), registry, own, this::health);
        } catch (IOException e) {
            registry.close();
            throw new UncheckedIOException("cannot serve metrics on " + listen + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            registry.close();
            throw e;
        }
        KafkaStreams built;
        try {
            Properties props = SegmonTopology.streamsProperties(config);
            props.putIfAbsent(StreamsConfig.APPLICATION_SERVER_CONFIG, WebRoutes.applicationServer(server.address()));
            TopicAdmin.ensure(props, SegmonTopology.topics(config),
                    new TopicAdmin.Creation(config.createTopics(), config.partitions(), config.replicationFactor()), TopicAdmin.Mode.STRICT);
            TopicAdmin.ensure(props, SegmonTopology.internalTopics(config),
                    new TopicAdmin.Creation(true, config.partitions(), config.replicationFactor()), TopicAdmin.Mode.STRICT);
            // State of an earlier store layout is refused with one line, never read as the new one.
            StateLayoutCheck.check(props);
            this.partitioning = InputPartitioning.install(props, List.of(config.hypothesesTopic(), config.referencesTopic()));
            built = new KafkaStreams(SegmonTopology.build(config, sliceValues), props);
            wedgedAfter = ClientHealth.wedgedAfter(props);
            // Made right after the topic check, which the cluster answered: the first contact.
            contact = BrokerContact.start(built::metrics, () -> pollingConsumers(built));
            HostInfo self = HostInfo.buildFromEndpoint(props.getProperty(StreamsConfig.APPLICATION_SERVER_CONFIG));
            StoreView stores = StoreView.of(built);
            this.state = stores;
            this.intervals = new IntervalView(stores);
            this.words = new WordView(stores);
            this.estimates = new EstimateView(stores);
            this.changes = new ChangeView(stores, config.detector());
            WebRoutes.handlers(built, state, intervals, words, self, own.getPrometheusRegistry(), new DetectorChanges(changes),
                    server.peers()).forEach(server::handle);
        } catch (RuntimeException e) {
            if (contact != null) {
                contact.close();
            }
            server.close();
            registry.close();
            throw e;
        }
        this.streams = built;
        // A thread killed by the broker being away is replaced; anything else stops the client.
        streams.setUncaughtExceptionHandler(new TransientFailureHandler());
        streams.setStateListener((now, before) -> {
            if (now == KafkaStreams.State.RUNNING) {
                bindClientMetrics();
                running.countDown();
            }
        });
        // Every segmon_* family, in the full registry and in the segmon-only one (see MetricsServer).
        // The series' families, pooled and per slice (docs/slices.md).
        MultiCollector series = new SlicedMetrics((StoreView) state,
                v -> families(v, config, System::currentTimeMillis), config.slices().active(),
                new SliceCapMetrics(sliceValues::cappedCounts));
        for (MultiCollector c : List.of(series,
                new ContactMetrics(() -> contact.ageSeconds(System.currentTimeMillis())), new PartitionMetrics(partitioning))) {
            registry.getPrometheusRegistry().register(c);
            own.getPrometheusRegistry().register(c);
        }
        streams.start();
    }

    /**
     * Checks (or creates) the topics, starts the Kafka Streams client and the metrics endpoint.
     *
     * @throws TopicAdmin.MissingTopicsException when topics are missing and may not be created
     * @throws UncheckedIOException          when the metrics port cannot be bound
     */
    public static Monitor start(MonitorConfig config) {
        return new Monitor(config);
    }

    // KafkaStreamsMetrics bound before RUNNING only sees client and thread metrics
    // (docs/streaming.md, "Versions that work together"), so it is bound on the first transition to RUNNING.
    /** The series' families over one view (pooled or a slice's): the core ones and every measure's. */
    public static List<io.prometheus.metrics.model.registry.MultiCollector> families(StoreView v, MonitorConfig config,
                                                                                  java.util.function.LongSupplier clock) {
        List<io.prometheus.metrics.model.registry.MultiCollector> out = new java.util.ArrayList<>(
                SlicedMetrics.families(v, config.detector(), clock));
        out.addAll(Measures.metrics(Measures.all(config), v, clock));
        return out;
    }

    private synchronized void bindClientMetrics() {
        if (streamsMetrics == null) {
            streamsMetrics = new KafkaStreamsMetrics(streams);
            streamsMetrics.bindTo(registry);
        }
    }

    public MonitorConfig config() {
        return config;
    }

    /** The port actually serving {@code /metrics} (the ephemeral one when configured as 0). */
    public int metricsPort() {
        return server.port();
    }

    /**
     * The main consumers of the stream threads that are not shutting down (a replaced thread is),
     * by client id; null when the client cannot say (not running or rebalancing): then all count.
     */
    private static java.util.Set<String> pollingConsumers(KafkaStreams streams) {
        java.util.Set<String> out = new java.util.HashSet<>();
        try {
            for (org.apache.kafka.streams.ThreadMetadata t : streams.metadataForLocalThreads()) {
                if (!t.threadState().equals("PENDING_SHUTDOWN") && !t.threadState().equals("DEAD")) {
                    out.add(t.consumerClientId());
                }
            }
        } catch (RuntimeException e) {
            return null;
        }
        return out;
    }

    /** What the probes judge, now: before the client exists, a start with no contact yet beyond the start itself. */
    private ClientHealth health() {
        long now = System.currentTimeMillis();
        BrokerContact c = contact;
        KafkaStreams s = streams;
        return new ClientHealth(s == null ? null : s.state(), closed.get(), now, c == null ? startedMs : c.lastContactMs(),
                c == null ? Double.NaN : c.pollAgeSeconds(), wedgedAfter);
    }

    /** The Kafka Streams client's state. */
    public KafkaStreams.State state() {
        return streams.state();
    }

    /** Waits until the client has reached RUNNING once; false on timeout or if it failed. */
    public boolean awaitRunning(Duration timeout) {
        try {
            return running.await(timeout.toMillis(), TimeUnit.MILLISECONDS) && streams.state().isRunningOrRebalancing();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Whether the client stopped for good (ERROR, or shut down). */
    public boolean hasFailed() {
        KafkaStreams.State s = streams.state();
        return s == KafkaStreams.State.ERROR || s == KafkaStreams.State.PENDING_ERROR;
    }

    /** What this instance's active tasks hold (read afresh on every call). */
    /** The Kafka Streams client's own metrics (its threads, tasks, stores, and segmon's close sensor). */
    public java.util.Map<org.apache.kafka.common.MetricName, ? extends org.apache.kafka.common.Metric> clientMetrics() {
        return streams.metrics();
    }

    public MonitorView monitorState() {
        return state;
    }

    /** The interval figures of this instance's active tasks: moment sums, cumulative and per minute. */
    public ChangeView changeState() {
        return changes;
    }

    public IntervalView intervalState() {
        return intervals;
    }

    /** The early estimate's figures of this instance's active tasks. */
    public EstimateView estimateState() {
        return estimates;
    }

    /** The Prometheus text a scrape of {@code /metrics} returns. */
    public String scrape() {
        return registry.scrape();
    }

    /** Stops processing (committing what was processed), then the endpoint. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        streams.close(Duration.ofSeconds(30));
        server.close();
        contact.close();
        if (streamsMetrics != null) {
            streamsMetrics.close();
        }
        registry.close();
    }
}
