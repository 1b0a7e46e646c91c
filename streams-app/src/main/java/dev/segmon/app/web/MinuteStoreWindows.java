package dev.segmon.app.web;

import dev.segmon.app.processors.States;
import dev.segmon.app.processors.StoreNames;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * {@link WindowSource} over the processor's {@code segmon-minutes} key-value store, keys
 * (model, tier, minute as 16 hex digits). That store does not count utterances per minute, so
 * {@link MinuteWindow#utterances()} is 0 here; it keeps minutes for 15 minutes of stream time.
 * The same key can live in several tasks (the input is partitioned by utterance), so the minutes
 * of one start are summed.
 */
public final class MinuteStoreWindows implements WindowSource {
    private final Supplier<ReadOnlyKeyValueStore<String, byte[]>> store;

    public MinuteStoreWindows(Supplier<ReadOnlyKeyValueStore<String, byte[]>> store) {
        this.store = store;
    }

    /** Reads a running client's active tasks through interactive queries. */
    public static MinuteStoreWindows of(KafkaStreams streams) {
        return new MinuteStoreWindows(() -> streams.store(StoreQueryParameters.fromNameAndType(StoreNames.MINUTES,
                QueryableStoreTypes.<String, byte[]>keyValueStore())));
    }

    @Override
    public List<MinuteWindow> local(String model, String tier, long fromMs, long toMs) {
        List<MinuteWindow> found = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> it = store.get().prefixScan(States.key(model, tier, ""), new StringSerializer())) {
            while (it.hasNext()) {
                KeyValue<String, byte[]> kv = it.next();
                long start = Long.parseUnsignedLong(States.parts(kv.key)[2], 16);
                if (start >= fromMs && start <= toMs) {
                    found.add(new MinuteWindow(start, 0, States.decodeBucket(kv.value).counts()));
                }
            }
        } catch (InvalidStateStoreException e) {
            return List.of(); // not queryable while rebalancing or starting: nothing held here now
        }
        return WindowSource.merge(List.of(found));
    }
}
