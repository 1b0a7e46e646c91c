package dev.segmon.model.io;

/**
 * One {@code file onset offset} line of a class file or a fold file, times on the microsecond
 * grid (so that every comparison downstream is exact).
 *
 * @param file   the audio file (utterance) name
 * @param onset  onset in microseconds
 * @param offset offset in microseconds, strictly after the onset
 * @param line   1-based line number in the source, for error messages
 */
public record FileInterval(String file, long onset, long offset, long line) {
}
