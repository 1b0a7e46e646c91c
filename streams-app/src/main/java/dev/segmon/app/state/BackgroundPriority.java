package dev.segmon.app.state;

import java.util.Map;
import org.apache.kafka.streams.state.RocksDBConfigSetter;
import org.rocksdb.Env;
import org.rocksdb.Options;
import org.rocksdb.Priority;

/**
 * Runs RocksDB's flushes and compactions at the lowest CPU and I/O priority of the host, so that
 * they take the cores the stream threads leave idle instead of preempting them.
 *
 * <p>Why: every task's utterance store fills its memtable at the same pace (the input partitions
 * carry the same load), so their flushes, and the compactions after them, came as one burst: in the
 * bench's latency phase without words, at 300 000 records/s on two cores, a burst of about 0.6 of
 * a core for a second, mostly kernel time writing the files, once every 20-odd seconds, and each
 * time the latency of that second rose from about 0.1 to 0.26-0.71 s (docs/performance.md, "A heap
 * touched at start, flushes behind the stream threads"). RocksDB's background threads are shared by every store of the JVM
 * ({@link Env#getDefault()}), so the priority is lowered once, at the first store opened.
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
