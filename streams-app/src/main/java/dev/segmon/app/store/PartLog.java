package dev.segmon.app.store;

import dev.segmon.app.state.Head;
import dev.segmon.app.state.Part;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * One kind of per-utterance state that grows with its records (a hypothesis' boundaries and
 * words, a reference's chunks), split into a {@link Head} (the fixed-size fields and the latest
 * additions, its tail, at most {@link Layout#seal} units) and the sealed parts that hold the rest.
 * This class keeps the parts (their own store, one key per part) and says what head stores a
 * state; the heads of an utterance are kept together by {@link UtteranceLog}.
 *
 * <p>Why parts: a state re-encoded whole on every record writes O(W²) bytes for W words, and one
 * part per record fills the record cache with new keys (docs/streaming.md, "Per-utterance state").
 * A state not in memory is rebuilt from its head and parts by point lookups, once.
 *
 * @param <K> the state's key; {@code <S>} the decoded state; {@code <H>} the stored head;
 *            {@code <P>} a part (what records add)
 */
public final class PartLog<K, S, H extends Head<S, P>, P extends Part<P>> {
    /** Makes the head that stores a state. */
    public interface HeadOf<S, P, H> {
        H head(S state, int parts, P tail);
    }

    /** The key of the {@code seq}-th part (0-based) of a state's key. */
    public interface PartKeys<K> {
        Object partKey(K key, int seq);
    }

    /**
     * How one kind of state splits into a head and parts.
     *
     * @param empty      the empty part (a new tail)
     * @param seal       units at which a tail is sealed as a part
     * @param settled    whether a state takes no more records in the common course (a closed
     *                   hypothesis, a complete reference its hypotheses have seen): written at the
     *                   next tick rather than held to the commit
     * @param dropsParts whether a state keeps no parts (a closed hypothesis: the books have read them)
     * @param complete   whether a state's content is complete (a reference whose end has come): its
     *                   tail is sealed at once, whatever its size, so that the later writes of its
     *                   head (a hypothesis closing, the reference seen) do not carry it again
     */
    public record Layout<K, S, H, P>(P empty, int seal, HeadOf<S, P, H> head, Predicate<S> settled, Predicate<S> dropsParts,
                                     Predicate<S> complete, PartKeys<K> partKeys) {
    }

    /** A decoded state and where its content lies: {@code parts} sealed parts, then {@code tail}. */
    public record Slot<S, P>(S state, int parts, P tail) {
    }

    private final Layout<K, S, H, P> layout;
    private final KeyValueStore<Object, P> parts;

    @SuppressWarnings("unchecked")
    public PartLog(Layout<K, S, H, P> layout, KeyValueStore<?, P> parts) {
        this.layout = layout;
        this.parts = (KeyValueStore<Object, P>) parts;
    }

    /**
     * The slot of {@code state}, whose content is what {@code old} (null: nothing yet) held plus
     * {@code added} (null or empty when the record added nothing). Seals the tail as the next part
     * when it reaches {@link Layout#seal} units, or when the state is {@link Layout#complete}; a
     * state that drops its parts deletes them.
     */
    public Slot<S, P> put(K key, Slot<S, P> old, S state, P added) {
        int n = old == null ? 0 : old.parts;
        P tail = old == null ? layout.empty() : old.tail;
        if (layout.dropsParts().test(state)) {
            drop(key, old);
            n = 0;
            tail = layout.empty();
        } else {
            if (added != null && added.sealUnits() > 0) {
                tail = tail.plus(added);
            }
            if (tail.sealUnits() >= layout.seal() || tail.sealUnits() > 0 && layout.complete().test(state)) {
                parts.put(layout.partKeys().partKey(key, n), tail);
                n++;
                tail = layout.empty();
            }
        }
        return new Slot<>(state, n, tail);
    }

    /** Deletes the sealed parts of {@code old} (null: none). */
    public void drop(K key, Slot<S, P> old) {
        for (int i = 0; old != null && i < old.parts; i++) {
            parts.delete(layout.partKeys().partKey(key, i));
        }
    }

    /** The slot a stored head and its sealed parts (read by point lookups, in order) describe. */
    public Slot<S, P> read(K key, H head) {
        int n = head.parts();
        List<P> sealed = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            sealed.add(parts.get(layout.partKeys().partKey(key, i)));
        }
        return new Slot<>(head.with(sealed), n, head.tail());
    }

    /** The head that stores {@code slot}. */
    public H head(Slot<S, P> slot) {
        return layout.head().head(slot.state, slot.parts, slot.tail);
    }

    /** See {@link Layout#settled}. */
    public boolean settled(Slot<S, P> slot) {
        return layout.settled().test(slot.state);
    }
}
