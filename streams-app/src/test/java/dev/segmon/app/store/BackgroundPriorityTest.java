package dev.segmon.app.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.topology.SegmonTopology;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.stream.Stream;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

class BackgroundPriorityTest {

    @Test
    void theMonitorsStoresAreConfiguredByIt() {
        MonitorConfig config = MonitorConfig.builder().bootstrapServers("localhost:9092").build();
        assertEquals(BackgroundPriority.class.getName(),
                SegmonTopology.streamsProperties(config).get(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG));
    }

    /**
     * The effect as the kernel sees it: once a store configured by the setter has flushed, the
     * thread that ran the flush ({@code rocksdb:high}, RocksDB's name for its flush pool) runs
     * at nice 19, the lowest CPU priority (setpriority(2); field 19 of /proc/[pid]/task/[tid]/stat).
     */
    @Test
    void aFlushRunsAtTheLowestCpuPriority(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "Linux /proc");
        RocksDB.loadLibrary();
        try (Options options = new Options().setCreateIfMissing(true)) {
            new BackgroundPriority().setConfig("test-store", options, new HashMap<>());
            try (RocksDB db = RocksDB.open(options, dir.toString()); FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
                db.put("utterance".getBytes(StandardCharsets.UTF_8), "head".getBytes(StandardCharsets.UTF_8));
                db.flush(flush);
            }
        }
        List<Integer> nices = niceOfThreads("rocksdb:high");
        assertFalse(nices.isEmpty(), "no rocksdb:high thread in this JVM");
        assertEquals(List.of(19), nices.stream().distinct().toList());
    }

    private static List<Integer> niceOfThreads(String name) throws IOException {
        List<Integer> nices = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                String stat;
                try {
                    if (!Files.readString(task.resolve("comm")).strip().equals(name)) {
                        continue;
                    }
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException gone) {
                    continue; // a thread that ended meanwhile
                }
                // After the name in parentheses: state is field 3, nice field 19.
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                nices.add(Integer.parseInt(fields[19 - 3]));
            }
        }
        return nices;
    }
}
