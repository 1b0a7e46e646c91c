package dev.segmon.model.io;

/**
 * Exact parsing of the short decimals that alignment files are made of ({@code 12.345}).
 *
 * <p>Clinger's fast path (W. D. Clinger, "How to read floating point numbers accurately",
 * PLDI 1990): when a decimal's digits, read as an integer m, satisfy m < 2^53 and it has k <= 22
 * fraction digits, both m and 10^k are exact doubles and IEEE division is correctly rounded, so
 * {@code m / 10^k} is exactly the double {@link Double#parseDouble} returns. Anything else
 * (a sign, an exponent, 16 or more digits) is left to the general parser.
 */
final class ShortDecimal {
    /** Not applicable: the caller must use the general parser. */
    static final double UNSUPPORTED = Double.NaN;

    private static final double[] POWERS_OF_TEN = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    };

    private ShortDecimal() {
    }

    /**
     * The value of {@code digits[.digits]} in {@code text[offset, offset + length)}, or
     * {@link #UNSUPPORTED} when the text has another form or more than 15 digits.
     */
    static double parse(char[] text, int offset, int length) {
        long mantissa = 0;
        int digits = 0;
        int fractionDigits = -1; // -1 until the decimal point
        for (int i = offset, end = offset + length; i < end; i++) {
            char c = text[i];
            if (c >= '0' && c <= '9') {
                if (++digits > 15) {
                    return UNSUPPORTED; // 10^15 < 2^53: fifteen digits are always exact
                }
                mantissa = 10 * mantissa + (c - '0');
                if (fractionDigits >= 0) {
                    fractionDigits++;
                }
            } else if (c == '.' && fractionDigits < 0) {
                fractionDigits = 0;
            } else {
                return UNSUPPORTED;
            }
        }
        if (digits == 0 || fractionDigits == 0) {
            return UNSUPPORTED; // "." or "1." are not JSON numbers; let the general parser judge
        }
        return fractionDigits < 0 ? (double) mantissa : mantissa / POWERS_OF_TEN[fractionDigits];
    }
}
