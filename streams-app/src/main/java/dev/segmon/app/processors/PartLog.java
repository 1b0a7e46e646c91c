package dev.segmon.app.processors;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * One kind of per-utterance state that grows with its records (a hypothesis' boundaries and
 * words, a reference's chunks), split into a head, which holds the fixed-size fields and the
 * latest additions (its tail, at most {@link Layout#seal()} units), and the sealed parts that hold
 * the rest. This class keeps the parts (their own store, one key per part) and says what head
 * stores a state; the heads of an utterance are kept together by {@link UtteranceLog}.
 *
 * <p>Why parts: a state that held everything so far, re-encoded whole on every record, made an
 * utterance of W words write O(W²) bytes (docs/performance.md). Here a record changes its head's
 * bounded tail, and every {@code seal} units writes one part; a state that drops its parts (a
 * closed hypothesis) deletes them. One part per record was measured too: each is a new key, the
 * record cache filled with them and evicted (a RocksDB write and a changelog record for each part,
 * and its tombstone after the close), and the stream thread spent 18 % of its time evicting. A
 * state that is not in memory (after a restore, a revival or eviction) is rebuilt from its head
 * and parts by point lookups, once.
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

    /** A decoded state and where its content lies: {@code parts} sealed parts, then {@code tail}. */
    record Slot<S, P>(S state, int parts, P tail) {
    }

    private final Layout<K, S, H, P> layout;
    private final KeyValueStore<Object, P> parts;

    @SuppressWarnings("unchecked")
    PartLog(Layout<K, S, H, P> layout, KeyValueStore<?, P> parts) {
        this.layout = layout;
        this.parts = (KeyValueStore<Object, P>) parts;
    }

    /**
     * The slot of {@code state}, whose content is what {@code old} (null: nothing yet) held plus
     * {@code added} (null or empty when the record added nothing). Seals the tail as the next part
     * when it reaches {@link Layout#seal()} units; a state that drops its parts deletes them.
     */
    Slot<S, P> put(K key, Slot<S, P> old, S state, P added) {
        int n = old == null ? 0 : old.parts;
        P tail = old == null ? layout.empty() : old.tail;
        if (layout.dropsParts(state)) {
            drop(key, old);
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
        return new Slot<>(state, n, tail);
    }

    /** Deletes the sealed parts of {@code old} (null: none). */
    void drop(K key, Slot<S, P> old) {
        for (int i = 0; old != null && i < old.parts; i++) {
            parts.delete(layout.partKey(key, i));
        }
    }

    /** The slot a stored head and its sealed parts (read by point lookups, in order) describe. */
    Slot<S, P> read(K key, H head) {
        int n = layout.parts(head);
        List<P> sealed = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            sealed.add(parts.get(layout.partKey(key, i)));
        }
        return new Slot<>(layout.rebuild(head, sealed), n, layout.tail(head));
    }

    /** The head that stores {@code slot}. */
    H head(Slot<S, P> slot) {
        return layout.head(slot.state, slot.parts, slot.tail);
    }

    /** See {@link Layout#settled}. */
    boolean settled(Slot<S, P> slot) {
        return layout.settled(slot.state);
    }
}
