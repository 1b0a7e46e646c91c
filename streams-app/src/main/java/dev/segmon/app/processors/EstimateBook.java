package dev.segmon.app.processors;

import dev.segmon.app.state.EstimateState;
import dev.segmon.app.state.EstimateState.Ended;
import dev.segmon.app.state.EstimateState.RefusalKey;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.wire.AudioDuration;
import dev.segmon.app.wire.HypothesisEvent;
import dev.segmon.app.wire.MinuteWindow;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.IncrementalMatcher;
import dev.segmon.model.estimate.Backtest;
import dev.segmon.model.estimate.RateMoments;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;

/**
 * The sums of the early over-segmentation estimate (docs/contract.md 3.2), each in a store of its
 * own ({@link EstimateState}) so that exactly-once keeps them exact like the totals:
 * <ul>
 *   <li>at a hypothesis' end with a usable {@code duration}: its boundaries n_hyp (every boundary
 *       it has, decided or still held) and the duration, into the model's cumulative and
 *       per-minute {@link RateMoments}; kept per utterance until it closes;</li>
 *   <li>when that utterance closes {@link Outcome#SCORED} (reference complete): first the
 *       {@link Backtest} (the reference boundaries rho expected for it, rho as it stood before
 *       this utterance, against those that came), then n_ref and the duration into the tier's
 *       rho sums;</li>
 *   <li>a duration that cannot be used is counted by reason and left out; its end still ends the
 *       utterance, which scores as usual.</li>
 * </ul>
 * rho is summed per (model, utterance) closed: each model that sends a duration for an utterance
 * counts it once, which weighs utterances equally when every model sends every utterance.
 */
public final class EstimateBook implements UtteranceBook {
    private KeyValueStore<HypothesisKey, Ended> ended;
    private final SeriesLedger<ModelTier, RateMoments> hypothesisRates =
            new SeriesLedger<>(EstimateState.HYPOTHESIS_RATES, EstimateState.HYPOTHESIS_MINUTES, RateMoments::plus);
    private KeyValueStore<String, RateMoments> referenceRates;
    private KeyValueStore<ModelTier, Backtest> backtest;
    private KeyValueStore<RefusalKey, Long> refused;

    @Override
    public void init(ProcessorContext<Object, Object> context) {
        ended = context.getStateStore(EstimateState.ENDED);
        hypothesisRates.init(context);
        referenceRates = context.getStateStore(EstimateState.REFERENCE_RATES);
        backtest = context.getStateStore(EstimateState.BACKTEST);
        refused = context.getStateStore(EstimateState.REFUSED);
    }

    @Override
    public void ended(HypothesisKey key, HypothesisState hypothesis, HypothesisEvent end, long timestampMs) {
        IncrementalMatcher m = hypothesis.matcher();
        AudioDuration d = end.duration().checkedAgainst(m.hypMaxSeen());
        if (d.refusal() != null) {
            RefusalKey k = new RefusalKey(d.refusal(), key.model(), key.tier());
            Long n = refused.get(k);
            refused.put(k, (n == null ? 0 : n) + 1);
            return;
        }
        if (!d.usable()) {
            return;
        }
        long n = m.hypDecided() + m.pending().length;
        RateMoments one = RateMoments.of(n, d.seconds());
        ended.put(key, new Ended(n, d.seconds()));
        hypothesisRates.add(key.series(), one, timestampMs);
    }

    @Override
    public void closed(Closed utterance) {
        Ended e = ended.get(utterance.key());
        if (e == null) {
            return;
        }
        ended.delete(utterance.key());
        if (utterance.outcome() != Outcome.SCORED || utterance.reference() == null) {
            return;
        }
        String tier = utterance.key().tier();
        long nRef = utterance.counts().reference();
        RateMoments rho = referenceRates.get(tier);
        rho = rho == null ? RateMoments.ZERO : rho;
        Double rate = rho.rate();
        if (rate != null) {
            ModelTier series = utterance.key().series();
            Backtest b = new Backtest(1, e.boundaries(), rate * e.seconds(), nRef);
            Backtest old = backtest.get(series);
            backtest.put(series, old == null ? b : old.plus(b));
        }
        referenceRates.put(tier, rho.plus(RateMoments.of(nRef, e.seconds())));
    }
}
