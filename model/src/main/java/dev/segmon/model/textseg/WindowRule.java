package dev.segmon.model.textseg;

import java.util.Locale;

/**
 * The default window rules of the reference tools, each computed here in exact integer
 * arithmetic (N units, s reference segments, b = s - 1 reference boundaries, mean segment length
 * N / s). Reference masses (5, 5) give k = 4 (NLTK), 2 (segeval) and 3 (Choi).
 */
public enum WindowRule implements WindowSize {
    /**
     * NLTK {@code nltk.metrics.segmentation.pk}: {@code int(round(len(ref) / (ref.count("1") * 2.)))}
     * over the boundary string, i.e. (N - 1) / (2 b) with Python's round (halves to even).
     * Undefined without a reference boundary (NLTK divides by zero).
     */
    NLTK {
        @Override
        public int of(Segmentation reference) {
            int b = reference.boundaryCount();
            if (b == 0) {
                throw new IllegalArgumentException("the nltk window rule needs a reference boundary (k = (N-1) / (2 * boundaries)): this reference has none; give --k");
            }
            return roundHalfEven(reference.units() - 1L, 2L * b);
        }
    },
    /**
     * segeval {@code segeval.window.__compute_window_size__}: {@code int(round(mean(masses) / 2))}
     * with Decimal's round (halves to even), raised to 2 when it comes out below 2.
     */
    SEGEVAL {
        @Override
        public int of(Segmentation reference) {
            return Math.max(2, roundHalfEven(reference.units(), 2L * reference.segments()));
        }
    },
    /**
     * Choi's C99 evaluation code (Java): {@code Math.round(mean / 2)}, halves rounded up.
     */
    CHOI {
        @Override
        public int of(Segmentation reference) {
            long twoS = 2L * reference.segments();
            return (int) Math.floorDiv(reference.units() + reference.segments(), twoS); // floor(N / 2s + 1/2)
        }
    };

    /** Parses a {@code --k-rule} value. */
    public static WindowRule parse(String name) {
        return valueOf(name.trim().toUpperCase(Locale.ROOT));
    }

    /** numerator / denominator (both positive) rounded to the nearest integer, halves to even. */
    static int roundHalfEven(long numerator, long denominator) {
        long q = numerator / denominator;
        long twiceRemainder = 2 * (numerator % denominator);
        if (twiceRemainder > denominator || (twiceRemainder == denominator && (q & 1) == 1)) {
            q++;
        }
        return (int) q;
    }
}
