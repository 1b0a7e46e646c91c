package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.processors.OpenStates;
import dev.segmon.app.processors.SeriesAggregates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The state directory half of the check: a retired store is found by name, a current one is not. */
class StateLayoutCheckTest {
    @TempDir
    Path app;

    @Test
    void aRetiredKeyValueStoreInATaskDirectoryIsFound() throws Exception {
        // A persistent key-value store lives under <task>/rocksdb/<store>.
        Files.createDirectories(app.resolve("0_1").resolve("rocksdb").resolve("segmon-totals"));
        List<String> found = StateLayoutCheck.oldStoreDirectories(app);
        assertEquals(1, found.size());
        assertTrue(found.get(0).startsWith("store segmon-totals in "), found.get(0));
    }

    @Test
    void theSeparateHeadsStoresOfTheLayoutBeforeUtteranceHeadsAreFound() throws Exception {
        // Their values are a reference's or a hypothesis' head alone, not an utterance's heads together.
        Files.createDirectories(app.resolve("0_0").resolve("rocksdb").resolve("segmon-reference-heads"));
        Files.createDirectories(app.resolve("0_1").resolve("rocksdb").resolve("segmon-hypothesis-heads"));
        assertEquals(2, StateLayoutCheck.oldStoreDirectories(app).size());
    }

    @Test
    void aRetiredWindowStoreIsFoundToo() throws Exception {
        // A segmented window store is a directory named after the store in the task directory.
        Files.createDirectories(app.resolve("1_0").resolve("segmon-minute-windows"));
        assertEquals(1, StateLayoutCheck.oldStoreDirectories(app).size());
    }

    @Test
    void theCurrentLayoutsStoresPass() throws Exception {
        for (String store : List.of(OpenStates.UTTERANCES.name(), OpenStates.HYPOTHESIS_PARTS.name(), SeriesAggregates.SERIES.name(), OpenStates.REFERENCE_PARTS.name())) {
            Files.createDirectories(app.resolve("0_0").resolve("rocksdb").resolve(store));
        }
        Files.createDirectories(app.resolve("0_0").resolve(SeriesAggregates.MINUTES.name()));
        assertEquals(List.of(), StateLayoutCheck.oldStoreDirectories(app));
        assertEquals(List.of(), StateLayoutCheck.oldStoreDirectories(app.resolve("absent")));
    }
}
