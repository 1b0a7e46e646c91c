package dev.segmon.app.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.metrics.MetricsServer;
import dev.segmon.app.partitioning.CoPartitionInterceptor;
import dev.segmon.app.partitioning.InputPartitionCensus;
import dev.segmon.app.partitioning.PartitionMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page's note on input records off Kafka's default partition of their key, in headless
 * Chromium against a monitor's HTTP server with the partition metrics: hidden while the count is
 * 0, then naming the topic, the count and the producer setting that fixes it.
 */
class PartitionNoteBrowserTest {
    private static final String HYP = "segmon.hypotheses";

    @TempDir
    Path tmp;

    @Test
    void noteNamesTheTopicAndTheFixOnceRecordsAreOffTheirPartition() throws Exception {
        Chromium.require();
        InputPartitionCensus census = new InputPartitionCensus(List.of(HYP, "segmon.references"), Map.of(HYP, 4, "segmon.references", 4));
        CoPartitionInterceptor interceptor = new CoPartitionInterceptor();
        interceptor.configure(Map.of(CoPartitionInterceptor.CENSUS_CONFIG, census));
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.getPrometheusRegistry().register(new PartitionMetrics(census));
        try (MetricsServer server = MetricsServer.start(0, registry, () -> true);
             Chromium browser = new Chromium(tmp.resolve("profile"), 1200, 800)) {
            WebRoutes.handlers((model, tier, from, to) -> List.of(), OverviewSource.none(), ChangeSource.none(), new Peers(List::of),
                    registry.getPrometheusRegistry()).forEach(server::handle);
            String base = "http://127.0.0.1:" + server.port() + "/";
            browser.navigate(base);
            browser.await("window.segmonPage && segmonPage.partitioning !== undefined", Duration.ofSeconds(30));
            assertEquals(true, browser.eval("document.getElementById('partitioning').hidden").asBoolean());

            // Three hypothesis records of key "foobar" on partition 1 of 4, where librdkafka's crc32 puts
            // it; murmur2 puts it on 2 (KeyPartitionTest).
            List<ConsumerRecord<byte[], byte[]>> off = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                off.add(new ConsumerRecord<>(HYP, 1, i, "foobar".getBytes(StandardCharsets.UTF_8), new byte[0]));
            }
            interceptor.onConsume(new ConsumerRecords<>(Map.of(new TopicPartition(HYP, 1), off), Map.of()));
            browser.navigate(base);
            browser.await("window.segmonPage && segmonPage.partitioning && segmonPage.partitioning['" + HYP + "'] === 3", Duration.ofSeconds(30));
            assertEquals(false, browser.eval("document.getElementById('partitioning').hidden").asBoolean());
            assertEquals("Input not partitioned by Kafka's default partitioner: 3 records of segmon.hypotheses are not on the partition"
                    + " murmur2 gives their key, so those utterances' hypotheses and references never meet. Set"
                    + " partitioner=murmur2_random in librdkafka-based producers (docs/operations.md).",
                    browser.eval("document.getElementById('partitioning').textContent").asText());
        } finally {
            registry.close();
        }
    }
}
