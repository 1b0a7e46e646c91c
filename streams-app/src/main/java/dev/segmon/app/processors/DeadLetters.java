package dev.segmon.app.processors;

import dev.segmon.app.state.Keys.DeadLetterKey;
import dev.segmon.app.state.StateSerde;
import dev.segmon.app.store.StoreSpec;
import dev.segmon.app.wire.DeadLetterReason;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Sends a record the monitor cannot use to the dead-letter sink, with its original key and bytes
 * and the reason in headers, and counts it by (reason, model, tier) in a store, from which
 * {@code segmon_dead_letters_total} is read (a counter bumped outside a store would count a
 * replayed record twice).
 */
public final class DeadLetters {
    /**
     * Most bytes of key, value and headers one dead letter carries. The copy of a record close to
     * Kafka's default 1 MB record limit (producer max.request.size 1 048 576, broker
     * message.max.bytes 1 048 588) plus the segmon.* headers would exceed it, and that failed send
     * stopped the stream thread, again after every restart. Such a copy is cut to fit and carries
     * a segmon.truncated header with the original value's length.
     */
    static final int MAX_BYTES = 1_000_000;

    /** (reason, model, tier) -> dead-letter count. */
    public static final StoreSpec<KeyValueStore<DeadLetterKey, Long>> COUNTS =
            StoreSpec.keyValue("segmon-dead-letter-counts", DeadLetterKey.SERDE, StateSerde.COUNT);

    private final String sinkName;
    private ProcessorContext<Object, Object> context;
    private KeyValueStore<DeadLetterKey, Long> counts;

    DeadLetters(String sinkName) {
        this.sinkName = sinkName;
    }

    void init(ProcessorContext<Object, Object> context) {
        this.context = context;
        this.counts = COUNTS.open(context);
    }

    void send(Record<byte[], byte[]> record, DeadLetterReason reason, String model, String tier, String detail) {
        DeadLetterKey countKey = new DeadLetterKey(reason, model, tier);
        Long n = counts.get(countKey);
        counts.put(countKey, (n == null ? 0 : n) + 1);
        RecordHeaders headers = new RecordHeaders();
        headers.add("segmon.reason", reason.label().getBytes(StandardCharsets.UTF_8));
        headers.add("segmon.detail", detail.getBytes(StandardCharsets.UTF_8));
        context.recordMetadata().ifPresent(m -> {
            headers.add("segmon.source.topic", m.topic().getBytes(StandardCharsets.UTF_8));
            headers.add("segmon.source.partition", Integer.toString(m.partition()).getBytes(StandardCharsets.UTF_8));
            headers.add("segmon.source.offset", Long.toString(m.offset()).getBytes(StandardCharsets.UTF_8));
        });
        byte[] key = record.key();
        byte[] value = record.value();
        int size = length(key) + length(value);
        for (Header h : headers) {
            size += h.key().length() + length(h.value());
        }
        if (size > MAX_BYTES) {
            // Room for this header too; the value is cut first, the key only if it alone is too long.
            byte[] original = Integer.toString(length(value)).getBytes(StandardCharsets.UTF_8);
            headers.add("segmon.truncated", original);
            int over = size + "segmon.truncated".length() + original.length - MAX_BYTES;
            int cutValue = Math.min(over, length(value));
            value = value == null ? null : Arrays.copyOf(value, value.length - cutValue);
            key = key == null ? null : Arrays.copyOf(key, key.length - Math.min(over - cutValue, key.length));
        }
        context.forward(new Record<Object, Object>(key, value, record.timestamp(), headers), sinkName);
    }

    private static int length(byte[] b) {
        return b == null ? 0 : b.length;
    }
}
