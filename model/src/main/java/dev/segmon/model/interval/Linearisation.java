package dev.segmon.model.interval;

import java.util.List;

/**
 * The one place where an estimate and its uncertainty are derived from per-utterance moment
 * sums. Every measure segmon puts an interval on is a sum of ratios of linear combinations of
 * per-utterance components x_i (hits, n_hyp, n_ref, ... of utterance i):
 *
 * <pre>  f(S) = offset + sum_j c_j (alpha_j . S) / (beta_j . S),   S = sum_i x_i.</pre>
 *
 * Linearisation (Taylor / delta method, with the utterance as the sampling unit; Woodruff 1971,
 * "A simple method for approximating the variance of a complicated estimate", JASA 66:411-414):
 * f(S) - f(E S) is approximately g . (S - E S) with the gradient
 * g = sum_j c_j (alpha_j - R_j beta_j) / B_j, where R_j = (alpha_j . S)/B_j, B_j = beta_j . S.
 * Its variance, estimated from the m utterances, is m/(m-1) g' S_c g where S_c is the centred
 * cross-product matrix sum_i (x_i - xbar)(x_i - xbar)'. Every term is homogeneous of degree 0 in
 * S, so by Euler's theorem g . S = 0 and the centring drops out: g' S_c g = g' C g with C the raw
 * cross products sum_i x_i x_i', which is what the monitor can add up as counters.
 * For a single ratio this is docs/contract.md 2.1.1's formula:
 * g' C g = sum_i (a_i - R b_i)^2 / B^2.
 *
 * <p>A statistic on a bounded scale ({@link Scale#LOGIT}, {@link Scale#LOG_ONE_PLUS}) is a single
 * ratio A/B (plus an offset); its estimate also carries the ratio's leverage BB / B^2 = beta' C
 * beta / B^2 (sum_i b_i^2 / B^2, from the same cross products), which docs/contract.md 2.1.1's
 * interval inflates the variance with ({@link Estimate#adjustedStandardError()}). A statistic on
 * the {@link Scale#LINEAR} scale (the paired differences) gets leverage 0: no correction.
 */
public final class Linearisation {

    /** One term c * (alpha . S) / (beta . S). */
    public record Term(double coefficient, double[] numerator, double[] denominator) {
    }

    /** offset + the sum of the terms, with its interval built on {@code scale}. */
    public record Statistic(double offset, List<Term> terms, Scale scale) {
        public Statistic {
            if (scale != Scale.LINEAR && (terms.size() != 1 || terms.get(0).coefficient() != 1)) {
                throw new IllegalArgumentException("a statistic on the " + scale + " scale is one ratio");
            }
        }

        /** (alpha . S) / (beta . S), on the linear scale. */
        public static Statistic ratio(double[] numerator, double[] denominator) {
            return new Statistic(0, List.of(new Term(1, numerator, denominator)), Scale.LINEAR);
        }

        /** first - second, on the linear scale. */
        public static Statistic difference(Statistic first, Statistic second) {
            List<Term> terms = new java.util.ArrayList<>(first.terms);
            for (Term t : second.terms) {
                terms.add(new Term(-t.coefficient, t.numerator, t.denominator));
            }
            return new Statistic(first.offset - second.offset, terms, Scale.LINEAR);
        }

        public Statistic plus(double constant) {
            return new Statistic(offset + constant, terms, scale);
        }

        /** The same statistic with its interval built on {@code s}. */
        public Statistic on(Scale s) {
            return new Statistic(offset, terms, s);
        }
    }

    private Linearisation() {
    }

    /**
     * The estimate of {@code f} from m utterances with component sums {@code sums} and cross
     * products {@code cross}; null when m < 2 or a denominator sum is 0 (docs/contract.md 2.1.1).
     * Its leverage is BB / B^2 of the ratio on a bounded scale, 0 on the linear one.
     */
    public static Estimate estimate(Statistic f, long m, double[] sums, double[][] cross) {
        if (m < 2) {
            return null;
        }
        int k = sums.length;
        double value = f.offset();
        double[] g = new double[k];
        for (Term t : f.terms()) {
            double b = dot(t.denominator(), sums);
            if (b == 0) {
                return null;
            }
            double r = dot(t.numerator(), sums) / b;
            value += t.coefficient() * r;
            for (int c = 0; c < k; c++) {
                g[c] += t.coefficient() * (t.numerator()[c] - r * t.denominator()[c]) / b;
            }
        }
        double q = quadratic(g, cross);
        double leverage = 0;
        if (f.scale() != Scale.LINEAR) {
            double[] beta = f.terms().get(0).denominator();
            double b = dot(beta, sums);
            leverage = quadratic(beta, cross) / (b * b);
        }
        return new Estimate(value, q, m, leverage, f.scale());
    }

    /** x' C x. */
    private static double quadratic(double[] x, double[][] cross) {
        double q = 0;
        for (int a = 0; a < x.length; a++) {
            for (int b = 0; b < x.length; b++) {
                q += x[a] * x[b] * cross[a][b];
            }
        }
        return q;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
