package dev.segmon.model.interval;

import dev.segmon.model.boundary.BoundaryCounts;
import java.util.Arrays;

/**
 * The moment sums behind a paired comparison of a candidate and a baseline model scored on the
 * same utterances: m, the sums of the five components (hits and hypothesis boundaries of each
 * model, and the shared reference boundaries) and of their 15 distinct per-utterance products.
 * A commutative monoid under {@link #plus}, like {@link UtteranceMoments}. Because both models
 * see the same utterance, the difference of their linearised values cancels what the utterance
 * does to both (a noisy recording), which is why a paired interval is much narrower than two
 * separate ones.
 */
public final class PairedMoments {
    /** The components, in the order of {@link #sum(Component)} and of the counters' names. */
    public enum Component {
        HC("hc"), YC("yc"), HB("hb"), YB("yb"), R("r");

        private final String key;

        Component(String key) {
            this.key = key;
        }

        /** The short name used in counter names: hc, yc, hb, yb, r. */
        public String key() {
            return key;
        }
    }

    private static final int K = Component.values().length;
    public static final PairedMoments ZERO = new PairedMoments(0, new long[K], new long[K * K]);

    private final long utterances;
    private final long[] sums;
    private final long[] products;

    private PairedMoments(long utterances, long[] sums, long[] products) {
        this.utterances = utterances;
        this.sums = sums;
        this.products = products;
    }

    /** One utterance scored for both models; the reference counts must agree. */
    public static PairedMoments of(BoundaryCounts candidate, BoundaryCounts baseline) {
        if (candidate.reference() != baseline.reference()) {
            throw new IllegalArgumentException("paired utterance has two references: "
                    + candidate.reference() + " and " + baseline.reference() + " boundaries");
        }
        long[] x = {candidate.hits(), candidate.hypothesis(), baseline.hits(), baseline.hypothesis(), candidate.reference()};
        long[] p = new long[K * K];
        for (int a = 0; a < K; a++) {
            for (int b = 0; b < K; b++) {
                p[a * K + b] = x[a] * x[b];
            }
        }
        return new PairedMoments(1, x, p);
    }

    /**
     * Moments from their sums, as stored or exported: m, the five component sums in
     * {@link Component} order and the 15 distinct products (a, b) with a before or equal to b,
     * in the order hc_hc, hc_yc, ..., r_r of the counters (docs/intervals.md, "Counters").
     */
    public static PairedMoments of(long utterances, long[] sums, long[] distinctProducts) {
        if (sums.length != K || distinctProducts.length != K * (K + 1) / 2) {
            throw new IllegalArgumentException("paired moments need " + K + " sums and " + K * (K + 1) / 2 + " products");
        }
        long[] p = new long[K * K];
        int i = 0;
        for (int a = 0; a < K; a++) {
            for (int b = a; b < K; b++) {
                p[a * K + b] = distinctProducts[i];
                p[b * K + a] = distinctProducts[i];
                i++;
            }
        }
        return new PairedMoments(utterances, sums.clone(), p);
    }

    /** The 15 distinct products in the order of {@link #of(long, long[], long[])}. */
    public long[] distinctProducts() {
        long[] out = new long[K * (K + 1) / 2];
        int i = 0;
        for (int a = 0; a < K; a++) {
            for (int b = a; b < K; b++) {
                out[i++] = products[a * K + b];
            }
        }
        return out;
    }

    public PairedMoments plus(PairedMoments o) {
        return combine(o, 1);
    }

    /**
     * The moments of the utterances counted in this total but not in {@code earlier}, an earlier
     * total of the same stream: what increase() of the counters gives over a range.
     */
    public PairedMoments minus(PairedMoments earlier) {
        return combine(earlier, -1);
    }

    private PairedMoments combine(PairedMoments o, long sign) {
        long[] s = new long[K];
        long[] p = new long[K * K];
        for (int a = 0; a < K; a++) {
            s[a] = sums[a] + sign * o.sums[a];
        }
        for (int i = 0; i < K * K; i++) {
            p[i] = products[i] + sign * o.products[i];
        }
        return new PairedMoments(utterances + sign * o.utterances, s, p);
    }

    public long utterances() {
        return utterances;
    }

    public long sum(Component c) {
        return sums[c.ordinal()];
    }

    /** The sum of per-utterance products of two components (symmetric). */
    public long product(Component a, Component b) {
        return products[a.ordinal() * K + b.ordinal()];
    }

    /** The linearised estimate of candidate minus baseline; null when it has no interval. */
    public Estimate estimate(PairedMeasure measure) {
        double[] s = new double[K];
        double[][] c = new double[K][K];
        for (int a = 0; a < K; a++) {
            s[a] = sums[a];
            for (int b = 0; b < K; b++) {
                c[a][b] = products[a * K + b];
            }
        }
        return Linearisation.estimate(measure.statistic(), utterances, s, c);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PairedMoments p && p.utterances == utterances
                && Arrays.equals(p.sums, sums) && Arrays.equals(p.products, products);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Long.hashCode(utterances) + Arrays.hashCode(sums)) + Arrays.hashCode(products);
    }

    @Override
    public String toString() {
        return "PairedMoments[m=" + utterances + ", sums=" + Arrays.toString(sums) + "]";
    }
}
