package dev.segmon.app.processors;

import dev.segmon.app.config.SliceValues;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.UtteranceTier;
import dev.segmon.app.state.Slice;
import dev.segmon.app.state.StateSerde;
import dev.segmon.app.store.StoreSpec;
import dev.segmon.app.store.CommitFlushStore;
import dev.segmon.app.store.WriteBackStore;
import dev.segmon.model.io.UtteranceLabels;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The slices of each open hypothesis (docs/slices.md): the values of the slice keys its messages
 * carried, the first value of a key winning, as admitted by {@link SliceValues}; kept until the
 * utterance closes. The reference's messages may carry labels too (kept as long as the reference):
 * a key the hypothesis carried no value for takes the reference's ({@link UtteranceLabels#chosen}),
 * and one neither side carried is {@link Slice#UNLABELLED}. Without slice keys nothing is stored
 * and every hypothesis has no slices.
 */
final class SliceLabels {
    /** Keys and values alternating, in key order. */
    static final Serde<SortedMap<String, String>> LABELS = StateSerde.ofKey(SliceLabels::parts, SliceLabels::labels);
    /**
     * (utterance, tier, model) -> the slice values its messages carried, until its utterance closes;
     * (utterance, tier, {@link #REFERENCE}) -> its reference's, until the reference is dropped.
     */
    static final StoreSpec<KeyValueStore<HypothesisKey, SortedMap<String, String>>> STORE =
            StoreSpec.keyValue("segmon-slice-labels", HypothesisKey.SERDE, LABELS);

    /** The model name of the reference's labels: empty, which no hypothesis' model can be (as the reference's parts). */
    static final String REFERENCE = "";

    private final SliceValues values;
    /**
     * The labels read or changed lately, written once per commit: most hypotheses carry their
     * labels on their end and close soon after, so their labels are written and deleted within one
     * commit and never reach the store or its changelog.
     */
    private WriteBackStore<HypothesisKey, SortedMap<String, String>> store;
    private final StoreSpec<CommitFlushStore> commitFlush;

    /** Changed values the layer holds at most between two commits before it writes the oldest. */
    static final int VIEW_ENTRIES = 16_384;

    SliceLabels(SliceValues values, StoreSpec<CommitFlushStore> commitFlush) {
        this.values = values;
        this.commitFlush = commitFlush;
    }

    void init(ProcessorContext<Object, Object> context) {
        store = WriteBackStore.open(STORE, context, commitFlush, VIEW_ENTRIES, BoundaryProcessor.EXPIRY_INDEX_CAPACITY);
        store.learnKeys();
    }

    /** A message of the hypothesis carried {@code labels}: keeps the values of slice keys it had none for. */
    void carried(HypothesisKey key, Map<String, String> labels) {
        if (labels.isEmpty() || !values.rule().active()) {
            return;
        }
        SortedMap<String, String> held = held(key);
        // Copied only when a key is new: most messages repeat the labels their utterance has.
        SortedMap<String, String> next = held;
        for (String k : values.rule().keys()) {
            String v = labels.get(k);
            if (v != null && !next.containsKey(k)) {
                if (next == held) {
                    next = new TreeMap<>(held);
                }
                next.put(k, values.admit(k, v));
            }
        }
        if (next != held) {
            store.put(key, next);
        }
    }

    /** A chunk of the utterance's reference carried {@code labels}: keeps the values of slice keys it had none for. */
    void carried(UtteranceTier reference, Map<String, String> labels) {
        carried(reference.of(REFERENCE), labels);
    }

    /**
     * The slices the hypothesis closes in, one per slice key, in the keys' order: its own value of
     * a key, else its reference's, else {@link Slice#UNLABELLED}; empty without slice keys.
     */
    List<Slice> of(HypothesisKey key) {
        if (!values.rule().active()) {
            return List.of();
        }
        SortedMap<String, String> own = held(key);
        // carried() keeps slice keys only, so a hypothesis with every key needs no reference.
        return slices(own, own.size() == values.rule().keys().size() ? Map.of() : referenceLabels(key));
    }

    /**
     * The slices of the hypothesis' own labels alone, whatever its reference carries: those its end
     * is booked in (the early estimate), which must not depend on whether the reference came first.
     */
    List<Slice> ofHypothesis(HypothesisKey key) {
        if (!values.rule().active()) {
            return List.of();
        }
        return slices(held(key), Map.of());
    }

    private List<Slice> slices(Map<String, String> hypothesis, Map<String, String> reference) {
        List<Slice> out = new ArrayList<>(values.rule().keys().size());
        for (String k : values.rule().keys()) {
            String v = UtteranceLabels.chosen(hypothesis.get(k), reference.get(k));
            out.add(slice(k, v == null ? Slice.UNLABELLED : v));
        }
        return out;
    }

    /**
     * One instance per slice: a close looks its slices' aggregates up about ten times each, and
     * equal instances compare by identity. Bounded: every value was admitted by the cap.
     */
    private Slice slice(String key, String value) {
        return known.computeIfAbsent(key, k -> new HashMap<>()).computeIfAbsent(value, v -> new Slice(key, v));
    }

    private final Map<String, Map<String, Slice>> known = new HashMap<>();

    /** The utterance closed: its labels are not needed again. */
    void forget(HypothesisKey key) {
        store.delete(key);
    }

    /** The reference was dropped: its labels are not needed again. */
    void forget(UtteranceTier reference) {
        forget(reference.of(REFERENCE));
    }

    /** The labels of {@code key} (empty: none); not to be changed by the caller. */
    private SortedMap<String, String> held(HypothesisKey key) {
        SortedMap<String, String> v = store.get(key);
        return v == null ? EMPTY : v;
    }

    /** The labels of {@code key}'s reference. */
    private Map<String, String> referenceLabels(HypothesisKey key) {
        return held(key.reference().of(REFERENCE));
    }

    private static final SortedMap<String, String> EMPTY = java.util.Collections.unmodifiableSortedMap(new TreeMap<>());

    private static String[] parts(SortedMap<String, String> labels) {
        List<String> out = new ArrayList<>();
        labels.forEach((k, v) -> {
            out.add(k);
            out.add(v);
        });
        return out.toArray(String[]::new);
    }

    private static SortedMap<String, String> labels(String[] parts) {
        SortedMap<String, String> out = new TreeMap<>();
        for (int i = 0; i + 1 < parts.length; i += 2) {
            out.put(parts[i], parts[i + 1]);
        }
        return out;
    }
}
