package dev.segmon.app.it;

import dev.segmon.app.state.DetectorSeries;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.app.state.Observation;
import dev.segmon.app.state.Slice;
import dev.segmon.model.detection.DetectorSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

/**
 * The change detectors as a reader of the detection topic computes them: every committed record
 * (read_committed), in offset order per partition, fed to a fresh {@link DetectorSeries} per
 * series and per slice a record names — what the monitor's detectors must equal through kills and restarts (docs/detection.md).
 */
final class DetectionTopic {
    private DetectionTopic() {
    }

    static Map<SeriesKey, DetectorSeries> fold(String bootstrap, String topic, DetectorSettings settings) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        Map<SeriesKey, DetectorSeries> out = new TreeMap<>();
        try (KafkaConsumer<SeriesKey, Observation> c = new KafkaConsumer<>(p, SeriesKey.SERDE.deserializer(), Observation.SERDE.deserializer())) {
            List<TopicPartition> parts = new ArrayList<>();
            for (PartitionInfo i : c.partitionsFor(topic)) {
                parts.add(new TopicPartition(topic, i.partition()));
            }
            c.assign(parts);
            c.seekToBeginning(parts);
            Map<TopicPartition, Long> end = c.endOffsets(parts);
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (parts.stream().anyMatch(tp -> c.position(tp) < end.get(tp)) && System.nanoTime() < deadline) {
                for (ConsumerRecord<SeriesKey, Observation> r : c.poll(Duration.ofMillis(500))) {
                    out.computeIfAbsent(r.key(), k -> new DetectorSeries(k.paired(), settings)).observe(r.value(), r.timestamp());
                    // A record names the slices whose detectors observe it too.
                    for (Slice s : r.value().slices()) {
                        out.computeIfAbsent(r.key().in(s), k -> new DetectorSeries(k.paired(), settings)).observe(r.value(), r.timestamp());
                    }
                }
            }
        }
        return out;
    }
}
