package dev.segmon.model.io;

import java.util.regex.Pattern;

/**
 * Parsing of times in seconds from text formats. Only plain decimal numbers are accepted (with an
 * optional exponent), not Java's {@code 1d}, {@code 0x1p3} or {@code Infinity}, and a time must be
 * finite and not negative ({@code -0} is zero: Praat writes it).
 */
final class Times {
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private Times() {
    }

    /** Whether {@code text} is a decimal number (of any size). */
    static boolean isDecimal(String text) {
        return DECIMAL.matcher(text).matches();
    }

    /**
     * The time {@code text} gives, or an {@link InputException} at {@code file:line} naming
     * {@code what} when it is not a finite number >= 0.
     */
    static double parse(String text, String what, String file, long line) {
        if (!isDecimal(text)) {
            throw new InputException(file, line, what + " is not a number: '" + text + "'");
        }
        return check(Double.parseDouble(text), what, file, line);
    }

    /** {@code seconds} itself when it is finite and >= 0, else the {@link InputException}. */
    static double check(double seconds, String what, String file, long line) {
        if (Double.isNaN(seconds) || Double.isInfinite(seconds)) {
            throw new InputException(file, line, what + " is not a finite number (" + seconds + ")");
        }
        if (seconds < 0) {
            throw new InputException(file, line, what + " is negative (" + seconds + ")");
        }
        return seconds + 0.0; // -0.0 becomes 0.0
    }
}
