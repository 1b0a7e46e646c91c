package dev.segmon.app.processors;

import dev.segmon.app.config.Comparison;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.PendingKey;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.app.state.Moments;
import dev.segmon.app.state.Moments.Pending;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.Slice;
import dev.segmon.app.store.StoreSpec;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.PairedMoments;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Books candidate minus baseline ({@code run --compare CANDIDATE=BASELINE}) on every utterance
 * scored for both models on a tier, as {@link PairedMoments} per (candidate, baseline, tier),
 * cumulatively and per minute (docs/intervals.md, "Paired comparison"), in the candidate's
 * aggregate under the baseline's name.
 *
 * <p>The first of the two models to close leaves its counts in {@link #PENDING}; the second (in the
 * same task: the inputs are co-partitioned) books the pair and deletes them, so a pair is booked
 * once. Unclaimed counts expire reference-max-delay (wall clock) after they were left. Only two
 * {@link Outcome#SCORED} sides with the same reference count are paired.
 */
public final class PairedBook implements UtteranceBook {
    /** (utterance, tier, model, partner) -> {@link Pending}: counts waiting for the partner. */
    public static final StoreSpec<KeyValueStore<PendingKey, Pending>> PENDING =
            StoreSpec.keyValue("segmon-paired-pending", PendingKey.SERDE, Moments.PENDING);

    private final List<Comparison> comparisons;
    private final Duration expiryInterval;
    private final long maxDelayMs;
    private final Consumer<Pair> pairs;
    private SeriesAggregates aggregates;
    private ProcessorContext<Object, Object> context;
    private KeyValueStore<PendingKey, Pending> pending;

    /** One comparison's utterance as booked: both models' counts on one reference, at the close's record time. */
    public record Pair(SeriesKey comparison, BoundaryCounts candidate, BoundaryCounts baseline, long timestampMs) {
    }

    /** @param pairs told of each booked pair (the comparison's change detector) */
    public PairedBook(List<Comparison> comparisons, Duration expiryInterval, Duration maxDelay, Consumer<Pair> pairs) {
        this.pairs = pairs;
        this.comparisons = List.copyOf(comparisons);
        this.expiryInterval = expiryInterval;
        this.maxDelayMs = maxDelay.toMillis();
    }

    @Override
    public List<StoreSpec<?>> stores() {
        return List.of(PENDING);
    }

    @Override
    public void init(ProcessorContext<Object, Object> context, SeriesAggregates aggregates) {
        this.context = context;
        this.pending = PENDING.open(context);
        this.aggregates = aggregates;
        if (!comparisons.isEmpty()) {
            context.schedule(expiryInterval, PunctuationType.WALL_CLOCK_TIME, this::expire);
        }
    }

    @Override
    public void closed(Closed u) {
        if (u.outcome() != Outcome.SCORED) {
            return;
        }
        String model = u.key().model();
        String tier = u.key().tier();
        // A slice's copy of the close pairs with the partner's copy of the same slice (docs/slices.md).
        Slice slice = u.key().slice();
        for (Comparison c : comparisons) {
            boolean candidate = c.candidate().equals(model);
            if (!candidate && !c.baseline().equals(model)) {
                continue;
            }
            String partner = candidate ? c.baseline() : c.candidate();
            PendingKey waiting = new PendingKey(u.key().utterance(), tier, partner, model, slice);
            Pending other = pending.get(waiting);
            if (other == null) {
                pending.put(new PendingKey(u.key().utterance(), tier, model, partner, slice), new Pending(u.counts(), context.currentSystemTimeMs()));
                continue;
            }
            pending.delete(waiting);
            BoundaryCounts cand = candidate ? u.counts() : other.counts();
            BoundaryCounts base = candidate ? other.counts() : u.counts();
            if (cand.reference() == base.reference()) {
                // In the candidate's aggregate, under its baseline.
                aggregates.add(new ModelTier(c.candidate(), tier, slice), SeriesFigures.ofPaired(c.baseline(), PairedMoments.of(cand, base)), u.timestampMs());
                pairs.accept(new Pair(new SeriesKey(c.candidate(), c.baseline(), tier, slice), cand, base, u.timestampMs()));
            }
        }
    }

    /** Forgets counts left longer than reference-max-delay ago (wall clock, as the processor's expiry). */
    private void expire(long now) {
        List<PendingKey> due = new ArrayList<>();
        try (KeyValueIterator<PendingKey, Pending> it = pending.all()) {
            it.forEachRemaining(kv -> {
                if (kv.value.closedWallMs() <= now - maxDelayMs) {
                    due.add(kv.key);
                }
            });
        }
        due.forEach(pending::delete);
    }
}
