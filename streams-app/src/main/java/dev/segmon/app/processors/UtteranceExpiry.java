package dev.segmon.app.processors;

import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.UtteranceTier;
import dev.segmon.app.state.ReferenceState;
import dev.segmon.app.wire.Declaration;
import dev.segmon.app.wire.InputEvent;
import dev.segmon.app.wire.Outcome;
import java.time.Duration;

/**
 * Wall-clock expiry. Hypotheses idle for reference-max-delay are closed (unreferenced, or
 * reference_missing when their end declared one expected; timed out); references are dropped reference-max-delay after their last chunk, closing the matchers
 * still open on them; closed hypotheses are forgotten reference-max-delay after closing.
 *
 * <p>Every expiry interval queues the states that may be due ({@link #pass}), and they are acted
 * on in even slices, one now and one on each aggregate write tick until the next pass
 * ({@link #slice}), so that a pass spreads over its interval instead of stopping the stream
 * thread (docs/decisions/0009-expiry-in-even-slices.md).
 */
final class UtteranceExpiry {
    /** Fewest queued states a slice acts on, so that a small queue drains at once (and tests see a pass's effects at the pass). */
    static final int MIN_SLICE = 256;

    private final OpenStates states;
    private final SeriesTotals totals;
    private final SeriesAggregates aggregates;
    private final UtteranceScorer scorer;
    private final SliceLabels slices;
    private final long ticksPerPass;
    private final long maxDelayMs;
    /** States each slice acts on, set at each pass. */
    private int slice = MIN_SLICE;

    UtteranceExpiry(OpenStates states, SeriesTotals totals, SeriesAggregates aggregates, UtteranceScorer scorer, Duration expiryInterval,
                    Duration maxDelay, SliceLabels slices) {
        this.slices = slices;
        this.states = states;
        this.totals = totals;
        this.aggregates = aggregates;
        this.scorer = scorer;
        this.ticksPerPass = Math.max(1, expiryInterval.toMillis() / SeriesAggregates.WRITE_INTERVAL.toMillis());
        this.maxDelayMs = maxDelay.toMillis();
    }

    /** Queues the states that may be due and acts on the first slice: the queue divided by the ticks until the next pass. */
    void pass(long now) {
        states.takeDue(now - maxDelayMs);
        slice = (int) Math.max(MIN_SLICE, Math.min(Integer.MAX_VALUE, (states.queuedDue() + ticksPerPass - 1) / ticksPerPass));
        slice(now);
    }

    /** Acts on the next slice of queued states, due as of {@code now}. */
    void slice(long now) {
        long until = now - maxDelayMs; // a state last touched at or before this is due
        if (states.drainDue(until, slice, key -> expireHypothesis(key, until), key -> expireReference(key, until)) > 0) {
            aggregates.writePooled(); // what the closes added, on /metrics now (a slice's at the commit)
        }
    }

    private void expireHypothesis(HypothesisKey key, long until) {
        HypothesisState h = states.hypothesis(key);
        if (h == null || h.lastWallMs() > until) {
            return; // listed twice (a clock that stepped back) and already acted on
        }
        if (h.closed()) {
            states.delete(key);
        } else {
            ReferenceState ref = states.reference(key.reference());
            Outcome outcome = ref != null || !h.matcher().hypComplete() ? Outcome.TIMED_OUT
                    : h.declared() == Declaration.EXPECTED ? Outcome.REFERENCE_MISSING : Outcome.UNREFERENCED;
            states.putExpired(key, scorer.close(key, h, ref, outcome, h.lastRecordMs()));
        }
    }

    // References after hypotheses (drainDue's order): the hypotheses closed there are not closed a second time.
    private void expireReference(UtteranceTier key, long until) {
        ReferenceState r = states.reference(key);
        if (r == null || r.lastWallMs() > until) {
            return;
        }
        // The utterance's hypotheses by point lookups, as in ReferenceInput.
        for (String model : totals.modelsOn(key.tier())) {
            HypothesisKey hk = key.of(model);
            HypothesisState h = states.hypothesis(hk);
            if (h != null && !h.closed()) {
                states.put(hk, scorer.close(hk, h, r, Outcome.TIMED_OUT, h.lastRecordMs()), null);
            }
        }
        if (!r.hypothesized()) {
            totals.update(new ModelTier(InputEvent.NO_MODEL, key.tier()), t -> t.withOutcome(Outcome.UNHYPOTHESIZED));
        }
        states.delete(key);
        slices.forget(key);
    }
}
