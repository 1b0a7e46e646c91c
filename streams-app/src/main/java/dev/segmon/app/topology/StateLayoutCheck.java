package dev.segmon.app.topology;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Refuses to start on state of the layout before the series aggregates and hypothesis parts
 * ({@link #RETIRED}): its stores hold values the current monitor would not read as
 * they were meant. Such stores are recognised by name, in the state directory of the application
 * id ({@code <state.dir>/<application.id>/<task>/[rocksdb/]<store>}) and as changelog topics
 * ({@code <application.id>-<store>-changelog}, Kafka Streams' naming); the current layout's
 * stores have other names, so nothing old is ever read as new. The way out is a new application
 * id, which starts from empty state (or deleting the old state directory and changelog topics).
 */
public final class StateLayoutCheck {
    /**
     * The stores of the earlier layouts: before the series aggregates and hypothesis parts, and the
     * separate reference and hypothesis heads before the utterance heads.
     */
    public static final List<String> RETIRED = List.of("segmon-references", "segmon-hypotheses", "segmon-totals", "segmon-minute-windows",
            "segmon-utterance-moments", "segmon-utterance-moment-minutes", "segmon-paired-moments", "segmon-paired-moment-minutes",
            "segmon-word-totals", "segmon-word-minutes", "segmon-estimate-hypothesis-rates", "segmon-estimate-hypothesis-minutes",
            "segmon-estimate-reference-rates", "segmon-estimate-backtest", "segmon-estimate-durations-refused",
            "segmon-reference-heads", "segmon-hypothesis-heads");

    private StateLayoutCheck() {
    }

    /**
     * @throws IllegalStateException with one line naming what was found and what to do, when
     *                               state of the earlier layout exists for this application id
     */
    public static void check(Map<?, ?> streamsConfig) {
        String appId = String.valueOf(streamsConfig.get(StreamsConfig.APPLICATION_ID_CONFIG));
        Object dir = streamsConfig.get(StreamsConfig.STATE_DIR_CONFIG);
        // Kafka Streams' default state.dir when none is set.
        Path stateDir = dir == null ? Path.of(System.getProperty("java.io.tmpdir"), "kafka-streams") : Path.of(dir.toString());
        List<String> found = new ArrayList<>(oldStoreDirectories(stateDir.resolve(appId)));
        found.addAll(oldChangelogs(streamsConfig, appId));
        if (!found.isEmpty()) {
            throw new IllegalStateException("application id '" + appId + "' has state of an earlier segmon layout ("
                    + String.join(", ", found.subList(0, Math.min(3, found.size()))) + (found.size() > 3 ? ", ..." : "")
                    + "); start with a new --application-id (or delete that state directory and those changelog topics)");
        }
    }

    /** Store directories of the retired stores under an application's state directory, as "dir X". */
    static List<String> oldStoreDirectories(Path appDir) {
        Set<String> out = new TreeSet<>();
        if (appDir == null || !Files.isDirectory(appDir)) {
            return List.of();
        }
        try (Stream<Path> tasks = Files.list(appDir)) {
            for (Path task : tasks.filter(Files::isDirectory).toList()) {
                for (Path parent : List.of(task, task.resolve("rocksdb"))) {
                    for (String store : RETIRED) {
                        if (Files.exists(parent.resolve(store))) {
                            out.add("store " + store + " in " + task);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the state directory " + appDir + ": " + e.getMessage(), e);
        }
        return new ArrayList<>(out);
    }

    private static List<String> oldChangelogs(Map<?, ?> streamsConfig, String appId) {
        Map<String, Object> config = TopicAdmin.adminConfig(streamsConfig);
        try (Admin admin = Admin.create(config)) {
            Set<String> topics = admin.listTopics().names().get(TopicAdmin.TIMEOUT_S, TimeUnit.SECONDS);
            List<String> out = new ArrayList<>();
            for (String store : RETIRED) {
                String changelog = appId + "-" + store + "-changelog";
                if (topics.contains(changelog)) {
                    out.add("topic " + changelog);
                }
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while listing topics", e);
        } catch (ExecutionException | TimeoutException e) {
            // TopicAdmin.ensure has just listed the topics; a cluster that stops answering now is
            // reported by the client itself. The state directory was checked.
            return List.of();
        }
    }
}
