package dev.segmon.app.web;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.PairTier;
import dev.segmon.model.interval.PairedMoments;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Where {@code /api/v1/overview} reads this instance's figures (its active tasks); the other
 * instances' are {@link Peers}'s job, and the change detectors' are {@link ChangeSource}'s.
 */
public interface OverviewSource {

    /** This instance's sums over the minutes starting at or after {@code fromMs}. */
    Sums sums(long fromMs);

    /**
     * Every model on every tier this instance has counted since its state began (model "none" left
     * out), each with its minutes from {@code fromMs} on summed into one window starting at
     * {@code fromMs} (zeros when it has none there); and every comparison it holds paired moments
     * for, with the paired moments of those minutes ({@link PairedMoments#ZERO} when none).
     */
    record Sums(SortedMap<ModelTier, MinuteTotals> models, SortedMap<PairTier, PairedMoments> comparisons) {
    }

    /** An instance that holds nothing. */
    static OverviewSource none() {
        return fromMs -> new Sums(new TreeMap<>(), new TreeMap<>());
    }
}
