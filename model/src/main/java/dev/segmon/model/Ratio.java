package dev.segmon.model;

/**
 * The one place where a count ratio is formed. Every rate segmon reports (precision, recall,
 * WER, breaks-correct, ...) is a quotient of two integer counts; a zero denominator yields
 * {@code null} rather than NaN, an exception or an invented convention such as pyannote's
 * 0/0 = 1 (docs/boundaries.md, "Undefined values").
 */
public final class Ratio {
    private Ratio() {
    }

    /** {@code numerator / denominator}, or {@code null} when the denominator is zero. */
    public static Double of(long numerator, long denominator) {
        return denominator == 0 ? null : (double) numerator / (double) denominator;
    }

    /** {@code numerator / denominator} for real-valued numerators, {@code null} on a zero denominator. */
    public static Double of(double numerator, long denominator) {
        return denominator == 0 ? null : numerator / (double) denominator;
    }
}
