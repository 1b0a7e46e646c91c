package dev.segmon.model.interval;

import dev.segmon.model.interval.Linearisation.Statistic;

/**
 * Candidate minus baseline on the same utterances, as functions of the sums of
 * (h_c, y_c, h_b, y_b, r): precision h_c/y_c - h_b/y_b, recall (h_c - h_b)/r,
 * F1 2h_c/(y_c + r) - 2h_b/(y_b + r), over-segmentation (y_c - y_b)/r.
 */
public enum PairedMeasure {
    PRECISION("precision", Statistic.difference(
            Statistic.ratio(v(1, 0, 0, 0, 0), v(0, 1, 0, 0, 0)), Statistic.ratio(v(0, 0, 1, 0, 0), v(0, 0, 0, 1, 0)))),
    RECALL("recall", Statistic.ratio(v(1, 0, -1, 0, 0), v(0, 0, 0, 0, 1))),
    F1("f1", Statistic.difference(
            Statistic.ratio(v(2, 0, 0, 0, 0), v(0, 1, 0, 0, 1)), Statistic.ratio(v(0, 0, 2, 0, 0), v(0, 0, 0, 1, 1)))),
    OVER_SEGMENTATION("os", Statistic.ratio(v(0, 1, 0, -1, 0), v(0, 0, 0, 0, 1)));

    private final String key;
    private final Statistic statistic;

    PairedMeasure(String key, Statistic statistic) {
        this.key = key;
        this.statistic = statistic;
    }

    public String key() {
        return key;
    }

    /**
     * The range a difference's interval is clipped to: [-1, 1] for precision, recall and F1 (a
     * difference of two numbers in [0, 1]); over-segmentation is left unclipped, as in
     * deploy/prometheus/rules/segmon-paired.rules.yml.
     */
    public Interval clip(Interval i) {
        return this == OVER_SEGMENTATION ? i : i.clip(-1, 1);
    }

    Statistic statistic() {
        return statistic;
    }

    private static double[] v(double... c) {
        return c;
    }
}
