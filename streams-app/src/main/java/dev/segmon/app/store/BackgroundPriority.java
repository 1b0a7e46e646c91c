package dev.segmon.app.store;

import java.util.Map;
import org.apache.kafka.streams.state.RocksDBConfigSetter;
import org.rocksdb.Env;
import org.rocksdb.Options;
import org.rocksdb.Priority;

/**
 * Runs RocksDB's flushes and compactions at the lowest CPU and I/O priority of the host, so that
 * they take the cores the stream threads leave idle instead of preempting them.
 *
 * <p>Why: every task's utterance store fills its memtable at the same pace, so their flushes and
 * compactions come as one burst that raises the latency
 * (docs/decisions/0029-rocksdb-flushes-at-low-priority.md). RocksDB's background threads are shared
 * by every store of the JVM ({@link Env#getDefault()}), so the priority is lowered once, at the
 * first store opened.
 */
public final class BackgroundPriority implements RocksDBConfigSetter {
    private static volatile boolean lowered;

    @Override
    public void setConfig(String storeName, Options options, Map<String, Object> configs) {
        lower(options.getEnv());
    }

    private static void lower(Env env) {
        if (lowered) {
            return;
        }
        synchronized (BackgroundPriority.class) {
            if (!lowered) {
                for (Priority pool : new Priority[] {Priority.HIGH, Priority.LOW}) {
                    env.lowerThreadPoolCPUPriority(pool);
                    env.lowerThreadPoolIOPriority(pool);
                }
                lowered = true;
            }
        }
    }

    @Override
    public void close(String storeName, Options options) {
        // Nothing per store: the threads' priority belongs to the shared Env.
    }
}
