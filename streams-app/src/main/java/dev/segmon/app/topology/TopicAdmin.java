package dev.segmon.app.topology;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks that topics exist and creates the missing ones, in one of two modes:
 * {@link Mode#STRICT} (the monitor: a topic it cannot have is an error the user must see) or
 * {@link Mode#BEST_EFFORT} (replay: a cluster that refuses, say for want of permission, is left
 * alone with a warning, and the producer reports any real problem when it sends).
 */
public final class TopicAdmin {
    private static final Logger LOG = LoggerFactory.getLogger(TopicAdmin.class);
    /** How long a topic check waits for the cluster before the command gives up (exit 1). */
    static final int TIMEOUT_S = 30;

    public enum Mode { STRICT, BEST_EFFORT }

    /** Topics are missing and could not (or may not) be created: the CLI prints the message and exits 2. */
    public static final class MissingTopicsException extends RuntimeException {
        public MissingTopicsException(String message) {
            super(message, null, false, false);
        }
    }

    /** What to create missing topics with: 0 partitions or replicas = the broker's default. */
    public record Creation(boolean allowed, int partitions, short replicationFactor) {
        public static final Creation DEFAULTS = new Creation(true, 0, (short) 0);
    }

    private TopicAdmin() {
    }

    /**
     * Ensures {@code topics} exist. {@code clientConfig}: any client settings; only those an admin
     * client knows (bootstrap servers, security) are used.
     *
     * @throws MissingTopicsException in STRICT mode, when topics are missing and may not or could not be created
     * @throws IllegalStateException  in STRICT mode, when the cluster cannot be reached
     */
    public static void ensure(Map<?, ?> clientConfig, Collection<String> topics, Creation creation, Mode mode) {
        Map<String, Object> config = adminConfig(clientConfig);
        try (Admin admin = Admin.create(config)) {
            Set<String> missing = new TreeSet<>(topics);
            missing.removeAll(admin.listTopics().names().get(TIMEOUT_S, TimeUnit.SECONDS));
            if (missing.isEmpty()) {
                return;
            }
            if (!creation.allowed()) {
                fail(mode, new MissingTopicsException("missing topics: " + String.join(", ", missing) + " (topic creation is off)"));
                return;
            }
            Optional<Integer> partitions = creation.partitions() == 0 ? Optional.empty() : Optional.of(creation.partitions());
            Optional<Short> rf = creation.replicationFactor() == 0 ? Optional.empty() : Optional.of(creation.replicationFactor());
            List<NewTopic> create = new ArrayList<>();
            for (String t : missing) {
                create.add(new NewTopic(t, partitions, rf));
            }
            List<String> failed = new ArrayList<>();
            for (Map.Entry<String, KafkaFuture<Void>> e : admin.createTopics(create).values().entrySet()) {
                try {
                    e.getValue().get(TIMEOUT_S, TimeUnit.SECONDS);
                } catch (ExecutionException ex) {
                    if (!(ex.getCause() instanceof TopicExistsException)) {
                        failed.add(e.getKey() + " (" + ex.getCause().getMessage() + ")");
                    }
                }
            }
            if (!failed.isEmpty()) {
                fail(mode, new MissingTopicsException("missing topics that could not be created: " + String.join(", ", failed)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(mode, new IllegalStateException("interrupted while checking topics", e));
        } catch (TimeoutException e) {
            fail(mode, unreachable(config));
        } catch (ExecutionException e) {
            // Not a usage error (exit 1, not 2): the cluster is unreachable or refused the request.
            fail(mode, e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException ? unreachable(config)
                    : new IllegalStateException("cannot list topics on " + config.get(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG)
                            + ": " + e.getCause().getMessage()));
        }
    }

    /** The settings of {@code clientConfig} an admin client knows (bootstrap servers, security), and the call timeout. */
    public static Map<String, Object> adminConfig(Map<?, ?> clientConfig) {
        Map<String, Object> config = new HashMap<>();
        clientConfig.forEach((k, v) -> {
            if (AdminClientConfig.configNames().contains(k.toString())) {
                config.put(k.toString(), v);
            }
        });
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, TIMEOUT_S * 1000);
        return config;
    }

    private static IllegalStateException unreachable(Map<String, Object> config) {
        return new IllegalStateException("no answer from the Kafka cluster at " + config.get(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG)
                + " within " + TIMEOUT_S + " s; is a broker listening there?");
    }

    private static void fail(Mode mode, RuntimeException e) {
        if (mode == Mode.STRICT) {
            throw e;
        }
        LOG.warn("topics not checked or created: {}", e.getMessage());
    }
}
