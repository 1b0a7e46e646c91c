package dev.segmon.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.junit.jupiter.api.Test;

/**
 * The reader that times the pass-through's copies reads its whole output, so its socket buffer is
 * the operating system's (-1) like the monitor's consumers', not Kafka's fixed 64 KiB that dropped
 * segments of that output (docs/decisions/0041-os-socket-buffers-for-the-bench-and-the-embedded-broker.md).
 */
class PassThroughReaderTest {

    @Test
    void readerTakesItsReceiveBufferFromTheOperatingSystem() {
        Map<String, Object> config = PassThroughLatency.readerConfig("localhost:9092");
        assertEquals(-1, config.get(ConsumerConfig.RECEIVE_BUFFER_CONFIG));
        // Uncommitted: the monitor's scores are visible before its commit, so the floor is timed the same way.
        assertEquals("read_uncommitted", config.get(ConsumerConfig.ISOLATION_LEVEL_CONFIG));
    }
}
