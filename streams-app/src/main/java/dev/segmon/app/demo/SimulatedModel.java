package dev.segmon.app.demo;

import dev.segmon.model.boundary.Boundaries;
import dev.segmon.model.Micros;
import java.time.Duration;
import java.util.Objects;
import java.util.Random;

/**
 * A pretend segmenter for the demo: it takes the reference boundaries of an utterance and returns
 * a hypothesis with the errors real ones make. Each reference boundary is dropped with probability
 * {@code deletion}, otherwise moved by Gaussian noise of standard deviation {@code jitter}; then a
 * Poisson number of spurious boundaries (mean {@code insertionRate(t)} per reference boundary) is
 * placed uniformly between the first and last reference boundary.
 *
 * <p>With jitter 8 ms and the monitor's 20 ms tolerance a kept boundary is a hit with probability
 * P(|Z| <= 2.5) = 0.988 (standard normal table), so a healthy model scores P and R near 0.97.
 * A regressing model's insertion rate climbs linearly from {@code insertion} to {@code
 * regressedInsertion} over {@code ramp} once {@code regressAfter} has passed: over-segmentation
 * (n_hyp/n_ref - 1) rises by about the same amount and precision falls to about 1/(1 + rate).
 *
 * <p>Two more changes a canary can bring: a {@link LanguageLoss} (from a time on, utterances of one
 * language lose boundaries with a higher probability: recall falls on that language only) and a
 * {@link Drift} (from a time on, every kept boundary comes a fixed amount later: the mean signed
 * offset moves while recall stays put as long as the drift plus the jitter stays inside the
 * tolerance).
 */
public record SimulatedModel(String name, double jitter, double deletion, double insertion,
                             Duration regressAfter, Duration ramp, double regressedInsertion,
                             LanguageLoss loss, Drift drift) {

    /** From {@code after} on, utterances of {@code language} drop each reference boundary with probability {@code deletion}. */
    public record LanguageLoss(String language, Duration after, double deletion) {
        /** No loss: no utterance carries the empty language. */
        public static final LanguageLoss NONE = new LanguageLoss("", Duration.ZERO, 0);

        public LanguageLoss {
            Objects.requireNonNull(language);
            if (after.isNegative() || !(deletion >= 0 && deletion <= 1)) {
                throw new IllegalArgumentException("a loss needs a time >= 0 and a deletion probability");
            }
        }
    }

    /** From {@code after} on, every kept boundary comes {@code seconds} later. */
    public record Drift(Duration after, double seconds) {
        public static final Drift NONE = new Drift(Duration.ZERO, 0);

        public Drift {
            if (after.isNegative() || !Double.isFinite(seconds)) {
                throw new IllegalArgumentException("a drift needs a time >= 0 and a finite size");
            }
        }
    }

    public SimulatedModel(String name, double jitter, double deletion, double insertion,
                          Duration regressAfter, Duration ramp, double regressedInsertion) {
        this(name, jitter, deletion, insertion, regressAfter, ramp, regressedInsertion, LanguageLoss.NONE, Drift.NONE);
    }

    public SimulatedModel {
        Objects.requireNonNull(name);
        Objects.requireNonNull(loss);
        Objects.requireNonNull(drift);
        if (!(jitter >= 0) || !(deletion >= 0 && deletion <= 1) || !(insertion >= 0) || !(regressedInsertion >= 0)) {
            throw new IllegalArgumentException("jitter and insertion rates must be >= 0, deletion a probability");
        }
        if (regressAfter.isNegative() || ramp.isNegative()) {
            throw new IllegalArgumentException("regression times must be >= 0");
        }
    }

    /** A model whose error rates never change. */
    public static SimulatedModel healthy(String name, double jitter, double deletion, double insertion) {
        return new SimulatedModel(name, jitter, deletion, insertion, Duration.ZERO, Duration.ZERO, insertion);
    }

    /** The same model, but from {@code after} on its insertion rate climbs to {@code to} over {@code ramp}. */
    public SimulatedModel regressing(Duration after, Duration rampTime, double to) {
        return new SimulatedModel(name, jitter, deletion, insertion, after, rampTime, to, loss, drift);
    }

    /** The same model, but from {@code after} on it drops boundaries of {@code language}'s utterances with probability {@code p}. */
    public SimulatedModel losing(String language, Duration after, double p) {
        return new SimulatedModel(name, jitter, deletion, insertion, regressAfter, ramp, regressedInsertion,
                new LanguageLoss(language, after, p), drift);
    }

    /** The same model, but from {@code after} on its boundaries come {@code seconds} later. */
    public SimulatedModel driftingLate(Duration after, double seconds) {
        return new SimulatedModel(name, jitter, deletion, insertion, regressAfter, ramp, regressedInsertion, loss,
                new Drift(after, seconds));
    }

    public SimulatedModel named(String newName) {
        return new SimulatedModel(newName, jitter, deletion, insertion, regressAfter, ramp, regressedInsertion, loss, drift);
    }

    /** The probability of dropping a reference boundary of an utterance in {@code language} at {@code elapsed}. */
    public double deletion(String language, Duration elapsed) {
        return !loss.language().isEmpty() && language.equals(loss.language()) && elapsed.compareTo(loss.after()) >= 0 ? loss.deletion() : deletion;
    }

    /** Seconds every kept boundary comes late at {@code elapsed}. */
    public double lateBy(Duration elapsed) {
        return elapsed.compareTo(drift.after()) >= 0 ? drift.seconds() : 0;
    }

    /** Mean inserted boundaries per reference boundary once {@code elapsed} of demo time has passed. */
    public double insertionRate(Duration elapsed) {
        if (elapsed.compareTo(regressAfter) < 0) {
            return insertion;
        }
        if (ramp.isZero()) {
            return regressedInsertion;
        }
        double progress = Math.min(1.0, (double) elapsed.minus(regressAfter).toNanos() / ramp.toNanos());
        return insertion + progress * (regressedInsertion - insertion);
    }

    /**
     * The hypothesis boundaries (microseconds, sorted, distinct, >= 0) for an utterance whose
     * reference boundaries are {@code reference} (sorted microseconds).
     */
    public long[] hypothesize(long[] reference, Duration elapsed, Random random) {
        return hypothesize(reference, "", elapsed, random);
    }

    /** The hypothesis for an utterance in {@code language} (its {@link LanguageLoss} applies to that language only). */
    public long[] hypothesize(long[] reference, String language, Duration elapsed, Random random) {
        if (reference.length == 0) {
            return reference;
        }
        int inserted = poisson(insertionRate(elapsed) * reference.length, random);
        long[] out = new long[reference.length + inserted];
        int n = 0;
        long sd = Micros.of(jitter);
        long late = Micros.of(lateBy(elapsed));
        double p = deletion(language, elapsed);
        for (long t : reference) {
            if (random.nextDouble() < p) {
                continue;
            }
            out[n++] = Math.max(0, t + late + Math.round(random.nextGaussian() * sd));
        }
        long first = reference[0];
        long span = reference[reference.length - 1] - first;
        for (int i = 0; i < inserted; i++) {
            out[n++] = first + (long) (random.nextDouble() * span);
        }
        return Boundaries.sortedDistinct(out, n);
    }

    /** A Poisson draw by multiplying uniforms (Knuth, TAOCP vol. 2, 3.4.1); means here stay small. */
    static int poisson(double mean, Random random) {
        if (mean <= 0) {
            return 0;
        }
        if (mean > 500) {
            // exp(-mean) underflows; a normal approximation is plenty for a demo.
            return (int) Math.max(0, Math.round(mean + Math.sqrt(mean) * random.nextGaussian()));
        }
        double limit = Math.exp(-mean);
        double product = random.nextDouble();
        int k = 0;
        while (product > limit) {
            product *= random.nextDouble();
            k++;
        }
        return k;
    }
}
