package dev.segmon.app.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The write-back layer over a real (in-memory) Kafka store: what reaches the store below, and
 * when. Every expectation is a count of writes made by hand from the calls in each test.
 */
class WriteBackStoreTest {
    private final List<String> written = new ArrayList<>();
    private KeyValueStore<String, Integer> below;

    @BeforeEach
    void setUp() {
        MockProcessorContext<Object, Object> ctx = new MockProcessorContext<>();
        below = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore("s"), Serdes.String(), Serdes.Integer())
                .withLoggingDisabled().build();
        below.init(ctx.getStateStoreContext(), below);
    }

    /** A codec that records every write and deletion it is asked for. */
    private WriteBackStore<String, Integer> layer(int entries, long trackedKeys) {
        return new WriteBackStore<>(below, new WriteBackStore.Codec<String, Integer, Integer>() {
            @Override
            public Integer encode(String key, Integer value) {
                written.add(key + "=" + value);
                return value < 0 ? null : value;
            }

            @Override
            public Integer decode(String key, Integer stored) {
                return stored;
            }
        }, entries, trackedKeys);
    }

    @Test
    void aValueChangedByManyRecordsReachesTheStoreOnceAtTheCommitWithItsLastValue() {
        WriteBackStore<String, Integer> s = layer(16, 0);
        for (int i = 1; i <= 21; i++) {
            s.put("u1", i);
        }
        assertNull(below.get("u1"), "nothing below before the commit");
        assertEquals(21, s.get("u1"), "readers see the change at once");
        s.flush();
        assertEquals(List.of("u1=21"), written);
        assertEquals(21, below.get("u1"));
        s.flush();
        assertEquals(List.of("u1=21"), written, "a second commit has nothing to write");
    }

    @Test
    void aKeyPutAndDeletedWithinOneCommitNeverReachesTheStore() {
        WriteBackStore<String, Integer> s = layer(16, 100);
        s.learnKeys(); // the store is empty: every key is known absent
        s.put("u1", 3);
        s.put("u2", 4);
        s.delete("u1");
        assertNull(s.get("u1"));
        s.flush();
        assertEquals(List.of("u2=4"), written);
        assertEquals(1, below.approximateNumEntries());
    }

    @Test
    void aDeletedStoredKeyIsDeletedBelowAtTheCommit() {
        below.put("u1", 7);
        WriteBackStore<String, Integer> s = layer(16, 100);
        s.learnKeys();
        assertEquals(7, s.get("u1"));
        s.delete("u1");
        assertEquals(7, below.get("u1"), "until the commit");
        s.flush();
        assertNull(below.get("u1"));
    }

    @Test
    void aChangedValuePushedOutIsWrittenAtOnceAndReadBackFromBelow() {
        WriteBackStore<String, Integer> s = layer(2, 0);
        s.put("a", 1);
        s.put("b", 2);
        s.put("c", 3); // a, the eldest, leaves the layer: written now
        assertEquals(List.of("a=1"), written);
        assertEquals(1, s.get("a"), "read back from the store below");
        s.flush();
        assertEquals(List.of("a=1", "b=2", "c=3"), written);
    }

    @Test
    void pendingChangesJoinTheirValueAtTheNextRead() {
        WriteBackStore<String, Integer> s = layer(16, 0);
        s.put("u1", 10);
        class Add implements WriteBackStore.Pending<Integer> {
            int sum;

            @Override
            public Integer onto(Integer base) {
                return (base == null ? 0 : base) + sum;
            }
        }
        s.pending("u1", k -> new Add()).sum += 5;
        s.pending("u1", k -> new Add()).sum += 7; // the same pending change, added to in place
        s.pending("u2", k -> new Add()).sum += 1;
        assertEquals(22, s.get("u1"));
        s.flush(); // u2's pending change joins too
        assertEquals(22, below.get("u1"));
        assertEquals(1, below.get("u2"));
    }

    @Test
    void aDiscardedCommitDropsEveryUnwrittenChange() {
        WriteBackStore<String, Integer> s = layer(16, 0);
        s.put("u1", 1);
        s.discard();
        assertNull(s.get("u1"));
        s.flush();
        assertEquals(List.of(), written);
    }

    @Test
    void settledValuesAreWrittenEarlyAndLeaveTheLayer() {
        WriteBackStore<String, Integer> s = layer(16, 0);
        s.put("waiting", 1);
        s.put("scored", 100);
        s.retireWhere(v -> v >= 100);
        assertEquals(List.of("scored=100"), written);
        assertEquals(1, s.changedCount());
    }

    @Test
    void aScanSeesEveryChangeAndOnlyThePooledKeysAreWrittenByAPartialFlush() {
        WriteBackStore<String, Integer> s = layer(16, 0);
        s.put("pooled", 1);
        s.put("slice", 2);
        s.flushWhere(k -> k.equals("pooled"));
        assertEquals(List.of("pooled=1"), written);
        try (var it = s.all()) {
            assertEquals(2, it.hasNext() ? countAll(it) : 0, "a scan writes the rest first");
        }
    }

    private static int countAll(java.util.Iterator<?> it) {
        int n = 0;
        while (it.hasNext()) {
            it.next();
            n++;
        }
        return n;
    }
}
