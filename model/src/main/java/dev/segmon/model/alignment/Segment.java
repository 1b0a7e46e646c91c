package dev.segmon.model.alignment;

/**
 * One labelled interval of an alignment (a word, a phone, a discovered fragment), in seconds.
 *
 * @param start onset in seconds
 * @param end   offset in seconds, {@code >= start}
 * @param label the symbol; may be empty
 */
public record Segment(double start, double end, String label) {
    public Segment {
        if (!(start >= 0) || !(end >= start) || Double.isInfinite(end)) {
            throw new IllegalArgumentException("segment [" + start + ", " + end + "] is not a finite interval with 0 <= start <= end");
        }
        label = label == null ? "" : label;
    }
}
