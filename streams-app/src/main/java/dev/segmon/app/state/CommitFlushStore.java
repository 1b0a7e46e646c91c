package dev.segmon.app.state;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.internals.CacheFlushListener;
import org.apache.kafka.streams.state.internals.CachedStateStore;

/**
 * A store without data whose one job is to tell a processor's write-back views when Kafka Streams
 * commits, so that a value changed by many records is encoded and written once per commit instead
 * of once per record.
 *
 * <p>Why: an open utterance's state changes with every record of it (43 records for a 20-word
 * utterance and two models), and writing it through to its store on every record — serialised for
 * Kafka's record cache, sized, put in the cache's LRU — was the largest single cost of the stream
 * thread (18.9 % of its samples, docs/performance.md). Kafka's cache keeps the last value per key
 * until the commit but only as bytes; a view that keeps the objects and writes their bytes when
 * the task commits does the same with one encoding per commit.
 *
 * <p>How it is exact: when a task commits, Kafka Streams first flushes the caches of its stores
 * ({@code ProcessorStateManager.flushCache}, which asks every registered store that is a
 * {@link CachedStateStore}), then flushes its producer, then commits the offsets in the same
 * transaction. This store is registered as one, so each registered {@link Deferred} writes its
 * changed values into its (uncached, changelogged) stores before the producer flush, and the
 * changelog records are in the transaction of the offsets they account for. When Kafka Streams
 * discards a task's uncommitted state (an aborted transaction: the task is closed dirty, its
 * stores restored from the changelog), {@link #clearCache} and a new {@link #init} drop every
 * deferred value with it, and the processors are initialised again on the restored stores.
 *
 * <p>{@link CachedStateStore} is in Kafka Streams' {@code internals} package: the one hook in
 * Kafka Streams 4.3 that runs inside a commit before its producer flush. A change of that contract
 * shows at once in the exactness tests (the processor-level restart test, the kill -9 scenarios),
 * which compare the exported totals with the offline scorer after restarts.
 */
public final class CommitFlushStore implements StateStore, CachedStateStore<Object, Object> {
    /** Values held back until the commit. */
    public interface Deferred {
        /** Writes every value changed since the last flush into its store. */
        void flush();

        /** Forgets every value not yet written (the task's uncommitted state is being discarded). */
        void discard();
    }

    private final String name;
    /** By owner: a processor initialised again (a restart on the same stores) replaces its own. */
    private final Map<String, Deferred> deferred = new LinkedHashMap<>();
    private boolean open;

    public CommitFlushStore(String name) {
        this.name = name;
    }

    /** Registers {@code d} as {@code owner}'s, replacing what {@code owner} registered before. */
    public void register(String owner, Deferred d) {
        deferred.put(owner, d);
    }

    /** Runs every registered flush now (a test's commit; a processor's own early write). */
    @Override
    public void flushCache() {
        for (Deferred d : deferred.values()) {
            d.flush();
        }
    }

    @Override
    public void clearCache() {
        for (Deferred d : deferred.values()) {
            d.discard();
        }
    }

    @Override
    public boolean setFlushListener(CacheFlushListener<Object, Object> listener, boolean sendOldValues) {
        return false;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void init(StateStoreContext context, StateStore root) {
        deferred.clear();
        // Nothing to restore: the store holds no data and has no changelog.
        context.register(root, (key, value) -> {
        });
        open = true;
    }

    @Override
    public void close() {
        deferred.clear();
        open = false;
    }

    @Override
    public boolean persistent() {
        return false;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    /** A builder for the topology: no logging and no caching to configure. */
    public static StoreBuilder<CommitFlushStore> builder(String name) {
        return new StoreBuilder<>() {
            @Override
            public StoreBuilder<CommitFlushStore> withCachingEnabled() {
                return this;
            }

            @Override
            public StoreBuilder<CommitFlushStore> withCachingDisabled() {
                return this;
            }

            @Override
            public StoreBuilder<CommitFlushStore> withLoggingEnabled(Map<String, String> config) {
                throw new UnsupportedOperationException("a commit-flush store holds no data to log");
            }

            @Override
            public StoreBuilder<CommitFlushStore> withLoggingDisabled() {
                return this;
            }

            @Override
            public CommitFlushStore build() {
                return new CommitFlushStore(name);
            }

            @Override
            public Map<String, String> logConfig() {
                return Map.of();
            }

            @Override
            public boolean loggingEnabled() {
                return false;
            }

            @Override
            public String name() {
                return name;
            }
        };
    }
}
