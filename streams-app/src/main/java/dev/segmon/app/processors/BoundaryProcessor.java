package dev.segmon.app.processors;

import dev.segmon.app.config.MonitorConfig;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.Record;

/** Placeholder; the real processor follows. */
public final class BoundaryProcessor implements Processor<byte[], byte[], Object, Object> {
    public BoundaryProcessor(MonitorConfig config) {
    }

    @Override
    public void process(Record<byte[], byte[]> record) {
    }
}
