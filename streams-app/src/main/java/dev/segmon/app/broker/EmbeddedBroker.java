package dev.segmon.app.broker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool$;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Time;

/**
 * A real single-node Kafka broker in KRaft combined mode ({@code process.roles=broker,controller})
 * running inside this JVM, for {@code segmon broker}, {@code segmon demo} and benchmarks.
 *
 * <p>It does what the Kafka quick start does with the scripts, through the same classes: {@code
 * kafka-storage.sh format --standalone} ({@link StorageTool$#execute}) and then {@code
 * kafka-server-start.sh} ({@link KafkaRaftServer}). Listeners bind 127.0.0.1 only. Replication
 * factors and min ISR are 1 (one node can hold no more replicas), and
 * {@code group.initial.rebalance.delay.ms=0} so that a consumer group or a Streams application
 * gets its partitions at once instead of after the default 3 s.
 *
 * <p>Port 0 means "any free port": the port is picked before start (KRaft writes the controller's
 * endpoint into the formatted metadata, so it must be known up front) and {@link
 * #bootstrapServers()} reports the real one. A kept data directory remembers its cluster id and
 * controller port in {@code segmon-broker.properties} so that the broker restarts on its data.
 */
public final class EmbeddedBroker implements AutoCloseable {
    private static final String READY_TOPIC = "_segmon_broker_ready";

    private final Path dataDir;
    private final boolean deleteOnClose;
    private final int port;
    private final int advertisedPort;
    private final int directPort;
    private final KafkaRaftServer server;
    private boolean closed;

    private EmbeddedBroker(Path dataDir, boolean deleteOnClose, int port, int advertisedPort, int directPort, KafkaRaftServer server) {
        this.dataDir = dataDir;
        this.deleteOnClose = deleteOnClose;
        this.port = port;
        this.advertisedPort = advertisedPort;
        this.directPort = directPort;
        this.server = server;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * {@code 127.0.0.1:PORT}, the value for a client's {@code bootstrap.servers}: the advertised
     * port (the client port unless {@link Builder#advertisedPort} set another).
     */
    public String bootstrapServers() {
        return "127.0.0.1:" + advertisedPort;
    }

    /**
     * With an advertised port of its own: {@code 127.0.0.1:DIRECT}, the second listener, which
     * advertises itself (clients that bootstrap there bypass whatever forwards the advertised
     * port); otherwise the same as {@link #bootstrapServers()}.
     */
    public String directBootstrapServers() {
        return "127.0.0.1:" + (directPort != 0 ? directPort : advertisedPort);
    }

    public int port() {
        return port;
    }

    public Path dataDir() {
        return dataDir;
    }

    /** Stops the broker (controlled shutdown) and deletes a temporary data directory. Idempotent. */
    public synchronized void stop() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            server.shutdown();
            server.awaitShutdown();
        } finally {
            if (deleteOnClose) {
                Directories.deleteRecursively(dataDir);
            }
        }
    }

    @Override
    public void close() {
        stop();
    }

    /** Options of an embedded broker; {@link #start()} returns once the broker acknowledged a write. */
    public static final class Builder {
        private int port = 0;
        private int advertisedPort = 0;
        private int directPort = 0;
        private Path dataDir;
        private Duration startTimeout = Duration.ofSeconds(60);
        private final Map<String, String> overrides = new HashMap<>();

        private Builder() {
        }

        /** The client port; 0 (the default) picks a free one. */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be 0..65535, not " + port);
            }
            this.port = port;
            return this;
        }

        /**
         * The port clients are told to connect to (the client listener's advertised port), e.g. a
         * proxy on 127.0.0.1 that forwards to the client port; 0 (the default): the client port.
         * With one, the broker opens a second listener, {@code DIRECT} (on {@link #directPort}),
         * advertised as itself: the broker's own inter-broker traffic goes there, and so do clients
         * that bootstrap on it, so that only the clients of the advertised port pass the proxy.
         */
        public Builder advertisedPort(int advertisedPort) {
            this.advertisedPort = checkPort("advertised port", advertisedPort);
            return this;
        }

        /** The {@code DIRECT} listener's port with {@link #advertisedPort}; 0 (the default) picks a free one. */
        public Builder directPort(int directPort) {
            this.directPort = checkPort("direct port", directPort);
            return this;
        }

        private static int checkPort(String what, int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException(what + " must be 0..65535, not " + port);
            }
            return port;
        }

        /** A data directory that is kept; without one a temporary directory is deleted on stop. */
        public Builder dataDir(Path dataDir) {
            this.dataDir = dataDir;
            return this;
        }

        public Builder startTimeout(Duration startTimeout) {
            this.startTimeout = startTimeout;
            return this;
        }

        /** An extra or overriding broker property, e.g. {@code log.retention.ms}. */
        public Builder config(String key, String value) {
            overrides.put(key, value);
            return this;
        }

        public EmbeddedBroker start() {
            boolean temporary = dataDir == null;
            Path dir;
            try {
                dir = temporary ? Files.createTempDirectory("segmon-broker-") : Files.createDirectories(dataDir);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the broker's data directory", e);
            }
            try {
                return startIn(dir.toAbsolutePath(), temporary);
            } catch (RuntimeException | Error e) {
                if (temporary) {
                    Directories.deleteRecursively(dir);
                }
                throw e;
            }
        }

        private EmbeddedBroker startIn(Path dir, boolean temporary) {
            Properties state = BrokerStorage.loadState(dir);
            String clusterId = state.getProperty("cluster.id", Uuid.randomUuid().toString());
            int controllerPort = Integer.parseInt(state.getProperty("controller.port", "0"));
            if (controllerPort == 0) {
                controllerPort = LoopbackPorts.free();
            }
            if (port != 0) {
                // Kafka would fail deep in its start-up with a stack trace; say it plainly instead.
                LoopbackPorts.requireFree(port);
            }
            int clientPort = port != 0 ? port : LoopbackPorts.free();
            boolean proxied = advertisedPort != 0 && advertisedPort != clientPort;
            int direct = 0;
            if (proxied) {
                if (directPort != 0) {
                    LoopbackPorts.requireFree(directPort);
                }
                direct = directPort != 0 ? directPort : LoopbackPorts.free();
            }
            Properties props = BrokerProperties.of(dir, clientPort, proxied ? advertisedPort : clientPort, direct, controllerPort, overrides);
            Path configFile = dir.resolve("server.properties");
            BrokerStorage.store(props, configFile, "written by segmon for this broker; regenerated on each start");
            BrokerStorage.format(clusterId, configFile);
            state.setProperty("cluster.id", clusterId);
            state.setProperty("controller.port", Integer.toString(controllerPort));
            BrokerStorage.store(state, dir.resolve(BrokerStorage.STATE_FILE), "segmon broker state: the formatted metadata refers to these");

            KafkaRaftServer server = new KafkaRaftServer(new KafkaConfig(props, false), Time.SYSTEM);
            EmbeddedBroker broker = new EmbeddedBroker(dir, temporary, clientPort, proxied ? advertisedPort : clientPort, direct, server);
            try {
                server.startup();
                // The direct listener: the start must not depend on what forwards the advertised port.
                awaitWritable(broker.directBootstrapServers(), startTimeout);
            } catch (RuntimeException | Error e) {
                broker.stop();
                throw e;
            }
            return broker;
        }
    }

    /**
     * Waits until the broker takes a write: creates a one-partition topic, has a producer with
     * {@code acks=all} get its record acknowledged, then deletes the topic again.
     */
    private static void awaitWritable(String bootstrapServers, Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        Map<String, Object> admin = Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        Map<String, Object> producer = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) timeout.toMillis(),
                ProducerConfig.MAX_BLOCK_MS_CONFIG, timeout.toMillis());
        try (Admin a = Admin.create(admin)) {
            a.createTopics(List.of(new NewTopic(READY_TOPIC, 1, (short) 1))).all()
                    .get(remaining(deadline), TimeUnit.MILLISECONDS);
            try (KafkaProducer<String, String> p = new KafkaProducer<>(producer, new StringSerializer(), new StringSerializer())) {
                p.send(new ProducerRecord<>(READY_TOPIC, "ready", "ready")).get(remaining(deadline), TimeUnit.MILLISECONDS);
            }
            a.deleteTopics(List.of(READY_TOPIC)).all().get(remaining(deadline), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the broker", e);
        } catch (Exception e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("the broker did not take a write within " + timeout + ": " + cause, e);
        }
    }

    private static long remaining(Instant deadline) {
        return Math.max(1, Duration.between(Instant.now(), deadline).toMillis());
    }

    /** Thrown when the requested client port is taken. */
    public static final class PortInUseException extends IllegalStateException {
        PortInUseException(int port) {
            super("127.0.0.1:" + port + " is already in use");
        }
    }
}
