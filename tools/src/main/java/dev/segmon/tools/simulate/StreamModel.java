package dev.segmon.tools.simulate;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.Measure;
import java.util.SplittableRandom;

/**
 * Simulated utterances whose quality differs: n_ref uniform in [5, 35] (mean 20; other ranges
 * for the small-window cases of {@link Coverage}), each model's
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
    private final int minRef;
    private final int maxRef;

    public StreamModel(double a, double b) {
        this(a, b, MIN_REF, MAX_REF);
    }

    /** Hit probability ~ Beta(a, b) (a, b &gt; 0), n_ref uniform in [minRef, maxRef]. */
    public StreamModel(double a, double b, int minRef, int maxRef) {
        if (!(a > 0 && b > 0) || minRef < 1 || maxRef < minRef) {
            throw new IllegalArgumentException("need a, b > 0 and 1 <= minRef <= maxRef");
        }
        this.a = a;
        this.b = b;
        this.minRef = minRef;
        this.maxRef = maxRef;
    }

    /** "Beta(a,b), n_ref lo-hi", for reports. */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "Beta(%s,%s), n_ref %d-%d", num(a), num(b), minRef, maxRef);
    }

    private static String num(double x) {
        return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
    }

    /** One utterance: its reference count and hit probability, shared by the models. */
    public record Utterance(int reference, double p) {
    }

    public Utterance utterance(SplittableRandom rnd) {
        int r = minRef + rnd.nextInt(maxRef - minRef + 1);
        return new Utterance(r, beta(rnd));
    }

    /** One model's counts on an utterance; keep scales its hit probability. */
    public BoundaryCounts score(Utterance u, double keep, SplittableRandom rnd) {
        return score(u, keep, 0, rnd);
    }

    /**
     * As {@link #score(Utterance, double, SplittableRandom)}, the model also inserting
     * Binomial(n_ref, insert) extra boundaries: over-segmentation rises by {@code insert}.
     */
    public BoundaryCounts score(Utterance u, double keep, double insert, SplittableRandom rnd) {
        int y = Math.max(1, u.reference() + rnd.nextInt(2 * OFFSET + 1) - OFFSET);
        for (int i = 0; insert > 0 && i < u.reference(); i++) {
            if (rnd.nextDouble() < insert) {
                y++;
            }
        }
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
        return truth(Measure.RECALL) * keep;
    }

    /**
     * The true value of a measure for one model (keep = 1), a ratio of expectations, exact from
     * the distributions: r and the offset are uniform and independent of p, so E[h] =
     * E[min(r, y)] E[p] with E[p] = a / (a + b). Precision E[h]/E[y], recall E[h]/E[r], F1
     * 2E[h]/(E[y] + E[r]), over-segmentation E[y]/E[r] - 1.
     */
    public double truth(Measure measure) {
        double min = 0;
        double ref = 0;
        double hyp = 0;
        for (int r = minRef; r <= maxRef; r++) {
            for (int d = -OFFSET; d <= OFFSET; d++) {
                int y = Math.max(1, r + d);
                min += Math.min(r, y);
                ref += r;
                hyp += y;
            }
        }
        double hits = min * a / (a + b);
        return switch (measure) {
            case PRECISION -> hits / hyp;
            case RECALL -> hits / ref;
            case F1 -> 2 * hits / (hyp + ref);
            case OVER_SEGMENTATION -> hyp / ref - 1;
        };
    }

    /** The keep factor that lowers recall by {@code points} (e.g. 0.02). */
    public double keepForDrop(double points) {
        return 1 - points / recall(1);
    }

    private double beta(SplittableRandom rnd) {
        double x = gamma(a, rnd);
        return x / (x + gamma(b, rnd));
    }

    /**
     * Marsaglia and Tsang (2000), "A simple method for generating gamma variables", ACM TOMS
     * 26(3): 363-372; for shape &lt; 1 their boost (section 6): Gamma(shape + 1) U^(1/shape).
     */
    private static double gamma(double shape, SplittableRandom rnd) {
        if (shape < 1) {
            return gamma(shape + 1, rnd) * Math.pow(rnd.nextDouble(), 1 / shape);
        }
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
