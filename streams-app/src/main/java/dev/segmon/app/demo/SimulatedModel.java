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
 */
public record SimulatedModel(String name, double jitter, double deletion, double insertion,
                             Duration regressAfter, Duration ramp, double regressedInsertion) {

    public SimulatedModel {
        Objects.requireNonNull(name);
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
        return new SimulatedModel(name, jitter, deletion, insertion, after, rampTime, to);
    }

    public SimulatedModel named(String newName) {
        return new SimulatedModel(newName, jitter, deletion, insertion, regressAfter, ramp, regressedInsertion);
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
        if (reference.length == 0) {
            return reference;
        }
        int inserted = poisson(insertionRate(elapsed) * reference.length, random);
        long[] out = new long[reference.length + inserted];
        int n = 0;
        long sd = Micros.of(jitter);
        for (long t : reference) {
            if (random.nextDouble() < deletion) {
                continue;
            }
            out[n++] = Math.max(0, t + Math.round(random.nextGaussian() * sd));
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
