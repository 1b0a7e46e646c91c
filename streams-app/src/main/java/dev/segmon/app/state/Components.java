package dev.segmon.app.state;

import dev.segmon.model.estimate.Backtest;
import dev.segmon.model.estimate.RateMoments;
import dev.segmon.model.interval.UtteranceMoments;

/**
 * The components of the aggregates that the monitor's core books keep (a measure of its own
 * declares its component in its class). Bits are the stored layout's: series bit, minute bit.
 */
public final class Components {
    private Components() {
    }

    /** Boundary counts, offsets, outcomes and open utterances, since the start. */
    public static final Component<Totals> TOTALS = new Component<>("totals", 0, Component.NONE, Totals.SERDE, Totals::plus);
    /** A minute's boundary counts and the flag of the minute-window topic. */
    public static final Component<MinuteCounts> MINUTE_COUNTS = new Component<>("minute_counts", Component.NONE, 0, MinuteCounts.SERDE, MinuteCounts::plus);
    /** Utterance-level moment sums of the closed utterances (docs/intervals.md). */
    public static final Component<UtteranceMoments> MOMENTS = new Component<>("moments", 1, 1, Moments.UTTERANCE, UtteranceMoments::plus);
    /** Word errors and NED. */
    public static final Component<WordCounts> WORDS = new Component<>("words", 2, 2, WordCounts.SERDE, WordCounts::plus);
    /** n_hyp over duration of the hypotheses that ended with a usable duration. */
    public static final Component<RateMoments> HYPOTHESIS_RATES = new Component<>("hypothesis_rates", 3, 3, EstimateValues.RATES, RateMoments::plus);
    /** rho's sums, n_ref over duration (model {@code none} only). */
    public static final Component<RateMoments> REFERENCE_RATES = new Component<>("reference_rates", 4, Component.NONE, EstimateValues.RATES, RateMoments::plus);
    /** The early estimate's backtest. */
    public static final Component<Backtest> BACKTEST = new Component<>("backtest", 5, Component.NONE, EstimateValues.BACKTESTS, Backtest::plus);
    /** Word timing of the utterances with a word score. */
    public static final Component<WordTiming> TIMING = new Component<>("timing", 6, 4, WordTiming.SERDE, WordTiming::plus);
    /** Closed utterances whose hypothesis ended with a usable duration: the estimate's coverage. */
    public static final Component<Long> ESTIMATED_CLOSED = new Component<>("estimated_closed", 7, Component.NONE, StateSerde.COUNT, Long::sum);
    /** A minute's hit offsets: the sum of hyp - ref and the hits. */
    public static final Component<OffsetBias> BIAS = new Component<>("bias", Component.NONE, 5, OffsetBias.SERDE, OffsetBias::plus);

    /** Loads this class, and so registers the core components. */
    static void load() {
    }
}
