package dev.segmon.model;

/**
 * The one check of a length of time in seconds given as a setting (a tolerance, an allowed
 * disorder, a delay, a rate): a finite number >= 0. NaN fails it too ({@code NaN >= 0} is false).
 */
public final class Seconds {
    private Seconds() {
    }

    /**
     * {@code value} itself when it is finite and >= 0.
     *
     * @param what names the setting in the message ("tolerance", "--rate")
     * @throws IllegalArgumentException otherwise, naming {@code what} and the value
     */
    public static double nonNegative(double value, String what) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(what + " must be a finite number >= 0, not " + value);
        }
        return value;
    }
}
