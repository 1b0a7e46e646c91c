package dev.segmon.model.timing;

/**
 * Matched words whose start, whose end, and whose start and end both lie within one {@link Collar}.
 * A commutative monoid under {@link #plus}.
 */
public record CollarCounts(long starts, long ends, long words) {
    /** The identity of {@link #plus}. */
    public static final CollarCounts ZERO = new CollarCounts(0, 0, 0);

    public CollarCounts {
        if (words < 0 || starts < words || ends < words) {
            throw new IllegalArgumentException("inconsistent collar counts: starts=" + starts + " ends=" + ends + " words=" + words);
        }
    }

    public CollarCounts plus(CollarCounts other) {
        return new CollarCounts(starts + other.starts, ends + other.ends, words + other.words);
    }
}
