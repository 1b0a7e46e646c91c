package dev.segmon.model;

/**
 * Times on the microsecond grid. docs/contract.md 2.1 rounds every time to the microsecond before
 * comparing, so that {@code |0.52 - 0.50| <= 0.02} holds (in doubles the difference is
 * 0.020000000000000018 and a naive comparison misses the hit, as pyannote.metrics does), and a
 * CTM word's start + duration equals the next word's start when the decimals say so.
 */
public final class Micros {
    public static final long PER_SECOND = 1_000_000L;

    private Micros() {
    }

    /** Seconds to the nearest microsecond (halves away from zero; -0.0 becomes 0). */
    public static long of(double seconds) {
        if (Double.isNaN(seconds) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("time is not a finite number: " + seconds);
        }
        return Math.round(seconds * PER_SECOND) + 0L;
    }

    /** Microseconds back to seconds, for output. */
    public static double seconds(long micros) {
        return micros / (double) PER_SECOND;
    }
}
