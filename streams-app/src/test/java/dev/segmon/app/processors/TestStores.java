package dev.segmon.app.processors;

import dev.segmon.app.store.CommitFlushStore;
import dev.segmon.app.topology.SegmonTopology;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * The processor's stores as the topology defines them, in memory and unlogged, added to a mock
 * context (stream time 0) for processor-level tests.
 */
public final class TestStores {
    private TestStores() {
    }

    /**
     * What a commit does to the stores: every write held back for the commit is written
     * ({@link CommitFlushStore}). A restart on the same stores happens at a commit.
     */
    public static void commit(Map<String, StateStore> stores) {
        for (StateStore s : stores.values()) {
            if (s instanceof CommitFlushStore c) {
                c.flushCache();
            }
        }
    }

    public static Map<String, StateStore> inMemory(MockProcessorContext<Object, Object> ctx) {
        ctx.setCurrentStreamTimeMs(0);
        Map<String, StateStore> stores = new LinkedHashMap<>();
        for (StoreBuilder<?> b : SegmonTopology.stores(false)) {
            StateStore s = b.withLoggingDisabled().withCachingDisabled().build();
            s.init(ctx.getStateStoreContext(), s);
            ctx.addStateStore(s);
            stores.put(s.name(), s);
        }
        return stores;
    }
}
