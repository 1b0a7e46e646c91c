package dev.segmon.app.store;

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
 * <p>Why: an open utterance's state changes with every record of it, and writing it through to
 * its store on every record costs an encoding and a cache write per record
 * (docs/decisions/0001-open-states-written-once-per-commit.md). Kafka's
 * cache keeps the last value per key until the commit, but as bytes; a view that keeps the objects
 * and writes their bytes when the task commits does the same with one encoding per commit.
 *
 * <p>Exact because Kafka Streams flushes a task's {@link CachedStateStore}s inside each commit,
 * before its producer flush, and clears them when it discards uncommitted state
 * (docs/streaming.md, "Writes once per commit"). That hook is in Kafka Streams' {@code internals};
 * a change of its contract shows at once in the exactness tests, which compare the exported
 * totals with the offline scorer after restarts.
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
    static StoreBuilder<CommitFlushStore> builder(String name) {
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
