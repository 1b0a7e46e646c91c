package dev.segmon.app.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * Creates the input topics that do not exist yet, with the cluster's default partitions and
 * replication, before the first send. Without it the first send of each topic relies on
 * auto-creation (off on many clusters) and logs UNKNOWN_TOPIC_OR_PARTITION warnings. Both topics
 * get the same (default) partition count, which the monitor's per-utterance join needs.
 */
public final class TopicSetup {
    private TopicSetup() {
    }

    /**
     * Best effort: a cluster that refuses (no permission, say) is left alone, and the producer
     * reports any real problem when it sends.
     */
    public static void ensure(String bootstrapServers, InputTopics topics, Map<String, String> extraClientConfig) {
        Map<String, Object> config = new HashMap<>();
        // Only the settings an admin client knows (security ones, say), not producer tuning.
        extraClientConfig.forEach((k, v) -> {
            if (AdminClientConfig.configNames().contains(k)) {
                config.put(k, v);
            }
        });
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000);
        try (Admin admin = Admin.create(config)) {
            Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            List<NewTopic> missing = new ArrayList<>();
            for (String name : List.of(topics.hypotheses(), topics.references())) {
                if (!existing.contains(name)) {
                    missing.add(new NewTopic(name, Optional.empty(), Optional.empty()));
                }
            }
            if (!missing.isEmpty()) {
                admin.createTopics(missing).all().get(30, TimeUnit.SECONDS);
            }
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                return; // see above: best effort
            }
        } catch (TimeoutException | RuntimeException e) {
            return; // see above: best effort
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
