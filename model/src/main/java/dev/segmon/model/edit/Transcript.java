package dev.segmon.model.edit;

/**
 * One utterance of a Kaldi text file: its id, its tokens interned in a {@link Vocabulary}, and
 * the line it was read from.
 */
public record Transcript(String id, int[] tokens, long line) {
}
