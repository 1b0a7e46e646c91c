package dev.segmon.app.processors;

import dev.segmon.app.store.CommitFlushStore;
import dev.segmon.app.store.ExpiryIndex;
import dev.segmon.app.store.StoreSpec;
import dev.segmon.app.store.UtteranceLog;
import dev.segmon.app.state.HypothesisPart;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.PartKey;
import dev.segmon.app.state.Keys.UtteranceTier;
import dev.segmon.app.state.ReferencePart;
import dev.segmon.app.state.ReferenceState;
import dev.segmon.app.state.UtteranceHead;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The per-utterance states of one task — references by (utterance, tier), hypotheses by
 * (utterance, tier, model), stored together per utterance ({@link UtteranceLog}) — and which of
 * them are due for expiry.
 *
 * <p>Every write goes through here so that the {@link ExpiryIndex} files each state under the
 * wall-clock time of its last change: an expiry pass then reads the states that may be due and
 * not every state kept. The index is derived from the stores and rebuilt from them at every init.
 * Past its capacity it gives up, and due states are found by a full pass over the store until
 * they are back under half of it.
 */
public final class OpenStates {
    /**
     * (utterance, tier) -> {@link UtteranceHead}: the heads of an utterance's reference and of each
     * model's hypothesis, in one value. Uncached: {@link UtteranceLog} keeps them decoded.
     */
    public static final StoreSpec<KeyValueStore<UtteranceTier, UtteranceHead>> UTTERANCES =
            StoreSpec.uncachedKeyValue("segmon-utterance-heads", UtteranceTier.SERDE, UtteranceHead.SERDE);
    /** (utterance, tier, "", seq) -> {@link ReferencePart}: a reference's sealed chunks. */
    public static final StoreSpec<KeyValueStore<PartKey, ReferencePart>> REFERENCE_PARTS =
            StoreSpec.uncachedKeyValue("segmon-reference-parts", PartKey.SERDE, ReferencePart.SERDE);
    /** (utterance, tier, model, seq) -> {@link HypothesisPart}: the boundaries and words of a hypothesis' sealed records. */
    public static final StoreSpec<KeyValueStore<PartKey, HypothesisPart>> HYPOTHESIS_PARTS =
            StoreSpec.uncachedKeyValue("segmon-hypothesis-parts", PartKey.SERDE, HypothesisPart.SERDE);
    static final List<StoreSpec<?>> STORES = List.of(UTTERANCES, REFERENCE_PARTS, HYPOTHESIS_PARTS);

    private final StoreSpec<CommitFlushStore> commitFlush;
    private final int decodedEntries;
    private final long indexCapacity;
    private UtteranceLog utterances;
    private ExpiryIndex index;
    /** States taken out of the index as maybe due, waiting for {@link #drainDue}. */
    private final java.util.ArrayDeque<ExpiryIndex.Entry> dueHypotheses = new java.util.ArrayDeque<>();
    private final java.util.ArrayDeque<ExpiryIndex.Entry> dueReferences = new java.util.ArrayDeque<>();
    /** The bucket of a queued state found by a full pass (no index entry to check it against). */
    private static final long ANY_BUCKET = Long.MIN_VALUE;

    /** {@code commitFlush}: the task's store that writes the decoded heads once per commit. */
    OpenStates(StoreSpec<CommitFlushStore> commitFlush, int decodedEntries, long indexCapacity) {
        this.commitFlush = commitFlush;
        this.decodedEntries = decodedEntries;
        this.indexCapacity = indexCapacity;
    }

    void init(ProcessorContext<Object, Object> context) {
        // A new view on every init: see UtteranceLog for why nothing decoded survives a revival.
        this.utterances = new UtteranceLog(UTTERANCES.open(context), REFERENCE_PARTS.open(context), HYPOTHESIS_PARTS.open(context),
                decodedEntries, indexCapacity);
        commitFlush.open(context).register(UTTERANCES.name(), utterances.writeBack());
        // What was queued came from the stores being replaced: the new index files those states again.
        dueHypotheses.clear();
        dueReferences.clear();
        reindex();
    }

    ReferenceState reference(UtteranceTier key) {
        return utterances.reference(key);
    }

    HypothesisState hypothesis(HypothesisKey key) {
        return utterances.hypothesis(key);
    }

    /** Stores {@code h}; {@code added}: what this record added to its boundaries and words (null: nothing). */
    void put(HypothesisKey key, HypothesisState h, HypothesisPart added) {
        HypothesisState old = utterances.hypothesis(key);
        utterances.put(key, h, added);
        index.touched(key, old == null ? null : old.lastWallMs(), h.lastWallMs());
    }

    /**
     * Stores a hypothesis that an expiry pass took out of the index: filed anew whatever bucket
     * its previous write was in (the pass took that entry).
     */
    void putExpired(HypothesisKey key, HypothesisState h) {
        utterances.put(key, h, null);
        index.touched(key, null, h.lastWallMs());
    }

    /** Stores {@code r}; {@code added}: what this record's chunk added (null: nothing). */
    void put(UtteranceTier key, ReferenceState r, ReferencePart added) {
        ReferenceState old = utterances.reference(key);
        utterances.put(key, r, added);
        index.touched(key, old == null ? null : old.lastWallMs(), r.lastWallMs());
    }

    /** Writes the settled utterances now (see {@link UtteranceLog#writeSettled}). */
    void writeSettled() {
        utterances.writeSettled();
    }

    void delete(HypothesisKey key) {
        utterances.delete(key);
    }

    void delete(UtteranceTier key) {
        utterances.delete(key);
    }

    /**
     * Queues the states that may be due at {@code untilMs} (taken out of the index; with an
     * overflowed index, found by a full pass), to be acted on by {@link #drainDue} a slice at a
     * time. Cheap: the states are read when drained, not here.
     */
    void takeDue(long untilMs) {
        if (index.overflowed()) {
            List<HypothesisKey> h = new ArrayList<>();
            List<UtteranceTier> r = new ArrayList<>();
            long kept = scanDue(utterances.heads(), untilMs, h, r);
            h.forEach(k -> dueHypotheses.add(new ExpiryIndex.Entry(ANY_BUCKET, k)));
            r.forEach(k -> dueReferences.add(new ExpiryIndex.Entry(ANY_BUCKET, k)));
            if (kept <= index.capacity() / 2) {
                reindex(); // back under the index's capacity, with room: index again
            }
            return;
        }
        for (ExpiryIndex.Entry e : index.takeUpTo(untilMs)) {
            (e.key() instanceof HypothesisKey ? dueHypotheses : dueReferences).add(e);
        }
    }

    /**
     * Acts on at most {@code budget} queued states, hypotheses before references: each one still
     * due at {@code untilMs} goes to its action; one written since it was filed is skipped (it was
     * filed again), one not due yet goes back to the index. Returns how many it took off the queue.
     * Slices, because acting on a whole pass at once stalls the stream thread
     * (docs/decisions/0009-expiry-in-even-slices.md).
     */
    int drainDue(long untilMs, int budget, java.util.function.Consumer<HypothesisKey> onHypothesis,
                 java.util.function.Consumer<UtteranceTier> onReference) {
        int n = 0;
        while (n < budget && !dueHypotheses.isEmpty()) {
            ExpiryIndex.Entry e = dueHypotheses.poll();
            n++;
            if (stillDue(e, wallOf(utterances.hypothesis((HypothesisKey) e.key())), untilMs)) {
                onHypothesis.accept((HypothesisKey) e.key());
            }
        }
        while (n < budget && !dueReferences.isEmpty()) {
            ExpiryIndex.Entry e = dueReferences.poll();
            n++;
            if (stillDue(e, wallOf(utterances.reference((UtteranceTier) e.key())), untilMs)) {
                onReference.accept((UtteranceTier) e.key());
            }
        }
        return n;
    }

    /** States queued by {@link #takeDue} and not yet drained. */
    long queuedDue() {
        return dueHypotheses.size() + dueReferences.size();
    }

    private boolean stillDue(ExpiryIndex.Entry e, Long wall, long untilMs) {
        if (wall == null || (e.bucket() != ANY_BUCKET && ExpiryIndex.bucket(wall) != e.bucket())) {
            return false; // the state is gone, or was written in a later bucket since (filed there)
        }
        if (wall > untilMs) {
            if (e.bucket() != ANY_BUCKET) {
                index.file(e); // the last, partly passed bucket: not due yet
            }
            return false;
        }
        return true;
    }

    /** For tests: the expiry index of this task. */
    ExpiryIndex index() {
        return index;
    }

    private void reindex() {
        // One scan of the utterance store files its states in the index and tells its log which keys it holds.
        ExpiryIndex fresh = new ExpiryIndex(indexCapacity);
        utterances.scan((k, head) -> each(k, head, (key, wallMs) -> fresh.touched(key, null, wallMs)));
        index = fresh;
    }

    /** Hands each state of one stored utterance to {@code state}: its key and last wall-clock time. */
    private static void each(UtteranceTier key, UtteranceHead head, java.util.function.ObjLongConsumer<Object> state) {
        if (head.reference() != null) {
            state.accept(key, head.reference().lastWallMs());
        }
        for (UtteranceHead.Hypothesis h : head.hypotheses()) {
            state.accept(key.of(h.model()), h.head().lastWallMs());
        }
    }

    /**
     * Adds the keys of the states due at {@code until} to {@code hypotheses} and {@code references};
     * returns how many states there are.
     */
    private static long scanDue(KeyValueStore<UtteranceTier, UtteranceHead> store, long until, List<HypothesisKey> hypotheses,
                                List<UtteranceTier> references) {
        long[] n = {0};
        try (KeyValueIterator<UtteranceTier, UtteranceHead> it = store.all()) {
            while (it.hasNext()) {
                KeyValue<UtteranceTier, UtteranceHead> kv = it.next();
                each(kv.key, kv.value, (key, wallMs) -> {
                    n[0]++;
                    if (wallMs <= until) {
                        if (key instanceof HypothesisKey h) {
                            hypotheses.add(h);
                        } else {
                            references.add((UtteranceTier) key);
                        }
                    }
                });
            }
        }
        return n[0];
    }

    private static Long wallOf(HypothesisState h) {
        return h == null ? null : h.lastWallMs();
    }

    private static Long wallOf(ReferenceState r) {
        return r == null ? null : r.lastWallMs();
    }
}
