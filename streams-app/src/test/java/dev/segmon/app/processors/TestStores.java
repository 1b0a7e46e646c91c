package dev.segmon.app.processors;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/** The processor's stores, in memory and unlogged, added to a mock context (stream time 0) for processor-level tests. */
final class TestStores {
    private TestStores() {
    }

    static Map<String, KeyValueStore<String, byte[]>> inMemory(MockProcessorContext<Object, Object> ctx) {
        ctx.setCurrentStreamTimeMs(0);
        Map<String, KeyValueStore<String, byte[]>> stores = new HashMap<>();
        for (String name : StoreNames.ALL) {
            KeyValueStore<String, byte[]> s = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.String(), Serdes.ByteArray())
                    .withLoggingDisabled().build();
            s.init(ctx.getStateStoreContext(), s);
            ctx.addStateStore(s);
            stores.put(name, s);
        }
        return stores;
    }
}
