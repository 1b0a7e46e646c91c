package dev.segmon.model.io;

/**
 * How to read an alignment input.
 *
 * @param format the format, or {@code null} to detect it from the extension
 * @param tier   the TextGrid tier: a name, {@code NAME#K} for the K-th tier of that name, or
 *               {@code #K} for the K-th tier of the file (1-based); {@code null} when the file
 *               has a single interval tier
 */
public record ReadOptions(AlignmentFormat format, String tier) {
    public static final ReadOptions DEFAULT = new ReadOptions(null, null);

    public ReadOptions withFormat(AlignmentFormat newFormat) {
        return new ReadOptions(newFormat, tier);
    }

    public ReadOptions withTier(String newTier) {
        return new ReadOptions(format, newTier);
    }
}
