package dev.segmon.app.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.segmon.app.processors.OpenStates;
import dev.segmon.app.processors.TestStores;
import dev.segmon.app.state.HypothesisHead;
import dev.segmon.app.state.HypothesisPart;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.PartKey;
import dev.segmon.app.state.Keys.UtteranceTier;
import dev.segmon.app.state.ReferenceHead;
import dev.segmon.app.state.ReferencePart;
import dev.segmon.app.state.ReferenceState;
import dev.segmon.app.state.UtteranceHead;
import dev.segmon.app.state.WordList;
import dev.segmon.model.boundary.IncrementalMatcher;
import dev.segmon.model.boundary.ReferenceBoundaries;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/**
 * The utterance log: what a record writes stays bounded, a new log reads back the same states, and
 * an utterance's reference and hypotheses are written as one value.
 */
class UtteranceLogTest {
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
        HypothesisHead head = headOf(stores, KEY);
        int units = head.tail().units();
        int sealed = 0;
        for (int i = 0; i < head.parts(); i++) {
            sealed += parts(stores).get(KEY.part(i)).units();
        }
        assertEquals(6, head.parts());
        assertEquals(385, sealed);
        assertEquals(16, units);
        // A new log (a restore, a revival) reads the same state back from the head and the parts.
        HypothesisState back = log(stores).hypothesis(KEY);
        assertEquals(201, back.matcher().pending().length);
        assertArrayEquals(m.pending(), back.matcher().pending());
        assertEquals(words, back.words());
        // Closing deletes the parts and keeps the head.
        log.put(KEY, new HypothesisState(m, 1, 1, true), null);
        for (int i = 0; i < head.parts(); i++) {
            assertNull(parts(stores).get(KEY.part(i)));
        }
        log.writeBack().flush();
        assertEquals(true, log(stores).hypothesis(KEY).closed());
    }

    @Test
    void aReferenceStreamedInManyChunksIsSealedAndRebuiltAsOneChunkWouldBe() {
        Map<String, StateStore> stores = TestStores.inMemory(new MockProcessorContext<>());
        @SuppressWarnings("unchecked")
        KeyValueStore<PartKey, ReferencePart> parts = (KeyValueStore<PartKey, ReferencePart>) stores.get(OpenStates.REFERENCE_PARTS.name());
        var log = log(stores);
        UtteranceTier key = new UtteranceTier("u1", "word");
        // 100 chunks of one labelled segment [0.3 i, 0.3 i + 0.3]: 2 times, 2 span bounds and a
        // label each, 5 units: a part is sealed every 13 chunks (65 units), 7 in all; the last
        // chunk completes the reference, and the 9 chunks since (45 units) are sealed as the 8th.
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
        ReferenceHead head = heads(stores).get(key).reference();
        assertEquals(8, head.parts());
        assertEquals(0, head.tail().units() + head.tail().spans().length);
        int sealed = 0;
        for (int i = 0; i < head.parts(); i++) {
            sealed += parts.get(key.part(i)).units() + parts.get(key.part(i)).spans().length;
        }
        assertEquals(7 * 65 + 45, sealed);
        ReferenceState back = log(stores).reference(key);
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
        assertNull(heads(stores).get(open.reference()));
        assertEquals(true, headOf(stores, KEY).closed());
        log.writeBack().flush(); // the commit writes the rest
        assertEquals(false, headOf(stores, open).closed());
    }

    @Test
    void anUtteranceWithOneModelStillStreamingWaitsForTheCommit() {
        Map<String, StateStore> stores = TestStores.inMemory(new MockProcessorContext<>());
        var log = log(stores);
        log.put(KEY, new HypothesisState(new IncrementalMatcher(), 2, 2, true), null);
        HypothesisKey other = new HypothesisKey("u1", "word", "m2");
        log.put(other, new HypothesisState(new IncrementalMatcher(), 2, 2, false), null);
        log.writeSettled();
        assertNull(heads(stores).get(KEY.reference()), "m2 still streams: the utterance is not settled");
        log.writeBack().flush();
        assertEquals(true, headOf(stores, KEY).closed());
        assertEquals(false, headOf(stores, other).closed());
    }

    @Test
    void anUtterancesReferenceAndHypothesesAreOneWriteAndOneTombstone() {
        Map<String, StateStore> stores = TestStores.inMemory(new MockProcessorContext<>());
        int[] writes = {0};
        var log = new UtteranceLog(counting(heads(stores), "put", writes), referenceParts(stores), parts(stores), 16);
        UtteranceTier u = KEY.reference();
        HypothesisKey m2 = u.of("m2");
        // Two models' hypotheses, each ended and closed, and the complete reference they were scored against.
        ReferenceBoundaries b = new ReferenceBoundaries();
        b.offer(new long[] {0}, new long[] {300_000}, true, 0);
        log.put(KEY, new HypothesisState(new IncrementalMatcher(), 1, 1, true), null);
        log.put(m2, new HypothesisState(new IncrementalMatcher(), 1, 1, true), null);
        log.put(u, new ReferenceState(b, 1, 1, true, WordList.NONE), new ReferencePart(new long[] {0, 300_000}, new long[] {0, 300_000}, List.of()));
        log.writeSettled(); // the tick: settled, written as one value
        assertEquals(1, writes[0]);
        UtteranceHead head = heads(stores).get(u);
        assertEquals(List.of("m", "m2"), head.hypotheses().stream().map(UtteranceHead.Hypothesis::model).toList());
        // The reference is complete: its content is its one part, the head holds none of it.
        assertEquals(1, head.reference().parts());
        assertEquals(0, head.reference().tail().times().length);
        assertEquals(2, referenceParts(stores).get(u.part(0)).times().length);
        // Expiry forgets all three: one tombstone.
        int[] deletes = {0};
        log = new UtteranceLog(counting(heads(stores), "delete", deletes), referenceParts(stores), parts(stores), 16);
        log.delete(KEY);
        log.delete(m2);
        log.delete(u);
        log.writeSettled();
        assertEquals(1, deletes[0]);
        assertNull(heads(stores).get(u));
        // Forgetting one state keeps the others: the utterance is written without it.
        log.put(KEY, new HypothesisState(new IncrementalMatcher(), 1, 1, true), null);
        log.put(m2, new HypothesisState(new IncrementalMatcher(), 1, 1, true), null);
        log.writeSettled();
        log.delete(KEY);
        log.writeSettled();
        assertEquals(List.of("m2"), heads(stores).get(u).hypotheses().stream().map(UtteranceHead.Hypothesis::model).toList());
        assertNull(log(stores).hypothesis(KEY));
        assertEquals(true, log(stores).hypothesis(m2).closed());
    }

    @Test
    void aCompleteReferenceIsWrittenOnceWhateverHowOftenItsHeadIs() {
        Map<String, StateStore> stores = TestStores.inMemory(new MockProcessorContext<>());
        int[] partWrites = {0};
        var log = new UtteranceLog(heads(stores), counting(referenceParts(stores), "put", partWrites), parts(stores), 16);
        UtteranceTier u = KEY.reference();
        // A 3-word reference in one chunk, complete: 4 times, 2 span bounds, 3 labels (9 units, under 64).
        ReferenceBoundaries b = new ReferenceBoundaries();
        b.offer(new long[] {0, 300_000, 500_000}, new long[] {300_000, 500_000, 900_000}, true, 0);
        List<WordList.Word> words = List.of(new WordList.Word(0, 300_000, "a"), new WordList.Word(300_000, 500_000, "b"),
                new WordList.Word(500_000, 900_000, "c"));
        WordList labels = WordList.EMPTY.plus(words);
        log.put(u, new ReferenceState(b, 1, 1, false, labels),
                new ReferencePart(new long[] {0, 300_000, 300_000, 500_000, 500_000, 900_000}, new long[] {0, 900_000}, words));
        // Three models' hypotheses open and close over three commits: the head is written each time.
        for (String model : List.of("m1", "m2", "m3")) {
            log.put(u.of(model), new HypothesisState(new IncrementalMatcher(), 2, 2, false), null);
            log.writeBack().flush();
            log.put(u.of(model), new HypothesisState(new IncrementalMatcher(), 3, 3, true), null);
            log.writeBack().flush();
            assertEquals(0, heads(stores).get(u).reference().tail().units(), "the head carries none of the reference");
        }
        assertEquals(1, partWrites[0], "the reference's content was written once, as one part");
        ReferenceState back = log(stores).reference(u);
        assertArrayEquals(new long[] {0, 300_000, 500_000, 900_000}, back.boundaries().times());
        assertArrayEquals(new long[] {0, 900_000}, back.boundaries().spans());
        assertEquals(labels, back.labels());
        assertEquals(true, back.boundaries().complete());
        // Its expiry deletes the part with it.
        log.delete(u);
        assertNull(referenceParts(stores).get(u.part(0)));
    }

    @Test
    void afterAScanReadsOfKeysTheStoreDoesNotHoldNeverReachIt() {
        Map<String, StateStore> stores = TestStores.inMemory(new MockProcessorContext<>());
        IncrementalMatcher m = new IncrementalMatcher();
        var first = log(stores);
        first.put(KEY, new HypothesisState(m, 1, 1, false), null);
        first.writeBack().flush(); // a commit: the store holds KEY
        int[] gets = {0};
        var log = new UtteranceLog(counting(heads(stores), "get", gets), referenceParts(stores), parts(stores), 16, 1_000);
        HypothesisKey other = new HypothesisKey("u2", "word", "m");
        // Not scanned yet: it knows nothing, so a read goes to the store.
        assertNull(log.hypothesis(other));
        assertEquals(1, gets[0]);
        log = new UtteranceLog(counting(heads(stores), "get", gets), referenceParts(stores), parts(stores), 16, 1_000);
        List<UtteranceTier> scanned = new ArrayList<>();
        log.scan((k, head) -> scanned.add(k));
        assertEquals(List.of(KEY.reference()), scanned);
        // Scanned: a key the store never held is answered without it; KEY is read from it.
        assertNull(log.hypothesis(other));
        assertEquals(1, gets[0]);
        assertEquals(false, log.hypothesis(KEY).closed());
        assertEquals(2, gets[0]);
        // Reads of keys nobody holds take no place in the view: KEY, read once, is still held
        // after 20 of them (the 16-entry view kept it).
        for (int i = 0; i < 20; i++) {
            assertNull(log.hypothesis(new HypothesisKey("nobody-" + i, "word", "m")));
        }
        assertEquals(false, log.hypothesis(KEY).closed());
        assertEquals(2, gets[0]);
        // A key written through the log, committed and pushed out of the view (16 entries) by 20
        // newer ones is read back from the store; once deleted and pushed out, it is not asked for.
        HypothesisKey written = new HypothesisKey("u3", "word", "m");
        log.put(written, new HypothesisState(m, 7, 7, false), null);
        log.writeBack().flush();
        pushOut(log);
        int before = gets[0];
        assertEquals(7, log.hypothesis(written).lastWallMs());
        assertEquals(before + 1, gets[0]);
        log.delete(written);
        log.writeBack().flush();
        pushOut(log);
        before = gets[0];
        assertNull(log.hypothesis(written));
        assertEquals(before, gets[0]);
        // An aborted commit: the store is restored to what it held, and the log asks it again.
        log.writeBack().discard();
        assertNull(log.hypothesis(other));
        assertEquals(before + 1, gets[0]);
    }

    /**
     * Writes 20 other keys (each committed), so that the 16-entry view holds none of the earlier
     * ones. Writes, not reads: a read of a key nobody holds is not kept in the view.
     */
    private static void pushOut(UtteranceLog log) {
        for (int i = 0; i < 20; i++) {
            log.put(new HypothesisKey("filler-" + i, "word", "m"), new HypothesisState(new IncrementalMatcher(), 1, 1, false), null);
        }
        log.writeBack().flush();
    }

    /** {@code store}, counting its calls of {@code method} in {@code calls[0]}. */
    @SuppressWarnings("unchecked")
    private static <K, V> KeyValueStore<K, V> counting(KeyValueStore<K, V> store, String name, int[] calls) {
        return (KeyValueStore<K, V>) java.lang.reflect.Proxy.newProxyInstance(KeyValueStore.class.getClassLoader(),
                new Class<?>[] {KeyValueStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals(name)) {
                        calls[0]++;
                    }
                    try {
                        return method.invoke(store, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static UtteranceLog log(Map<String, StateStore> stores) {
        return new UtteranceLog(heads(stores), referenceParts(stores), parts(stores), 16);
    }

    @SuppressWarnings("unchecked")
    private static KeyValueStore<UtteranceTier, UtteranceHead> heads(Map<String, StateStore> stores) {
        return (KeyValueStore<UtteranceTier, UtteranceHead>) stores.get(OpenStates.UTTERANCES.name());
    }

    /** The stored head of {@code key}'s hypothesis (its utterance must be stored). */
    private static HypothesisHead headOf(Map<String, StateStore> stores, HypothesisKey key) {
        return heads(stores).get(key.reference()).hypotheses().stream().filter(h -> h.model().equals(key.model()))
                .findFirst().orElseThrow().head();
    }

    @SuppressWarnings("unchecked")
    private static KeyValueStore<PartKey, HypothesisPart> parts(Map<String, StateStore> stores) {
        return (KeyValueStore<PartKey, HypothesisPart>) stores.get(OpenStates.HYPOTHESIS_PARTS.name());
    }

    @SuppressWarnings("unchecked")
    private static KeyValueStore<PartKey, ReferencePart> referenceParts(Map<String, StateStore> stores) {
        return (KeyValueStore<PartKey, ReferencePart>) stores.get(OpenStates.REFERENCE_PARTS.name());
    }
}
