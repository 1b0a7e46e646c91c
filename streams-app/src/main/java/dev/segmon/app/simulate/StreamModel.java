package dev.segmon.app.simulate;

import dev.segmon.model.boundary.BoundaryCounts;
import java.util.SplittableRandom;

/**
 * Simulated utterances whose quality differs: n_ref uniform in [5, 35] (mean 20), each model's
 * n_hyp = n_ref + a uniform offset in [-3, 3] (at least 1), and a per-utterance hit probability
 * p ~ Beta(a, b) shared by the models scored on it (the audio is hard or easy for both). A model
 * hits Binomial(min(n_ref, n_hyp), p * keep) boundaries, where keep &lt; 1 lowers its recall.
 * Recall is E[min(r, y)] E[p] keep / E[r], exact from the distributions ({@link #recall}).
 */
public final class StreamModel {
    static final int MIN_REF = 5;
    static final int MAX_REF = 35;
    static final int OFFSET = 3;
    private final double a;
    private final double b;

    public StreamModel(double a, double b) {
        this.a = a;
        this.b = b;
    }

    /** One utterance: its reference count and hit probability, shared by the models. */
    public record Utterance(int reference, double p) {
    }

    public Utterance utterance(SplittableRandom rnd) {
        int r = MIN_REF + rnd.nextInt(MAX_REF - MIN_REF + 1);
        return new Utterance(r, beta(rnd));
    }

    /** One model's counts on an utterance; keep scales its hit probability. */
    public BoundaryCounts score(Utterance u, double keep, SplittableRandom rnd) {
        int y = Math.max(1, u.reference() + rnd.nextInt(2 * OFFSET + 1) - OFFSET);
        int n = Math.min(y, u.reference());
        double p = u.p() * keep;
        int h = 0;
        for (int i = 0; i < n; i++) {
            if (rnd.nextDouble() < p) {
                h++;
            }
        }
        return BoundaryCounts.oneToOne(u.reference(), y, h);
    }

    /** The true recall of a model with hit-probability factor keep (ratio of expectations). */
    public double recall(double keep) {
        double min = 0;
        double ref = 0;
        for (int r = MIN_REF; r <= MAX_REF; r++) {
            for (int d = -OFFSET; d <= OFFSET; d++) {
                min += Math.min(r, Math.max(1, r + d));
                ref += r;
            }
        }
        return min / ref * a / (a + b) * keep;
    }

    /** The keep factor that lowers recall by {@code points} (e.g. 0.02). */
    public double keepForDrop(double points) {
        return 1 - points / recall(1);
    }

    private double beta(SplittableRandom rnd) {
        double x = gamma(a, rnd);
        return x / (x + gamma(b, rnd));
    }

    /** Marsaglia and Tsang (2000), "A simple method for generating gamma variables", shape >= 1. */
    private static double gamma(double shape, SplittableRandom rnd) {
        double d = shape - 1.0 / 3;
        double c = 1 / Math.sqrt(9 * d);
        while (true) {
            double x = normal(rnd);
            double v = 1 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = rnd.nextDouble();
            if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) {
                return d * v;
            }
        }
    }

    /** Marsaglia's polar method. */
    private static double normal(SplittableRandom rnd) {
        while (true) {
            double u = 2 * rnd.nextDouble() - 1;
            double v = 2 * rnd.nextDouble() - 1;
            double s = u * u + v * v;
            if (s > 0 && s < 1) {
                return u * Math.sqrt(-2 * Math.log(s) / s);
            }
        }
    }
}
