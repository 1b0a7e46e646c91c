package dev.segmon.app.processors;

import dev.segmon.app.state.CommitFlushStore;
import dev.segmon.app.state.HypothesisHead;
import dev.segmon.app.state.HypothesisPart;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.PartKey;
import dev.segmon.app.state.Keys.UtteranceTier;
import dev.segmon.app.state.ReferenceHead;
import dev.segmon.app.state.ReferencePart;
import dev.segmon.app.state.ReferenceState;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The per-utterance states of one task — references by (utterance, tier), hypotheses by
 * (utterance, tier, model) — read through decoded views, and which of them are due for expiry.
 *
 * <p>Every write goes through here so that the {@link ExpiryIndex} files each state under the
 * wall-clock time of its last change: an expiry pass then reads the states that may be due and
 * not every state kept. The index is derived from the stores and rebuilt from them at every init.
 * Past its capacity it gives up, and due states are found by a full pass over both stores until
 * they are back under half of it.
 */
final class OpenStates {
    private final String referenceStoreName;
    private final String hypothesisStoreName;
    private final String hypothesisPartsStoreName;
    private final String referencePartsStoreName;
    private final String commitFlushStoreName;
    private final int decodedEntries;
    private final long indexCapacity;
    private PartLog<UtteranceTier, ReferenceState, ReferenceHead, ReferencePart> references;
    private PartLog<HypothesisKey, HypothesisState, HypothesisHead, HypothesisPart> hypotheses;
    private ExpiryIndex index;
    /** States taken out of the index as maybe due, waiting for {@link #drainDue}. */
    private final java.util.ArrayDeque<ExpiryIndex.Entry> dueHypotheses = new java.util.ArrayDeque<>();
    private final java.util.ArrayDeque<ExpiryIndex.Entry> dueReferences = new java.util.ArrayDeque<>();
    /** The bucket of a queued state found by a full pass (no index entry to check it against). */
    private static final long ANY_BUCKET = Long.MIN_VALUE;

    OpenStates(String referenceStoreName, String referencePartsStoreName, String hypothesisStoreName, String hypothesisPartsStoreName,
               String commitFlushStoreName, int decodedEntries, long indexCapacity) {
        this.commitFlushStoreName = commitFlushStoreName;
        this.referenceStoreName = referenceStoreName;
        this.referencePartsStoreName = referencePartsStoreName;
        this.hypothesisStoreName = hypothesisStoreName;
        this.hypothesisPartsStoreName = hypothesisPartsStoreName;
        this.decodedEntries = decodedEntries;
        this.indexCapacity = indexCapacity;
    }

    void init(ProcessorContext<Object, Object> context) {
        // New views on every init: see PartLog for why nothing decoded survives a revival.
        KeyValueStore<UtteranceTier, ReferenceHead> r = context.getStateStore(referenceStoreName);
        KeyValueStore<PartKey, ReferencePart> referenceParts = context.getStateStore(referencePartsStoreName);
        KeyValueStore<HypothesisKey, HypothesisHead> h = context.getStateStore(hypothesisStoreName);
        KeyValueStore<PartKey, HypothesisPart> hypothesisParts = context.getStateStore(hypothesisPartsStoreName);
        this.references = new PartLog<>(StateLayouts.REFERENCE, r, referenceParts, decodedEntries, indexCapacity);
        this.hypotheses = new PartLog<>(StateLayouts.HYPOTHESIS, h, hypothesisParts, decodedEntries, indexCapacity);
        CommitFlushStore commits = context.getStateStore(commitFlushStoreName);
        commits.register(referenceStoreName, references.writeBack());
        commits.register(hypothesisStoreName, hypotheses.writeBack());
        // What was queued came from the stores being replaced: the new index files those states again.
        dueHypotheses.clear();
        dueReferences.clear();
        reindex();
    }

    ReferenceState reference(UtteranceTier key) {
        return references.get(key);
    }

    HypothesisState hypothesis(HypothesisKey key) {
        return hypotheses.get(key);
    }

    /** Stores {@code h}; {@code added}: what this record added to its boundaries and words (null: nothing). */
    void put(HypothesisKey key, HypothesisState h, HypothesisPart added) {
        HypothesisState old = hypotheses.get(key);
        hypotheses.put(key, h, added);
        index.touched(key, old == null ? null : old.lastWallMs(), h.lastWallMs());
    }

    /**
     * Stores a hypothesis that an expiry pass took out of the index: filed anew whatever bucket
     * its previous write was in (the pass took that entry).
     */
    void putExpired(HypothesisKey key, HypothesisState h) {
        hypotheses.put(key, h, null);
        index.touched(key, null, h.lastWallMs());
    }

    /** Stores {@code r}; {@code added}: what this record's chunk added (null: nothing). */
    void put(UtteranceTier key, ReferenceState r, ReferencePart added) {
        ReferenceState old = references.get(key);
        references.put(key, r, added);
        index.touched(key, old == null ? null : old.lastWallMs(), r.lastWallMs());
    }

    /** Writes the settled states now (see {@link PartLog#writeSettled}). */
    void writeSettled() {
        hypotheses.writeSettled();
        references.writeSettled();
    }

    void delete(HypothesisKey key) {
        hypotheses.delete(key);
    }

    void delete(UtteranceTier key) {
        references.delete(key);
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
            long kept = scanDue(hypotheses.heads(), HypothesisHead::lastWallMs, untilMs, h)
                    + scanDue(references.heads(), ReferenceHead::lastWallMs, untilMs, r);
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
     *
     * <p>Why slices: one expiry pass used to act on every due state at once, and the stream thread
     * processed nothing meanwhile. A pass holds what arrived in one expiry interval (10 s of
     * traffic: at 100,000 records/s some 70,000 heads to read and delete), so records waited in a
     * stall of tenths of a second every 10 s (docs/performance.md).
     */
    int drainDue(long untilMs, int budget, java.util.function.Consumer<HypothesisKey> onHypothesis,
                 java.util.function.Consumer<UtteranceTier> onReference) {
        int n = 0;
        while (n < budget && !dueHypotheses.isEmpty()) {
            ExpiryIndex.Entry e = dueHypotheses.poll();
            n++;
            if (stillDue(e, wallOf(hypotheses.get((HypothesisKey) e.key())), untilMs)) {
                onHypothesis.accept((HypothesisKey) e.key());
            }
        }
        while (n < budget && !dueReferences.isEmpty()) {
            ExpiryIndex.Entry e = dueReferences.poll();
            n++;
            if (stillDue(e, wallOf(references.get((UtteranceTier) e.key())), untilMs)) {
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
        // One scan of each store files its states in the index and tells its log which keys it holds.
        ExpiryIndex fresh = new ExpiryIndex(indexCapacity);
        hypotheses.scan((k, head) -> fresh.touched(k, null, head.lastWallMs()));
        references.scan((k, head) -> fresh.touched(k, null, head.lastWallMs()));
        index = fresh;
    }

    /** Adds the keys of the states due at {@code until} to {@code due}; returns how many states there are. */
    private static <K, V> long scanDue(KeyValueStore<K, V> store, ToLongFunction<V> wallMs, long until, List<K> due) {
        long n = 0;
        try (KeyValueIterator<K, V> it = store.all()) {
            while (it.hasNext()) {
                KeyValue<K, V> kv = it.next();
                n++;
                if (wallMs.applyAsLong(kv.value) <= until) {
                    due.add(kv.key);
                }
            }
        }
        return n;
    }

    private static Long wallOf(HypothesisState h) {
        return h == null ? null : h.lastWallMs();
    }

    private static Long wallOf(ReferenceState r) {
        return r == null ? null : r.lastWallMs();
    }
}
