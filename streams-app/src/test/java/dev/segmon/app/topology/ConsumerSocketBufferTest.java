package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.config.MonitorConfig;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

/**
 * The monitor's consumers take their socket receive buffer from the operating system (-1) rather
 * than Kafka's fixed 64 KiB, which let the kernel prune the receive queue of large fetch responses
 * (docs/decisions/0027-consumers-receive-buffer-from-the-os.md). Read back through Kafka Streams' own
 * resolution of the settings, as its main and restore consumers get them.
 */
class ConsumerSocketBufferTest {

    private static StreamsConfig resolved(Map<String, String> kafka) {
        MonitorConfig.Builder b = MonitorConfig.builder().bootstrapServers("localhost:9092");
        kafka.forEach(b::kafkaProperty);
        return new StreamsConfig(SegmonTopology.streamsProperties(b.build()));
    }

    @Test
    void mainAndRestoreConsumersUseTheOperatingSystemsBuffer() {
        StreamsConfig config = resolved(Map.of());
        assertEquals("-1", String.valueOf(config.getMainConsumerConfigs("segmon", "c", 0).get(ConsumerConfig.RECEIVE_BUFFER_CONFIG)));
        assertEquals("-1", String.valueOf(config.getRestoreConsumerConfigs("c").get(ConsumerConfig.RECEIVE_BUFFER_CONFIG)));
    }

    @Test
    void aKafkaSettingReplacesIt() {
        StreamsConfig config = resolved(Map.of("main.consumer.receive.buffer.bytes", "1048576"));
        assertEquals("1048576", String.valueOf(config.getMainConsumerConfigs("segmon", "c", 0).get(ConsumerConfig.RECEIVE_BUFFER_CONFIG)));
        assertEquals("-1", String.valueOf(config.getRestoreConsumerConfigs("c").get(ConsumerConfig.RECEIVE_BUFFER_CONFIG)));
    }
}
