package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.Monitor;
import dev.segmon.app.config.MonitorConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a real (in-process KRaft) broker: a monitor whose application id has a changelog topic of the
 * earlier store layout refuses to start with one line that says what to do, and a new application
 * id on the same cluster starts.
 */
class StateLayoutIntegrationTest {
    private static KafkaClusterTestKit cluster;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startBroker() throws Exception {
        cluster = KraftCluster.start(Map.of());
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aChangelogOfTheEarlierLayoutStopsTheMonitorWithOneLine() throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic("old-app-segmon-totals-changelog", 1, (short) 1))).all().get();
        }
        MonitorConfig old = config("old-app");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Monitor.start(old).close());
        assertEquals(1, e.getMessage().lines().count());
        assertTrue(e.getMessage().contains("topic old-app-segmon-totals-changelog"), e.getMessage());
        assertTrue(e.getMessage().contains("new --application-id"), e.getMessage());

        try (Monitor fresh = Monitor.start(config("new-app"))) {
            assertTrue(fresh.awaitRunning(Duration.ofSeconds(60)), "a new application id starts");
        }
    }

    private MonitorConfig config(String appId) {
        return MonitorConfig.builder().bootstrapServers(cluster.bootstrapServers()).applicationId(appId)
                .stateDir(tmp.resolve("state")).metricsPort(0).build();
    }
}
