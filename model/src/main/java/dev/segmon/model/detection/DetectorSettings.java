package dev.segmon.model.detection;

import java.time.Duration;

/**
 * How a change detector is set (docs/detection.md).
 *
 * @param falseAlarmPeriod the mean time to a false alarm the operator asks for, per detected series
 *                         and measure (default 100 days)
 * @param learnUtterances  utterances a detector learns from before it watches: its variance and the
 *                         utterance rate, and, for a single model, the pinned baseline level
 * @param margin           the smallest change worth calling, in the measure's units (0: any change)
 */
public record DetectorSettings(Duration falseAlarmPeriod, int learnUtterances, int pairedLearnUtterances, double margin) {
    public static final DetectorSettings DEFAULTS = new DetectorSettings(Duration.ofDays(100), 2000, 200, 0);
    /** How far above the threshold a shift's statistic may climb (ln 100): it sets how soon a call ends after the change does. */
    /**
     * The threshold is this many times the statistic's bound A: the bound holds for normal values,
     * and per-utterance values are heavier-tailed, so the bound alone calls too often on A/A traffic
     * (docs/detection.md, the mean time between false alarms). ln 2 more evidence adds little delay.
     */
    public static final double THRESHOLD_FACTOR = 2;
    public static final double CAP_ABOVE_THRESHOLD = Math.log(100);
    /**
     * A single model's smallest shift, in standard errors of its pinned baseline: a shift s is
     * pulled toward a false call by a baseline off by e when s < 2e (its drift s e - s^2/2 is then
     * positive), so the grid starts at 5 standard errors of the baseline (docs/detection.md).
     */
    public static final double BASELINE_ERRORS = 5;

    public DetectorSettings {
        if (falseAlarmPeriod.isNegative() || falseAlarmPeriod.isZero() || learnUtterances < 2 || pairedLearnUtterances < 2 || !(margin >= 0)) {
            throw new IllegalArgumentException("need a positive false-alarm period, >= 2 utterances to learn from and a margin >= 0");
        }
    }

    public DetectorSettings withFalseAlarmPeriod(Duration d) {
        return new DetectorSettings(d, learnUtterances, pairedLearnUtterances, margin);
    }

    public DetectorSettings withLearnUtterances(int n) {
        return new DetectorSettings(falseAlarmPeriod, n, pairedLearnUtterances, margin);
    }

    public DetectorSettings withPairedLearnUtterances(int n) {
        return new DetectorSettings(falseAlarmPeriod, learnUtterances, n, margin);
    }

    public DetectorSettings withMargin(double m) {
        return new DetectorSettings(falseAlarmPeriod, learnUtterances, pairedLearnUtterances, m);
    }

    /**
     * The shifts of a detector: a comparison's from {@link ShiftGrid#MIN} to {@link ShiftGrid#MAX};
     * a single model's no smaller than its baseline allows and no larger than
     * {@link ShiftGrid#SINGLE_MAX}: its values are skewed by the few bad utterances, whose
     * moment-generating function far out (e^{s z} for a large drop s) is not learned reliably
     * from any amount of traffic, and a drop that large is called within minutes by the next
     * smaller shift anyway (docs/detection.md).
     */
    public ShiftGrid grid(Direction direction, boolean paired) {
        double min = paired ? ShiftGrid.MIN : Math.max(ShiftGrid.MIN, BASELINE_ERRORS / Math.sqrt(learnUtterances));
        double max = paired ? ShiftGrid.MAX : ShiftGrid.SINGLE_MAX;
        return ShiftGrid.geometric(direction, min, Math.max(min, max), ShiftGrid.RATIO);
    }
}
