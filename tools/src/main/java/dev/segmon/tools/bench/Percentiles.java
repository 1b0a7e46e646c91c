package dev.segmon.tools.bench;

import java.util.Arrays;

/** Nearest-rank percentiles: the smallest value with at least p % of the samples at or below it. */
public final class Percentiles {
    private final double[] sorted;

    public Percentiles(double[] samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        this.sorted = samples.clone();
        Arrays.sort(sorted);
    }

    /** The percentiles of every sample of {@code parts} together. */
    public static Percentiles of(java.util.List<Percentiles> parts) {
        double[] all = new double[parts.stream().mapToInt(Percentiles::count).sum()];
        int at = 0;
        for (Percentiles p : parts) {
            System.arraycopy(p.sorted, 0, all, at, p.sorted.length);
            at += p.sorted.length;
        }
        return new Percentiles(all);
    }

    public int count() {
        return sorted.length;
    }

    /** The p-th percentile, 0 < p <= 100: element ceil(p/100 * n) of the sorted samples (1-based). */
    public double percentile(double p) {
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100]");
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(1, rank) - 1];
    }

    public double max() {
        return sorted[sorted.length - 1];
    }

    /** The median of a few repeated figures (the middle one, or the mean of the two middle ones). */
    public static double median(double... values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
