package dev.segmon.app.processors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.segmon.app.state.HypothesisHead;
import dev.segmon.app.state.HypothesisPart;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.PartKey;
import dev.segmon.app.state.Keys.UtteranceTier;
import dev.segmon.app.state.ReferenceHead;
import dev.segmon.app.state.ReferencePart;
import dev.segmon.app.state.ReferenceState;
import dev.segmon.model.boundary.ReferenceBoundaries;
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

/** The part logs: what a record writes stays bounded, and a new log reads back the same state. */
class PartLogTest {
    private static final HypothesisKey KEY = new HypothesisKey("u1", "word", "m");

    @Test
    void aLongUtteranceIsSealedIntoPartsAndANewLogRebuildsItExactly() {
        Map<String, StateStore> stores = TestStores.inMemory(new MockProcessorContext<>());
        var log = log(stores);
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
        log.writeBack().flush(); // a commit
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
        log.writeBack().flush();
        assertEquals(true, log(stores).get(KEY).closed());
    }

    @Test
    void aReferenceStreamedInManyChunksIsSealedAndRebuiltAsOneChunkWouldBe() {
        Map<String, StateStore> stores = TestStores.inMemory(new MockProcessorContext<>());
        @SuppressWarnings("unchecked")
        KeyValueStore<UtteranceTier, ReferenceHead> heads = (KeyValueStore<UtteranceTier, ReferenceHead>) stores.get(StoreNames.REFERENCES);
        @SuppressWarnings("unchecked")
        KeyValueStore<PartKey, ReferencePart> parts = (KeyValueStore<PartKey, ReferencePart>) stores.get(StoreNames.REFERENCE_PARTS);
        var log = new PartLog<>(StateLayouts.REFERENCE, heads, parts, 16);
        UtteranceTier key = new UtteranceTier("u1", "word");
        // 100 chunks of one labelled segment [0.3 i, 0.3 i + 0.3]: 2 times, 2 span bounds and a
        // label each, 5 units: a part is sealed every 13 chunks (65 units), 7 in all, 9 chunks in the tail.
        ReferenceBoundaries b = new ReferenceBoundaries();
        WordList labels = WordList.EMPTY;
        for (int i = 0; i < 100; i++) {
            long start = 300_000L * i;
            long end = start + 300_000L;
            b.offer(new long[] {start}, new long[] {end}, i == 99, 0);
            WordList.Word w = new WordList.Word(start, end, "w" + i);
            labels = labels.plus(List.of(w));
            log.put(key, new ReferenceState(b, i, i, false, labels),
                    new ReferencePart(new long[] {start, end}, new long[] {start, end}, List.of(w)));
        }
        log.writeBack().flush(); // a commit
        assertEquals(7, heads.get(key).parts());
        assertEquals(45, heads.get(key).tail().units() + heads.get(key).tail().spans().length);
        ReferenceState back = new PartLog<>(StateLayouts.REFERENCE, heads, parts, 16).get(key);
        assertArrayEquals(b.times(), back.boundaries().times());
        assertEquals(101, back.boundaries().times().length);
        assertArrayEquals(b.spans(), back.boundaries().spans());
        assertEquals(true, back.boundaries().complete());
        assertEquals(labels, back.labels());
    }

    @Test
    void aClosedHypothesisIsWrittenAtTheTickAnOpenOneWaitsForTheCommit() {
        Map<String, StateStore> stores = TestStores.inMemory(new MockProcessorContext<>());
        var log = log(stores);
        IncrementalMatcher m = new IncrementalMatcher();
        HypothesisKey open = new HypothesisKey("u-open", "word", "m");
        log.put(open, new HypothesisState(m, 1, 1, false), null);
        log.put(KEY, new HypothesisState(m, 2, 2, true), null);
        log.writeSettled(); // a tick between two commits
        assertNull(heads(stores).get(open));
        assertEquals(true, heads(stores).get(KEY).closed());
        log.writeBack().flush(); // the commit writes the rest
        assertEquals(false, heads(stores).get(open).closed());
    }

    @Test
    void afterAScanReadsOfKeysTheStoreDoesNotHoldNeverReachIt() {
        Map<String, StateStore> stores = TestStores.inMemory(new MockProcessorContext<>());
        IncrementalMatcher m = new IncrementalMatcher();
        var first = log(stores);
        first.put(KEY, new HypothesisState(m, 1, 1, false), null);
        first.writeBack().flush(); // a commit: the store holds KEY
        int[] gets = {0};
        var log = new PartLog<>(StateLayouts.HYPOTHESIS, countingGets(heads(stores), gets), parts(stores), 16, 1_000);
        HypothesisKey other = new HypothesisKey("u2", "word", "m");
        // Not scanned yet: it knows nothing, so a read goes to the store.
        assertNull(log.get(other));
        assertEquals(1, gets[0]);
        log = new PartLog<>(StateLayouts.HYPOTHESIS, countingGets(heads(stores), gets), parts(stores), 16, 1_000);
        List<HypothesisKey> scanned = new ArrayList<>();
        log.scan((k, head) -> scanned.add(k));
        assertEquals(List.of(KEY), scanned);
        // Scanned: a key the store never held is answered without it; KEY is read from it.
        assertNull(log.get(other));
        assertEquals(1, gets[0]);
        assertEquals(false, log.get(KEY).closed());
        assertEquals(2, gets[0]);
        // Reads of keys nobody holds take no place in the view: KEY, read once, is still held
        // after 20 of them (the 16-entry view kept it).
        for (int i = 0; i < 20; i++) {
            assertNull(log.get(new HypothesisKey("nobody-" + i, "word", "m")));
        }
        assertEquals(false, log.get(KEY).closed());
        assertEquals(2, gets[0]);
        // A key written through the log, committed and pushed out of the view (16 entries) by 20
        // newer ones is read back from the store; once deleted and pushed out, it is not asked for.
        HypothesisKey written = new HypothesisKey("u3", "word", "m");
        log.put(written, new HypothesisState(m, 7, 7, false), null);
        log.writeBack().flush();
        pushOut(log);
        int before = gets[0];
        assertEquals(7, log.get(written).lastWallMs());
        assertEquals(before + 1, gets[0]);
        log.delete(written);
        log.writeBack().flush();
        pushOut(log);
        before = gets[0];
        assertNull(log.get(written));
        assertEquals(before, gets[0]);
        // An aborted commit: the store is restored to what it held, and the log asks it again.
        log.writeBack().discard();
        assertNull(log.get(other));
        assertEquals(before + 1, gets[0]);
    }

    /**
     * Writes 20 other keys (each committed), so that the 16-entry view holds none of the earlier
     * ones. Writes, not reads: a read of a key nobody holds is not kept in the view.
     */
    private static void pushOut(PartLog<HypothesisKey, HypothesisState, HypothesisHead, HypothesisPart> log) {
        for (int i = 0; i < 20; i++) {
            log.put(new HypothesisKey("filler-" + i, "word", "m"), new HypothesisState(new IncrementalMatcher(), 1, 1, false), null);
        }
        log.writeBack().flush();
    }

    /** {@code store}, counting its point reads in {@code gets[0]}. */
    @SuppressWarnings("unchecked")
    private static <K, V> KeyValueStore<K, V> countingGets(KeyValueStore<K, V> store, int[] gets) {
        return (KeyValueStore<K, V>) java.lang.reflect.Proxy.newProxyInstance(KeyValueStore.class.getClassLoader(),
                new Class<?>[] {KeyValueStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("get")) {
                        gets[0]++;
                    }
                    try {
                        return method.invoke(store, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static PartLog<HypothesisKey, HypothesisState, HypothesisHead, HypothesisPart> log(Map<String, StateStore> stores) {
        return new PartLog<>(StateLayouts.HYPOTHESIS, heads(stores), parts(stores), 16);
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
