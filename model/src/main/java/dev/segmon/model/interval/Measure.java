package dev.segmon.model.interval;

import dev.segmon.model.interval.Linearisation.Statistic;

/**
 * The four boundary measures with intervals, as functions of the sums of (h, y, r)
 * (docs/contract.md 2.1.1): precision h/y, recall h/r, F1 2h/(y+r), over-segmentation y/r - 1.
 * Each is one ratio, its interval built on a scale that keeps it in the measure's range: the
 * logit for the proportions, the log of y/r for over-segmentation ({@link Scale}).
 */
public enum Measure {
    PRECISION("precision", Statistic.ratio(v(1, 0, 0), v(0, 1, 0)).on(Scale.LOGIT)),
    RECALL("recall", Statistic.ratio(v(1, 0, 0), v(0, 0, 1)).on(Scale.LOGIT)),
    F1("f1", Statistic.ratio(v(2, 0, 0), v(0, 1, 1)).on(Scale.LOGIT)),
    OVER_SEGMENTATION("os", Statistic.ratio(v(0, 1, 0), v(0, 0, 1)).plus(-1).on(Scale.LOG_ONE_PLUS));

    private final String key;
    private final Statistic statistic;

    Measure(String key, Statistic statistic) {
        this.key = key;
        this.statistic = statistic;
    }

    /** The key of docs/contract.md 2.1.1's "intervals" object. */
    public String key() {
        return key;
    }

    Statistic statistic() {
        return statistic;
    }

    private static double[] v(double... c) {
        return c;
    }
}
