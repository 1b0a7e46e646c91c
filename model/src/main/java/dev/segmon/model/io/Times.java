package dev.segmon.model.io;

import dev.segmon.model.Micros;
import java.util.regex.Pattern;

/**
 * Parsing of times in seconds from text formats. Only plain decimal numbers are accepted (with an
 * optional exponent), not Java's {@code 1d}, {@code 0x1p3} or {@code Infinity}, and a time must be
 * finite and not negative ({@code -0} is zero: Praat writes it).
 */
public final class Times {
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

    /**
     * A time in seconds, to the microsecond; exact where the text is a plain decimal. Plain
     * decimals ({@code 95.45}) are read digit by digit straight onto the microsecond grid
     * (exact, and rounded half up beyond six decimals); anything else (exponents) goes through
     * {@link Double#parseDouble} and {@link Micros#of}.
     */
    public static long micros(String source, long line, String text) {
        long micros = plainDecimalMicros(text);
        if (micros >= 0) {
            return micros;
        }
        double seconds;
        try {
            seconds = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new InputException(source, line, "not a time in seconds: '" + text + "'");
        }
        if (!Double.isFinite(seconds) || seconds < 0) {
            throw new InputException(source, line, "not a time in seconds: '" + text + "'");
        }
        return Micros.of(seconds);
    }

    /** Microseconds of an unsigned plain decimal, or -1 when the text is not one (or is too long). */
    private static long plainDecimalMicros(String text) {
        int n = text.length();
        if (n == 0 || n > 18) {
            return -1;
        }
        long whole = 0;
        long fraction = 0;
        int decimals = 0;
        boolean dot = false;
        boolean digits = false;
        boolean roundUp = false;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '.' && !dot) {
                dot = true;
            } else if (c >= '0' && c <= '9') {
                digits = true;
                if (!dot) {
                    whole = whole * 10 + (c - '0');
                } else if (decimals < 6) {
                    fraction = fraction * 10 + (c - '0');
                    decimals++;
                } else if (decimals == 6) {
                    roundUp = c >= '5';
                    decimals++;
                }
            } else {
                return -1;
            }
        }
        if (!digits) {
            return -1;
        }
        for (int d = Math.min(decimals, 6); d < 6; d++) {
            fraction *= 10;
        }
        return whole * Micros.PER_SECOND + fraction + (roundUp ? 1 : 0);
    }
}
