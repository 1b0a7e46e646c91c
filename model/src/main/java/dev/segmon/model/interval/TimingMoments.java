package dev.segmon.model.interval;

import dev.segmon.model.interval.Linearisation.Statistic;
import java.util.Arrays;

/**
 * The moment sums behind the utterance-level intervals of word timing's means (docs/timing.md,
 * "Live"): the number of utterances m, the sums of each utterance's components x_i = (M, ΣΔs,
 * ΣΔe, Σ|Δs|, Σ|Δe|) (matched words, signed and absolute start and end offsets, microseconds)
 * and the 15 distinct sums of their per-utterance products. A commutative monoid under
 * {@link #plus}, as {@link UtteranceMoments}; the products are doubles because squared offset sums
 * in µs² outgrow a long over a long run (their rounding is far below an interval's precision).
 *
 * @param utterances m
 * @param sums       the five component sums, in {@link Component} order
 * @param products   sum_i x_ia x_ib for a <= b, row by row (M·M, M·ΣΔs, ..., Σ|Δe|·Σ|Δe|)
 */
public record TimingMoments(long utterances, long[] sums, double[] products) {
    /** The components, in order. */
    public enum Component { MATCHED, START_OFFSET, END_OFFSET, START_ERROR, END_ERROR }

    private static final int K = Component.values().length;
    /** The number of distinct products. */
    public static final int PRODUCTS = K * (K + 1) / 2;
    public static final TimingMoments ZERO = new TimingMoments(0, new long[K], new double[PRODUCTS]);

    /** The means with intervals: each a ratio over matched words. */
    public enum Mean {
        START_BIAS(Component.START_OFFSET), END_BIAS(Component.END_OFFSET),
        START_ERROR(Component.START_ERROR), END_ERROR(Component.END_ERROR);

        private final Statistic statistic;

        Mean(Component numerator) {
            double[] a = new double[K];
            double[] b = new double[K];
            a[numerator.ordinal()] = 1;
            b[Component.MATCHED.ordinal()] = 1;
            this.statistic = Statistic.ratio(a, b);
        }
    }

    public TimingMoments {
        if (sums.length != K || products.length != PRODUCTS) {
            throw new IllegalArgumentException(K + " sums and " + PRODUCTS + " products, not " + sums.length + " and " + products.length);
        }
        sums = sums.clone();
        products = products.clone();
    }

    /** One utterance's moments. */
    public static TimingMoments of(long matched, long startOffsetSum, long endOffsetSum, long startErrorSum, long endErrorSum) {
        long[] x = {matched, startOffsetSum, endOffsetSum, startErrorSum, endErrorSum};
        double[] p = new double[PRODUCTS];
        int n = 0;
        for (int a = 0; a < K; a++) {
            for (int b = a; b < K; b++) {
                p[n++] = (double) x[a] * x[b];
            }
        }
        return new TimingMoments(1, x, p);
    }

    public TimingMoments plus(TimingMoments o) {
        long[] s = sums.clone();
        for (int i = 0; i < K; i++) {
            s[i] += o.sums[i];
        }
        double[] p = products.clone();
        for (int i = 0; i < PRODUCTS; i++) {
            p[i] += o.products[i];
        }
        return new TimingMoments(utterances + o.utterances, s, p);
    }

    public long sum(Component c) {
        return sums[c.ordinal()];
    }

    /**
     * The linearised estimate of a mean (microseconds), the utterance as the unit (docs/intervals.md:
     * Q = sum_i (a_i - R M_i)^2 / M^2 from the raw products), with the leverage MM / M^2 of the
     * ratio's denominator, as 2.1.1's single-model intervals carry it, on the linear scale (an offset
     * has no bound to keep it in); null with fewer than two utterances or no matched word.
     */
    public Estimate estimate(Mean mean) {
        double[][] cross = new double[K][K];
        int n = 0;
        for (int a = 0; a < K; a++) {
            for (int b = a; b < K; b++) {
                cross[a][b] = products[n];
                cross[b][a] = products[n++];
            }
        }
        double[] s = Arrays.stream(sums).asDoubleStream().toArray();
        Estimate e = Linearisation.estimate(mean.statistic, utterances, s, cross);
        if (e == null) {
            return null;
        }
        double matched = sums[Component.MATCHED.ordinal()];
        return new Estimate(e.value(), e.squares(), e.utterances(), products[0] / (matched * matched), Scale.LINEAR);
    }

    /** The mean's interval at the two-sided {@code level} ({@link Estimate#confidenceInterval}); null without an estimate. */
    public Interval confidenceInterval(Mean mean, double level) {
        Estimate e = estimate(mean);
        return e == null ? null : e.confidenceInterval(level);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TimingMoments t && utterances == t.utterances && Arrays.equals(sums, t.sums) && Arrays.equals(products, t.products);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(utterances) + Arrays.hashCode(sums);
    }

    @Override
    public String toString() {
        return "TimingMoments[m=" + utterances + ", sums=" + Arrays.toString(sums) + ", products=" + Arrays.toString(products) + "]";
    }
}
