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
 * The hypothesis states of one task, stored as a fixed-size {@link HypothesisHead} per
 * (utterance, tier, model) and one {@link HypothesisPart} per record that added boundaries or
 * words, and kept decoded for the keys used last.
 *
 * <p>Why parts: a state that held every boundary and word so far, re-encoded whole on every
 * record, made an utterance of W words write O(W²) bytes (docs/performance.md). Here a record
 * writes its head (fixed size) and its own part; the close deletes the parts, and the closed head
 * stays (reference-max-delay) to refuse what comes after the end. A state that is not in memory
 * (after a restore, a revival or eviction) is rebuilt from its head and parts by point lookups,
 * once.
 *
 * <p>As {@link DecodedStore}: every write goes to the stores at once, the decoded entry always
 * equals what the stores rebuild to, and a new log is made at every init.
 */
final class HypothesisLog {
    private record Entry(HypothesisState state, int parts) {
    }

    private static final Entry ABSENT = new Entry(null, 0);

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
        if (state.closed()) {
            for (int i = 0; i < n; i++) {
                parts.delete(key.part(i));
            }
            n = 0;
        } else if (added != null && !added.isEmpty()) {
            parts.put(key.part(n), added);
            n++;
        }
        heads.put(key, HypothesisHead.of(state, n));
        recent.put(key, new Entry(state, n));
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
                e = new Entry(head.with(stored), head.parts());
            }
            recent.put(key, e);
        }
        return e;
    }
}
