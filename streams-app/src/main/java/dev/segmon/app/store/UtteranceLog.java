package dev.segmon.app.store;

import dev.segmon.app.state.HypothesisHead;
import dev.segmon.app.state.HypothesisPart;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.UtteranceTier;
import dev.segmon.app.state.ReferenceHead;
import dev.segmon.app.state.ReferencePart;
import dev.segmon.app.state.ReferenceState;
import dev.segmon.app.state.UtteranceHead;
import dev.segmon.app.store.PartLog.Slot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The per-utterance states of one task, an utterance's reference and hypotheses together: one
 * {@link UtteranceHead} per (utterance, tier) in the utterance store, the sealed parts of each
 * state in its {@link PartLog}, and a decoded view of the utterances used last.
 *
 * <p>One head per utterance, because its states settle and expire together: one write and one
 * tombstone instead of one per state. Decoded, because every record reads its utterance; written
 * back once per commit ({@link WriteBackStore}, {@link CommitFlushStore}), or at the next tick once all
 * its states have settled ({@link #writeSettled}). The costs behind both choices are in
 * docs/performance.md; the layout in docs/streaming.md, "Per-utterance state".
 *
 * <p>Reads see the stores plus the changes not yet written; {@link #scan} and {@link #heads()}
 * flush first. States may be mutable (an {@code IncrementalMatcher}): a caller that changes one
 * must {@code put} it before the record is done. The processor makes a new log in every
 * {@code init}, and a discarded commit drops what was not written, so the view never serves a
 * value of an aborted transaction ({@code DecodedStoreRevivalTest}).
 */
public final class UtteranceLog {
    /**
     * One utterance's decoded states, as the view holds it. Changed only inside this log, each
     * change handed to the view at once ({@link WriteBackStore#put}), so that no copy of it outside
     * the view can go stale.
     */
    private static final class Utterance {
        Slot<ReferenceState, ReferencePart> reference;
        /** By model, in the order they opened (a model's head keeps its place when it changes). */
        final Map<String, Slot<HypothesisState, HypothesisPart>> hypotheses = new LinkedHashMap<>(4);
        boolean empty() {
            return reference == null && hypotheses.isEmpty();
        }
    }

    private static final PartLog.Layout<UtteranceTier, ReferenceState, ReferenceHead, ReferencePart> REFERENCE = new PartLog.Layout<>(
            ReferencePart.EMPTY, ReferenceHead.SEAL, ReferenceHead::of,
            // Complete and seen by its hypotheses; its parts stay, as every model is scored against it until it expires.
            // Complete: sealed, as its head is written again as each model's hypothesis closes (docs/streaming.md).
            r -> r.boundaries().complete() && r.hypothesized(), r -> false, r -> r.boundaries().complete(), UtteranceTier::part);
    private static final PartLog.Layout<HypothesisKey, HypothesisState, HypothesisHead, HypothesisPart> HYPOTHESIS = new PartLog.Layout<>(
            HypothesisPart.EMPTY, HypothesisHead.SEAL, HypothesisHead::of, HypothesisState::closed, HypothesisState::closed,
            h -> false, HypothesisKey::part);

    private final PartLog<UtteranceTier, ReferenceState, ReferenceHead, ReferencePart> references;
    private final PartLog<HypothesisKey, HypothesisState, HypothesisHead, HypothesisPart> hypotheses;
    private final KeyValueStore<UtteranceTier, UtteranceHead> heads;
    private final WriteBackStore<UtteranceTier, Utterance> recent;

    public UtteranceLog(KeyValueStore<UtteranceTier, UtteranceHead> heads, KeyValueStore<?, ReferencePart> referenceParts,
                        KeyValueStore<?, HypothesisPart> hypothesisParts, int entries) {
        this(heads, referenceParts, hypothesisParts, entries, Long.MAX_VALUE);
    }

    /** {@code entries}: most utterances kept decoded; {@code trackedKeys}: most keys known (see {@link StoredKeys}). */
    public UtteranceLog(KeyValueStore<UtteranceTier, UtteranceHead> heads, KeyValueStore<?, ReferencePart> referenceParts,
                        KeyValueStore<?, HypothesisPart> hypothesisParts, int entries, long trackedKeys) {
        this.references = new PartLog<>(REFERENCE, referenceParts);
        this.hypotheses = new PartLog<>(HYPOTHESIS, hypothesisParts);
        this.heads = heads;
        this.recent = new WriteBackStore<>(heads, new Heads(), entries, trackedKeys);
    }

    /** The log's commit-time writes, to register with the task's {@link CommitFlushStore}. */
    public CommitFlushStore.Deferred writeBack() {
        return recent;
    }

    /** The reference of {@code key}, or null. */
    public ReferenceState reference(UtteranceTier key) {
        Utterance u = find(key);
        return u == null || u.reference == null ? null : u.reference.state();
    }

    /** The hypothesis of {@code key}, or null. */
    public HypothesisState hypothesis(HypothesisKey key) {
        Utterance u = find(key.reference());
        if (u == null) {
            return null;
        }
        Slot<HypothesisState, HypothesisPart> s = u.hypotheses.get(key.model());
        return s == null ? null : s.state();
    }

    /** Stores {@code state}, whose content is what was held before plus {@code added} (null: nothing added). */
    public void put(UtteranceTier key, ReferenceState state, ReferencePart added) {
        Utterance u = forChange(key);
        u.reference = references.put(key, u.reference, state, added);
        recent.put(key, u);
    }

    /** As {@link #put(UtteranceTier, ReferenceState, ReferencePart)}, for a hypothesis. */
    public void put(HypothesisKey key, HypothesisState state, HypothesisPart added) {
        UtteranceTier utterance = key.reference();
        Utterance u = forChange(utterance);
        u.hypotheses.put(key.model(), hypotheses.put(key, u.hypotheses.get(key.model()), state, added));
        recent.put(utterance, u);
    }

    /** Forgets the reference of {@code key} (its parts deleted now, the head with the next write). */
    public void delete(UtteranceTier key) {
        Utterance u = find(key);
        if (u != null && u.reference != null) {
            references.drop(key, u.reference);
            u.reference = null;
            recent.put(key, u);
        }
    }

    /** Forgets the hypothesis of {@code key}. */
    public void delete(HypothesisKey key) {
        UtteranceTier utterance = key.reference();
        Utterance u = find(utterance);
        if (u != null && u.hypotheses.containsKey(key.model())) {
            hypotheses.drop(key, u.hypotheses.remove(key.model()));
            recent.put(utterance, u);
        }
    }

    /**
     * Writes the changed utterances whose states have all settled (and those left empty) now
     * rather than at the commit, and lets them out of the view ({@link WriteBackStore#retireWhere}):
     * the commit stops the stream thread while it writes, and settled utterances change again
     * only when they expire. Utterances still streaming stay for the commit.
     */
    public void writeSettled() {
        recent.retireWhere(this::settled);
    }

    /** The utterance store, for a full pass over it: every change written first. */
    public KeyValueStore<UtteranceTier, UtteranceHead> heads() {
        recent.flush();
        return heads;
    }

    /**
     * Hands every stored head to {@code each} (every change written first) and learns the store's
     * keys on the way, so that reads of keys it does not hold skip it from then on.
     */
    public void scan(BiConsumer<UtteranceTier, UtteranceHead> each) {
        recent.scan((k, head) -> each.accept(k, (UtteranceHead) head));
    }

    private boolean settled(Utterance u) {
        if (u.reference != null && !references.settled(u.reference)) {
            return false;
        }
        for (Slot<HypothesisState, HypothesisPart> h : u.hypotheses.values()) {
            if (!hypotheses.settled(h)) {
                return false;
            }
        }
        return true; // an empty one too: its tombstone
    }

    /** An utterance's head as the utterance store holds it, its states' sealed parts in their part logs. */
    private final class Heads implements WriteBackStore.Codec<UtteranceTier, Utterance, UtteranceHead> {
        @Override
        public UtteranceHead encode(UtteranceTier key, Utterance u) {
            if (u.empty()) {
                return null;
            }
            ReferenceHead reference = u.reference == null ? null : references.head(u.reference);
            List<UtteranceHead.Hypothesis> hs = new ArrayList<>(u.hypotheses.size());
            for (Map.Entry<String, Slot<HypothesisState, HypothesisPart>> e : u.hypotheses.entrySet()) {
                hs.add(new UtteranceHead.Hypothesis(e.getKey(), hypotheses.head(e.getValue())));
            }
            return new UtteranceHead(reference, hs);
        }

        @Override
        public Utterance decode(UtteranceTier key, UtteranceHead head) {
            Utterance u = new Utterance();
            u.reference = head.reference() == null ? null : references.read(key, head.reference());
            for (UtteranceHead.Hypothesis h : head.hypotheses()) {
                u.hypotheses.put(h.model(), hypotheses.read(key.of(h.model()), h.head()));
            }
            return u;
        }
    }

    /** The utterance to change: the one held, or a new empty one (not yet in the log). */
    private Utterance forChange(UtteranceTier key) {
        Utterance u = find(key);
        return u != null ? u : new Utterance();
    }

    /** The utterance of {@code key}, or null when no one holds it. */
    private Utterance find(UtteranceTier key) {
        return recent.get(key);
    }
}
