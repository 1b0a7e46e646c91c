package dev.segmon.model.detection;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * A change detector for one measure of one series (docs/detection.md): it learns, then watches.
 *
 * <p>A measure is a ratio of per-utterance sums, R = sum a_i / sum b_i (recall: hits over
 * reference boundaries; the word error rate: errors over reference words). An utterance is an
 * observation x_i: (a_i, b_i) for a single model, (a_i, b_i) of the candidate followed by those of
 * the baseline for a comparison. Its linearised value (Woodruff 1971, as the intervals,
 * docs/intervals.md) is u_i = g . x_i with
 * <ul>
 *   <li>single model: g = (1, -R0) / bbar, R0 and bbar = sum b_i / n pinned at the end of the
 *       learning period (the baseline: the model as it was then), so that E u = (E a - R0 E b) / bbar,
 *       the change in R from R0;</li>
 *   <li>comparison: g = (1, -Rbar, -1, Rbar) / bbar with Rbar the two models' common level and bbar
 *       their mean b, so that E u is the difference candidate - baseline (for recall and OS, whose b
 *       is shared, exactly (h_c - h_b) / rbar): the baseline model is the pre-change level, and an
 *       A/A pair has mean exactly 0.</li>
 * </ul>
 * The variance of u is estimated from the raw moments of x over every utterance seen, as the
 * intervals' is (sigma^2 = (g'Cg - (g.S)^2/n)/(n-1)), and z = u / sigma feeds a
 * {@link MixtureStatistic} over the shifts of {@link DetectorSettings#grid}.
 *
 * <p>The threshold is A = (false-alarm period) x (utterances per unit of record time over the
 * learning period): the statistic's guarantee (mean time to false alarm >= A observations) turned
 * into time at the rate the series had while learning.
 */
public final class MeasureDetector {
    private final Direction direction;
    private final boolean paired;
    private final DetectorSettings settings;
    private final int k;
    private final double[] sums;
    private final double[] products;
    private long n;
    private long firstMs;
    private long lastMs;
    /** Pinned at the end of learning; null before. */
    private double[] g;
    private double logThreshold = Double.NaN;
    private MixtureStatistic statistic;
    /** A single model's level after the pin, learned a block late from quiet utterances; null for a comparison. */
    private DelayedBaseline level;

    public MeasureDetector(Direction direction, boolean paired, DetectorSettings settings) {
        this.direction = direction;
        this.paired = paired;
        this.settings = settings;
        this.k = paired ? 4 : 2;
        this.sums = new double[k];
        this.products = new double[k * (k + 1) / 2];
    }

    /** One closed utterance: (a, b), or (a_c, b_c, a_b, b_b) for a comparison, at record time {@code timeMs}. */
    public void observe(double[] x, long timeMs) {
        if (x.length != k) {
            throw new IllegalArgumentException("expected " + k + " components");
        }
        if (n == 0) {
            firstMs = timeMs;
        }
        lastMs = Math.max(lastMs, timeMs);
        n++;
        int p = 0;
        for (int i = 0; i < k; i++) {
            sums[i] += x[i];
            for (int j = i; j < k; j++) {
                products[p++] += x[i] * x[j];
            }
        }
        if (g == null) {
            if (n >= learnUtterances()) {
                pin();
            }
            return;
        }
        double u = dot(g, x);
        double sigma = Math.sqrt(variance()) * (1 + SIGMA_ERRORS / Math.sqrt(2.0 * (n - 1)));
        if (!(sigma > 0)) {
            return;
        }
        double baseline = baseline();
        boolean quiet = statistic.logStatistic() < logThreshold / 2;
        statistic.update((u - baseline) / sigma, u - baseline, settings.margin() / sigma, timeMs, logThreshold + DetectorSettings.CAP_ABOVE_THRESHOLD, quiet);
        if (!paired && this.level.observe(u, quiet, settings.learnUtterances())) {
            statistic.rotate(quiet);
        }
    }

    /**
     * The pre-change mean of u. A comparison's is 0: the baseline model is the level. A single
     * model's is the mean of u over the learning period (0, by the choice of R0) and every later
     * utterance learned (seen while no change was suspected, the statistic below half its
     * threshold, and a block late: {@link DelayedBaseline}; its statistic learns the null's
     * moment-generating function from the same blocks): a baseline pinned once would keep its own
     * sampling error for ever and call it a change (docs/detection.md), while one that keeps
     * learning from quiet traffic shrinks it, and one that learns late does not absorb a change
     * while it is being called.
     */
    double baseline() {
        return paired ? 0 : level.level();
    }

    /**
     * sigma is estimated; it is taken one of its standard errors high (sd(sigma-hat) ~
     * sigma / sqrt(2(n - 1)) for normal values): an underestimated sigma inflates every z and the
     * statistic's guarantee shrinks from A to about A^(sigma-hat/sigma)^2 (docs/detection.md).
     */
    static final double SIGMA_ERRORS = 1;
    /** Shifts from this size (standard deviations) use the learned moment-generating function. */
    static final double EMPIRICAL_FROM = 0.25;

    private int learnUtterances() {
        return paired ? settings.pairedLearnUtterances() : settings.learnUtterances();
    }

    private void pin() {
        double a = paired ? sums[0] + sums[2] : sums[0];
        double b = paired ? sums[1] + sums[3] : sums[1];
        double level = b == 0 ? 0 : a / b;
        double bbar = b / (paired ? 2.0 * n : n);
        if (!(bbar > 0)) {
            return; // nothing to measure yet (no denominators): keep learning
        }
        g = paired ? new double[] {1 / bbar, -level / bbar, -1 / bbar, level / bbar} : new double[] {1 / bbar, -level / bbar};
        double perMs = n / (double) Math.max(lastMs - firstMs, 1000);
        logThreshold = Math.log(DetectorSettings.THRESHOLD_FACTOR * settings.falseAlarmPeriod().toMillis() * perMs);
        // The small shifts keep the normal's moment-generating function: the cumulants beyond the
        // variance enter it as s^3 and s^4, and learning it would also learn a slow change's first
        // observations as normal (docs/detection.md).
        statistic = new MixtureStatistic(settings.grid(direction, paired), paired ? EMPIRICAL_FROM : 0, !paired);
        this.level = paired ? null : new DelayedBaseline(learnUtterances());
    }

    /** Variance of one utterance's linearised value, from the raw moments (centred). */
    double variance() {
        double gs = dot(g, sums);
        double gcg = 0;
        int p = 0;
        for (int i = 0; i < k; i++) {
            for (int j = i; j < k; j++) {
                gcg += (i == j ? 1 : 2) * g[i] * g[j] * products[p++];
            }
        }
        return n < 2 ? 0 : Math.max(0, (gcg - gs * gs / n) / (n - 1));
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    public boolean learning() {
        return g == null;
    }

    public long utterances() {
        return n;
    }

    /** ln of the statistic; -infinity while learning. */
    public double logStatistic() {
        return statistic == null ? Double.NEGATIVE_INFINITY : statistic.logStatistic();
    }

    /** ln A; NaN while learning. */
    public double logThreshold() {
        return logThreshold;
    }

    /** The statistic is at or above its threshold. */
    public boolean called() {
        return statistic != null && statistic.logStatistic() >= logThreshold;
    }

    /** When the change being measured began (record time, ms), or null. */
    public Long since() {
        return statistic == null ? null : statistic.since();
    }

    /** The size of that change in the measure's units (e.g. -0.031: recall 3.1 points lower than the baseline), 0 when none. */
    public double estimate() {
        return statistic == null ? 0 : statistic.estimate();
    }

    /** ln(statistic) / ln(threshold): 1 at the threshold; 0 while learning or below 1. */
    public double evidence() {
        double s = logStatistic();
        return statistic == null || !(s > 0) ? 0 : s / logThreshold;
    }

    /** Starts the statistic afresh, the learned baseline kept (after a false alarm in a simulation). */
    public void restart() {
        if (statistic != null) {
            statistic = statistic.restarted();
        }
    }

    public double leadingShift() {
        return statistic == null ? 0 : statistic.grid().shift(statistic.leading());
    }

    public Direction direction() {
        return direction;
    }

    public boolean paired() {
        return paired;
    }

    public void write(DataOutput out) throws IOException {
        out.writeLong(n);
        out.writeLong(firstMs);
        out.writeLong(lastMs);
        for (double v : sums) {
            out.writeDouble(v);
        }
        for (double v : products) {
            out.writeDouble(v);
        }
        out.writeBoolean(g != null);
        if (g != null) {
            for (double v : g) {
                out.writeDouble(v);
            }
            out.writeDouble(logThreshold);
            if (!paired) {
                level.write(out);
            }
            statistic.write(out);
        }
    }

    /** Reads what {@link #write} wrote, for a detector of the same direction, pairing and settings. */
    public static MeasureDetector read(Direction direction, boolean paired, DetectorSettings settings, DataInput in) throws IOException {
        return read(direction, paired, settings, in, false);
    }

    /**
     * As {@link #read(Direction, boolean, DetectorSettings, DataInput)}; {@code earlierLayout}:
     * bytes written before the delayed learning, read with nothing held back yet.
     */
    public static MeasureDetector read(Direction direction, boolean paired, DetectorSettings settings, DataInput in, boolean earlierLayout)
            throws IOException {
        MeasureDetector d = new MeasureDetector(direction, paired, settings);
        d.n = in.readLong();
        d.firstMs = in.readLong();
        d.lastMs = in.readLong();
        for (int i = 0; i < d.sums.length; i++) {
            d.sums[i] = in.readDouble();
        }
        for (int i = 0; i < d.products.length; i++) {
            d.products[i] = in.readDouble();
        }
        if (in.readBoolean()) {
            d.g = new double[d.k];
            for (int i = 0; i < d.k; i++) {
                d.g[i] = in.readDouble();
            }
            d.logThreshold = in.readDouble();
            if (paired && earlierLayout) {
                in.readDouble(); // the earlier layout wrote an unused baseline sum and count for a comparison too
                in.readLong();
            } else if (!paired) {
                d.level = DelayedBaseline.read(d.learnUtterances(), in, earlierLayout);
            }
            d.statistic = earlierLayout ? MixtureStatistic.readEarlier(in, !paired) : MixtureStatistic.read(in);
        }
        return d;
    }
}
