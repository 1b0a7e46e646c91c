package dev.segmon.tools.simulate;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What the floor is told about a change: the gradient g at the truth that linearises one
 * utterance's observation (the delta method, as {@code MeasureDetector} pins it), the linearised
 * value's mean and standard deviation before the change, and the change's size in those standard
 * deviations; from large samples before and after it.
 */
record LinearisedChange(double[] gradient, double mean, double sigma, double shift) {

    /** From {@code sample} observations drawn by {@code draw} at progress 0 (before), then as many at 1 (after). */
    static LinearisedChange sample(boolean paired, int sample, Function<Double, double[]> draw) {
        double[] sums = null;
        List<double[]> before = new ArrayList<>(sample);
        for (int i = 0; i < sample; i++) {
            double[] x = draw.apply(0.0);
            before.add(x);
            sums = add(sums, x);
        }
        double[] g = gradient(paired, sums, sample);
        double mean0 = 0;
        double sq = 0;
        for (double[] x : before) {
            double u = dot(g, x);
            mean0 += u;
            sq += u * u;
        }
        mean0 /= sample;
        double sigma = Math.sqrt(sq / sample - mean0 * mean0);
        double after = 0;
        for (int i = 0; i < sample; i++) {
            after += dot(g, draw.apply(1.0));
        }
        return new LinearisedChange(g, mean0, sigma, (after / sample - mean0) / sigma);
    }

    /** One observation in standard deviations from the mean before the change. */
    double standardised(double[] x) {
        return (dot(gradient, x) - mean) / sigma;
    }

    /** g at the truth: the single model's (1, -R)/bbar or the pair's (1, -R, -1, R)/bbar (as MeasureDetector pins it). */
    private static double[] gradient(boolean paired, double[] s, long n) {
        if (!paired) {
            double level = s[0] / s[1];
            double bbar = s[1] / n;
            return new double[] {1 / bbar, -level / bbar};
        }
        double level = (s[0] + s[2]) / (s[1] + s[3]);
        double bbar = (s[1] + s[3]) / (2.0 * n);
        return new double[] {1 / bbar, -level / bbar, -1 / bbar, level / bbar};
    }

    private static double[] add(double[] sums, double[] x) {
        double[] s = sums == null ? new double[x.length] : sums;
        for (int i = 0; i < x.length; i++) {
            s[i] += x[i];
        }
        return s;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
