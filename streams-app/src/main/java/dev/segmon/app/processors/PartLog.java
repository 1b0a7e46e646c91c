package dev.segmon.app.processors;

import dev.segmon.app.state.CommitFlushStore;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Per-utterance states that grow with their records (a hypothesis' boundaries and words, a
 * reference's chunks), stored as a head per key, which holds the fixed-size fields and the latest
 * additions (its tail, at most {@link Layout#seal()} units), and the sealed parts that hold the
 * rest; kept decoded for the keys used last.
 *
 * <p>Why parts: a state that held everything so far, re-encoded whole on every record, made an
 * utterance of W words write O(W²) bytes (docs/performance.md). Here a record writes its head
 * with a bounded tail, and every {@code seal} units one part; a state that drops its parts (a
 * closed hypothesis) deletes them. One part per record was measured too: each is a new key, the
 * record cache filled with them and evicted (a RocksDB write and a changelog record for each part,
 * and its tombstone after the close), and the stream thread spent 18 % of its time evicting. A
 * state that is not in memory (after a restore, a revival or eviction) is rebuilt from its head
 * and parts by point lookups, once.
 *
 * <p>The decoded view: almost every record reads its utterance's hypothesis and reference states,
 * and decoding them from bytes on every read, with Kafka's record-cache lookup under it (a sorted
 * map compared byte by byte), were once the stream thread's largest costs (docs/performance.md).
 * Next came writing them: every record changed its utterance's head, which was encoded and put in
 * Kafka's record cache on every record (18.9 % of the stream thread). The heads are now written
 * back once per commit ({@link WriteBack}, {@link dev.segmon.app.state.CommitFlushStore}): a
 * 20-word utterance that opens and closes between two commits writes its head once, not 21 times.
 * Sealed parts are still written when sealed (at most one per {@link Layout#seal()} units). Reads
 * see the stores plus the changes not yet written; the scans of {@link #heads()} flush first. States
 * may be mutable (an {@code IncrementalMatcher}): a caller that changes one must {@link #put} it
 * before the record is done.
 *
 * <p>The processor makes new logs in every {@code init}, and a discarded commit drops what was not
 * written: under exactly_once_v2 a failed transaction makes Kafka Streams close the task dirty,
 * wipe and restore its stores from the changelog and initialise the processors again before the
 * next record; a migrated task gets new processors. Either way the view starts empty on the
 * restored stores and can never serve a value of an aborted transaction ({@code DecodedStoreRevivalTest}).
 *
 * @param <K> the state's key; {@code <S>} the decoded state; {@code <H>} the stored head;
 *            {@code <P>} a part (what records add)
 */
final class PartLog<K, S, H, P> {
    /** How one kind of state splits into a head and parts. */
    interface Layout<K, S, H, P> {
        /** The empty part (a new tail). */
        P empty();

        /** {@code a} followed by {@code b}. */
        P plus(P a, P b);

        /** What a part holds, in the units {@link #seal()} counts. */
        int units(P part);

        /** Units at which a tail is sealed as a part. */
        int seal();

        H head(S state, int parts, P tail);

        int parts(H head);

        P tail(H head);

        /** The state of a head, its sealed parts (in order) and its tail. */
        S rebuild(H head, List<P> sealed);

        /**
         * Whether this state takes no more records in the common course (a closed hypothesis, a
         * complete reference its hypotheses have seen): written at the next tick rather than held
         * to the commit ({@link #writeSettled}).
         */
        boolean settled(S state);

        /** Whether this state keeps no parts (a closed hypothesis: the books have read them). */
        boolean dropsParts(S state);

        /** The key of the {@code seq}-th part (0-based) of {@code key}'s state. */
        Object partKey(K key, int seq);
    }

    /** A decoded state; {@code stored}: whether the heads store may hold its key (a deletion then writes a tombstone). */
    private record Entry<S, P>(S state, int parts, P tail, boolean stored) {
    }

    private final Layout<K, S, H, P> layout;
    private final KeyValueStore<K, H> heads;
    private final KeyValueStore<Object, P> parts;
    private final WriteBack<K, Entry<S, P>> recent;
    private final Entry<S, P> absent;
    /** The keys of the heads store, so that the first read of a new utterance's key skips RocksDB. */
    private final StoredKeys<K> stored;

    PartLog(Layout<K, S, H, P> layout, KeyValueStore<K, H> heads, KeyValueStore<?, P> parts, int entries) {
        this(layout, heads, parts, entries, Long.MAX_VALUE);
    }

    /** {@code trackedKeys}: most keys of the heads store known in memory (see {@link StoredKeys}). */
    @SuppressWarnings("unchecked")
    PartLog(Layout<K, S, H, P> layout, KeyValueStore<K, H> heads, KeyValueStore<?, P> parts, int entries, long trackedKeys) {
        this.stored = new StoredKeys<>(trackedKeys);
        this.layout = layout;
        this.heads = heads;
        this.parts = (KeyValueStore<Object, P>) parts;
        this.absent = new Entry<>(null, 0, layout.empty(), false);
        this.recent = new WriteBack<>(entries, this::write);
    }

    /** The view's commit-time writes, to register with the task's {@link CommitFlushStore}. */
    CommitFlushStore.Deferred writeBack() {
        return new CommitFlushStore.Deferred() {
            @Override
            public void flush() {
                recent.flush();
            }

            @Override
            public void discard() {
                recent.discard();
                stored.forget(); // the store is restored to what it held before: known again at the next scan
            }
        };
    }

    /** The state of {@code key}, or null. */
    S get(K key) {
        return entry(key).state;
    }

    /**
     * Stores {@code state}, whose content is what was held before plus {@code added} (null or
     * empty when the record added nothing).
     */
    void put(K key, S state, P added) {
        Entry<S, P> old = entry(key);
        int n = old.parts;
        P tail = old.tail;
        if (layout.dropsParts(state)) {
            deleteParts(key, n);
            n = 0;
            tail = layout.empty();
        } else if (added != null && layout.units(added) > 0) {
            tail = layout.plus(tail, added);
            if (layout.units(tail) >= layout.seal()) {
                parts.put(layout.partKey(key, n), tail);
                n++;
                tail = layout.empty();
            }
        }
        recent.changed(key, new Entry<>(state, n, tail, old.stored));
    }

    void delete(K key) {
        Entry<S, P> old = entry(key);
        deleteParts(key, old.parts);
        recent.changed(key, old.stored ? new Entry<>(null, 0, layout.empty(), true) : absent);
    }

    /**
     * Writes the changed states that are settled (and deletions) now rather than at the commit.
     * Why: the commit stops the stream thread while it writes every head changed since the last
     * one, and records that arrive meanwhile wait; at the bench's half rate that was a few
     * thousand heads a second, nearly all of closed utterances, which change again only when
     * they expire. Written on a tick in between, the same writes leave the commit short. States
     * still streaming stay for the commit, so that a head is not written once per record.
     */
    void writeSettled() {
        recent.flushWhere(e -> e.state == null || layout.settled(e.state));
    }

    /** The heads, for scans (expiry index, the full pass): every change written first. */
    KeyValueStore<K, H> heads() {
        recent.flush();
        return heads;
    }

    /**
     * Hands every stored head to {@code each} (every change written first) and learns the store's
     * keys on the way, so that reads of keys it does not hold skip it from then on.
     */
    void scan(java.util.function.BiConsumer<K, H> each) {
        recent.flush();
        stored.scanned(keep -> {
            try (KeyValueIterator<K, H> it = heads.all()) {
                while (it.hasNext()) {
                    KeyValue<K, H> kv = it.next();
                    keep.accept(kv.key);
                    each.accept(kv.key, kv.value);
                }
            }
        });
    }

    /** Writes one changed entry's head (or deletes it); the entry as written. */
    private Entry<S, P> write(K key, Entry<S, P> e) {
        if (e.state == null) {
            if (e.stored) {
                heads.delete(key);
                stored.deleted(key);
            }
            return absent;
        }
        heads.put(key, layout.head(e.state, e.parts, e.tail));
        stored.stored(key);
        return e.stored ? e : new Entry<>(e.state, e.parts, e.tail, true);
    }

    private void deleteParts(K key, int n) {
        for (int i = 0; i < n; i++) {
            parts.delete(layout.partKey(key, i));
        }
    }

    private Entry<S, P> entry(K key) {
        Entry<S, P> e = recent.get(key);
        if (e == null) {
            if (!stored.mayHold(key)) {
                // Not held anywhere (a new utterance, or a reference that has not come yet): not
                // kept in the view either. Each hypothesis record of an utterance asks for its
                // reference, which comes last; kept, every such answer took a place in the view
                // and pushed out a state that was still wanted (docs/performance.md).
                return absent;
            }
            H head = heads.get(key);
            if (head == null) {
                e = absent;
            } else {
                int n = layout.parts(head);
                List<P> sealed = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    sealed.add(parts.get(layout.partKey(key, i)));
                }
                e = new Entry<>(layout.rebuild(head, sealed), n, layout.tail(head), true);
            }
            recent.loaded(key, e);
        }
        return e;
    }
}
