package dev.segmon.app.processors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.segmon.app.state.HypothesisHead;
import dev.segmon.app.state.HypothesisPart;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.PartKey;
import dev.segmon.app.state.StoreNames;
import dev.segmon.app.state.WordList;
import dev.segmon.model.boundary.IncrementalMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/** The hypothesis log: what a record writes stays bounded, and a new log reads back the same state. */
class HypothesisLogTest {
    private static final HypothesisKey KEY = new HypothesisKey("u1", "word", "m");

    @Test
    void aLongUtteranceIsSealedIntoPartsAndANewLogRebuildsItExactly() {
        Map<String, StateStore> stores = TestStores.inMemory(new MockProcessorContext<>());
        HypothesisLog log = log(stores);
        // 200 words, one per record, each 0.3 s long and touching the next: 201 distinct times.
        IncrementalMatcher m = new IncrementalMatcher();
        WordList words = WordList.EMPTY;
        for (int i = 0; i < 200; i++) {
            long start = 300_000L * i;
            long end = start + 300_000L;
            List<Long> accepted = new ArrayList<>();
            for (long t : new long[] {start, end}) {
                if (m.offerHypothesis(t, 0) == dev.segmon.model.boundary.Admission.ACCEPTED) {
                    accepted.add(t);
                }
            }
            WordList.Word w = new WordList.Word(start, end, "w" + i);
            words = words.plus(List.of(w));
            log.put(KEY, new HypothesisState(m, i, i, false, words),
                    new HypothesisPart(accepted.stream().mapToLong(Long::longValue).toArray(), List.of(w)));
        }
        // 201 times + 200 words = 401 units: the first record adds 3 (two times, its word), every
        // other 2 (its end time, its word). The tail is sealed when it reaches 64: the first part
        // after 32 records (3 + 31 x 2 = 65), the next ones every 32 records (64 units); 200 = 32 +
        // 5 x 32 + 8, so 6 parts hold 65 + 5 x 64 = 385 units and the tail the last 8 records' 16.
        HypothesisHead head = heads(stores).get(KEY);
        int units = head.tail().units();
        int sealed = 0;
        for (int i = 0; i < head.parts(); i++) {
            sealed += parts(stores).get(KEY.part(i)).units();
        }
        assertEquals(6, head.parts());
        assertEquals(385, sealed);
        assertEquals(16, units);
        // A new log (a restore, a revival) reads the same state back from the head and the parts.
        HypothesisState back = log(stores).get(KEY);
        assertEquals(201, back.matcher().pending().length);
        assertArrayEquals(m.pending(), back.matcher().pending());
        assertEquals(words, back.words());
        // Closing deletes the parts and keeps the head.
        log.put(KEY, new HypothesisState(m, 1, 1, true), null);
        for (int i = 0; i < head.parts(); i++) {
            assertNull(parts(stores).get(KEY.part(i)));
        }
        assertEquals(true, log(stores).get(KEY).closed());
    }

    private static HypothesisLog log(Map<String, StateStore> stores) {
        return new HypothesisLog(heads(stores), parts(stores), 16);
    }

    @SuppressWarnings("unchecked")
    private static KeyValueStore<HypothesisKey, HypothesisHead> heads(Map<String, StateStore> stores) {
        return (KeyValueStore<HypothesisKey, HypothesisHead>) stores.get(StoreNames.HYPOTHESES);
    }

    @SuppressWarnings("unchecked")
    private static KeyValueStore<PartKey, HypothesisPart> parts(Map<String, StateStore> stores) {
        return (KeyValueStore<PartKey, HypothesisPart>) stores.get(StoreNames.HYPOTHESIS_PARTS);
    }
}
