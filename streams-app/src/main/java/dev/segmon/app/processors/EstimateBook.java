package dev.segmon.app.processors;

import dev.segmon.app.state.EstimateValues.Ended;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.store.StoreSpec;
import dev.segmon.app.store.StoredKeys;
import dev.segmon.app.wire.InputEvent;
import dev.segmon.app.wire.AudioDuration;
import dev.segmon.app.wire.HypothesisEvent;
import dev.segmon.app.wire.MinuteWindow;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.IncrementalMatcher;
import dev.segmon.model.estimate.Backtest;
import dev.segmon.model.estimate.RateMoments;
import java.util.List;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The sums of the early over-segmentation estimate (docs/contract.md 3.2), booked into the series
 * aggregates so that exactly-once keeps them exact: at a usable end, n_hyp and the duration
 * ({@link RateMoments}), kept per utterance until it closes; at a {@link Outcome#SCORED} close,
 * the {@link Backtest} against rho as it stood, then n_ref into the tier's rho sums; an unusable
 * duration counted by reason. rho counts each (model, utterance) once. An utterance closed
 * unscored (no reference) keeps its hypothesis sums and adds nothing to rho; every close of a
 * kept utterance counts towards the estimate's coverage.
 */
public final class EstimateBook implements UtteranceBook {
    /** (utterance, tier, model) -> {@link Ended}: a hypothesis that ended with a usable duration, until its utterance closes. */
    public static final StoreSpec<KeyValueStore<HypothesisKey, Ended>> ENDED =
            StoreSpec.keyValue("segmon-estimate-ended", HypothesisKey.SERDE, Ended.SERDE);

    private KeyValueStore<HypothesisKey, Ended> ended;
    /** The keys of {@link #ended}: most hypotheses end without a usable duration, and a close then skips RocksDB. */
    private StoredKeys<HypothesisKey> endedKeys;
    private SeriesAggregates aggregates;

    @Override
    public List<StoreSpec<?>> stores() {
        return List.of(ENDED);
    }

    @Override
    public void init(ProcessorContext<Object, Object> context, SeriesAggregates aggregates) {
        KeyValueStore<HypothesisKey, Ended> store = ENDED.open(context);
        ended = store;
        endedKeys = new StoredKeys<>(BoundaryProcessor.EXPIRY_INDEX_CAPACITY);
        endedKeys.scanned(keep -> {
            try (KeyValueIterator<HypothesisKey, Ended> it = store.all()) {
                it.forEachRemaining(kv -> keep.accept(kv.key));
            }
        });
        this.aggregates = aggregates;
    }

    @Override
    public void ended(HypothesisKey key, HypothesisState hypothesis, HypothesisEvent end, long timestampMs) {
        IncrementalMatcher m = hypothesis.matcher();
        AudioDuration d = end.duration().checkedAgainst(m.hypMaxSeen());
        if (d.refusal() != null) {
            aggregates.add(key.series(), SeriesFigures.ofRefused(d.refusal().label()), timestampMs);
            return;
        }
        if (!d.usable()) {
            return;
        }
        long n = m.hypDecided() + m.pendingCount();
        RateMoments one = RateMoments.of(n, d.seconds());
        ended.put(key, new Ended(n, d.seconds()));
        endedKeys.stored(key);
        aggregates.add(key.series(), SeriesFigures.ofHypothesisRates(one), timestampMs);
    }

    @Override
    public void closed(Closed utterance) {
        Ended e = forget(utterance);
        if (e == null || utterance.outcome() != Outcome.SCORED || utterance.reference() == null) {
            return;
        }
        // rho is learned here alone: from the scored utterances, never from an unreferenced one.
        String tier = utterance.key().tier();
        long nRef = utterance.counts().reference();
        // rho's sums: the tier's reference side, under the model "none" (in a slice, the slice the
        // estimate was booked in: rho is learned, and the estimate checked, on the utterances it estimated).
        ModelTier references = new ModelTier(InputEvent.NO_MODEL, tier, utterance.endedIn());
        SeriesFigures referenceSide = aggregates.series(references);
        RateMoments rho = referenceSide == null || referenceSide.referenceRates() == null ? RateMoments.ZERO : referenceSide.referenceRates();
        Double rate = rho.rate();
        if (rate != null) {
            ModelTier series = utterance.endedKey().series();
            aggregates.add(series, SeriesFigures.ofBacktest(new Backtest(1, e.boundaries(), rate * e.seconds(), nRef)), utterance.timestampMs());
        }
        aggregates.add(references, SeriesFigures.ofReferenceRates(RateMoments.of(nRef, e.seconds())), utterance.timestampMs());
    }

    /** The hypothesis sums booked at its end stay: the estimate needs no reference. */
    @Override
    public void unscored(Closed utterance) {
        forget(utterance);
    }

    /**
     * Deletes and returns what was kept for the utterance since its end, or null; one that was kept
     * counts as a closed utterance the estimate covers, whatever its outcome, in the slice it closed
     * in if its estimate was booked there (not where the reference gave the slice: docs/slices.md).
     */
    private Ended forget(Closed utterance) {
        HypothesisKey at = utterance.endedKey();
        Ended e = endedKeys.mayHold(at) ? ended.get(at) : null;
        if (e != null) {
            ended.delete(at);
            endedKeys.deleted(at);
            if (at.equals(utterance.key())) {
                aggregates.add(utterance.key().series(), SeriesFigures.ofEstimatedClose(), utterance.timestampMs());
            }
        }
        return e;
    }
}
