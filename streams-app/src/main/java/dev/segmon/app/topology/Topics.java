package dev.segmon.app.topology;

import dev.segmon.app.config.MonitorConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.streams.StreamsConfig;

/** The monitor's input and output topics: checked at start, created when allowed. */
public final class Topics {
    /** How long the topic check waits for the cluster before the command gives up (exit 1). */
    private static final int API_TIMEOUT_SECONDS = 30;

    private Topics() {
    }

    /** Topics are missing and could not (or may not) be created: the CLI prints the message and exits 2. */
    public static final class MissingTopicsException extends RuntimeException {
        public MissingTopicsException(String message) {
            super(message, null, false, false);
        }
    }

    public static List<String> all(MonitorConfig c) {
        return List.of(c.hypothesesTopic(), c.referencesTopic(), c.scoresTopic(), c.deadLettersTopic(), c.metricsTopic());
    }

    /** Creates the missing topics when {@link MonitorConfig#createTopics()}, else names them. */
    public static void ensure(MonitorConfig config, Properties streamsProps) {
        Properties adminProps = new Properties();
        // The admin client takes the same connection and security settings as the streams client.
        streamsProps.forEach((k, v) -> {
            if (AdminClientConfig.configNames().contains(k.toString())) {
                adminProps.put(k, v);
            }
        });
        adminProps.remove(StreamsConfig.APPLICATION_ID_CONFIG);
        adminProps.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, API_TIMEOUT_SECONDS * 1000);
        try (Admin admin = Admin.create(adminProps)) {
            Set<String> existing = admin.listTopics().names().get(API_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            Set<String> missing = new TreeSet<>(all(config));
            missing.removeAll(existing);
            if (missing.isEmpty()) {
                return;
            }
            if (!config.createTopics()) {
                throw new MissingTopicsException("missing topics: " + String.join(", ", missing) + " (topic creation is off)");
            }
            Optional<Integer> partitions = config.partitions() == 0 ? Optional.empty() : Optional.of(config.partitions());
            Optional<Short> rf = config.replicationFactor() == 0 ? Optional.empty() : Optional.of(config.replicationFactor());
            List<NewTopic> topics = new ArrayList<>();
            for (String t : missing) {
                topics.add(new NewTopic(t, partitions, rf));
            }
            Map<String, org.apache.kafka.common.KafkaFuture<Void>> results = admin.createTopics(topics).values();
            List<String> failed = new ArrayList<>();
            for (Map.Entry<String, org.apache.kafka.common.KafkaFuture<Void>> e : results.entrySet()) {
                try {
                    e.getValue().get(API_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                } catch (ExecutionException ex) {
                    if (!(ex.getCause() instanceof TopicExistsException)) {
                        failed.add(e.getKey() + " (" + ex.getCause().getMessage() + ")");
                    }
                }
            }
            if (!failed.isEmpty()) {
                throw new MissingTopicsException("missing topics that could not be created: " + String.join(", ", failed));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking topics", e);
        } catch (TimeoutException e) {
            throw unreachable(config);
        } catch (ExecutionException e) {
            // Not a usage error (exit 1, not 2): the cluster is unreachable or refused the request.
            if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) {
                throw unreachable(config);
            }
            throw new IllegalStateException("cannot list topics on " + config.bootstrapServers() + ": " + e.getCause().getMessage());
        }
    }

    private static IllegalStateException unreachable(MonitorConfig config) {
        return new IllegalStateException("no answer from the Kafka cluster at " + config.bootstrapServers() + " within "
                + API_TIMEOUT_SECONDS + " s; is a broker listening there?");
    }
}
