package dev.segmon.model.interval;

import dev.segmon.model.interval.Linearisation.Statistic;

/**
 * The four boundary measures with intervals, as functions of the sums of (h, y, r)
 * (docs/contract.md 2.1.1): precision h/y, recall h/r, F1 2h/(y+r), over-segmentation y/r - 1.
 */
public enum Measure {
    PRECISION("precision", Statistic.ratio(v(1, 0, 0), v(0, 1, 0)), 0, 1),
    RECALL("recall", Statistic.ratio(v(1, 0, 0), v(0, 0, 1)), 0, 1),
    F1("f1", Statistic.ratio(v(2, 0, 0), v(0, 1, 1)), 0, 1),
    OVER_SEGMENTATION("os", Statistic.ratio(v(0, 1, 0), v(0, 0, 1)).plus(-1), -1, Double.POSITIVE_INFINITY);

    private final String key;
    private final Statistic statistic;
    private final double min;
    private final double max;

    Measure(String key, Statistic statistic, double min, double max) {
        this.key = key;
        this.statistic = statistic;
        this.min = min;
        this.max = max;
    }

    /** The key of docs/contract.md 2.1.1's "intervals" object. */
    public String key() {
        return key;
    }

    Statistic statistic() {
        return statistic;
    }

    /** The range the interval is clipped to: [0, 1], or [-1, inf) for over-segmentation. */
    public Interval clip(Interval i) {
        return i.clip(min, max);
    }

    private static double[] v(double... c) {
        return c;
    }
}
