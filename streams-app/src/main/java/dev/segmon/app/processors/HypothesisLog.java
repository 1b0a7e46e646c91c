package dev.segmon.app.processors;

import dev.segmon.app.state.HypothesisHead;
import dev.segmon.app.state.HypothesisPart;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.PartKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The hypothesis states of one task, stored as a {@link HypothesisHead} per (utterance, tier,
 * model), which holds the fixed-size fields and the latest boundaries and words (its tail, at most
 * {@link HypothesisHead#SEAL} units), and the sealed {@link HypothesisPart}s that hold the rest;
 * kept decoded for the keys used last.
 *
 * <p>Why parts: a state that held every boundary and word so far, re-encoded whole on every
 * record, made an utterance of W words write O(W²) bytes (docs/performance.md). Here a record
 * writes its head with a bounded tail, and every {@link HypothesisHead#SEAL} units one part; the
 * close deletes the parts, and the closed head stays (reference-max-delay) to refuse what comes
 * after the end. One part per record was measured too: each is a new key, the record cache filled
 * with them and evicted (a RocksDB write and a changelog record for each part, and its tombstone
 * after the close), and the stream thread spent 18 % of its time evicting. A state that is not in
 * memory (after a restore, a revival or eviction) is rebuilt from its head and parts by point
 * lookups, once.
 *
 * <p>As {@link DecodedStore}: every write goes to the stores at once, the decoded entry always
 * equals what the stores rebuild to, and a new log is made at every init.
 */
final class HypothesisLog {
    private record Entry(HypothesisState state, int parts, HypothesisPart tail) {
    }

    private static final Entry ABSENT = new Entry(null, 0, HypothesisPart.EMPTY);

    private final KeyValueStore<HypothesisKey, HypothesisHead> heads;
    private final KeyValueStore<PartKey, HypothesisPart> parts;
    private final Map<HypothesisKey, Entry> recent;

    HypothesisLog(KeyValueStore<HypothesisKey, HypothesisHead> heads, KeyValueStore<PartKey, HypothesisPart> parts, int entries) {
        this.heads = heads;
        this.parts = parts;
        this.recent = new LinkedHashMap<>(Math.min(entries, 1024), 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<HypothesisKey, Entry> eldest) {
                return size() > entries;
            }
        };
    }

    /** The state of {@code key}, or null. */
    HypothesisState get(HypothesisKey key) {
        return entry(key).state;
    }

    /**
     * Stores {@code state}, whose boundaries and words are those held before plus {@code added}
     * (empty when the record added none). A closed state drops its parts: the books have what
     * they need of it by then.
     */
    void put(HypothesisKey key, HypothesisState state, HypothesisPart added) {
        Entry old = entry(key);
        int n = old.parts;
        HypothesisPart tail = old.tail;
        if (state.closed()) {
            for (int i = 0; i < n; i++) {
                parts.delete(key.part(i));
            }
            n = 0;
            tail = HypothesisPart.EMPTY;
        } else if (added != null && !added.isEmpty()) {
            tail = tail.plus(added);
            if (tail.units() >= HypothesisHead.SEAL) {
                parts.put(key.part(n), tail);
                n++;
                tail = HypothesisPart.EMPTY;
            }
        }
        heads.put(key, HypothesisHead.of(state, n, tail));
        recent.put(key, new Entry(state, n, tail));
    }

    void delete(HypothesisKey key) {
        Entry old = entry(key);
        for (int i = 0; i < old.parts; i++) {
            parts.delete(key.part(i));
        }
        heads.delete(key);
        recent.put(key, ABSENT);
    }

    /** The heads, for scans (expiry index, the full pass). */
    KeyValueStore<HypothesisKey, HypothesisHead> heads() {
        return heads;
    }

    private Entry entry(HypothesisKey key) {
        Entry e = recent.get(key);
        if (e == null) {
            HypothesisHead head = heads.get(key);
            if (head == null) {
                e = ABSENT;
            } else {
                List<HypothesisPart> stored = new ArrayList<>(head.parts());
                for (int i = 0; i < head.parts(); i++) {
                    stored.add(parts.get(key.part(i)));
                }
                e = new Entry(head.with(stored), head.parts(), head.tail());
            }
            recent.put(key, e);
        }
        return e;
    }
}
