package dev.segmon.model.breaks;

import java.util.List;

/**
 * One sentence's juncture labels, in order, with where it was read.
 *
 * @param id        the JSONL id, or {@code "#K"} for the K-th sentence of a word-per-line file
 * @param junctures one label per juncture: {@link BreakScorer#NO_BREAK} or a break type
 * @param line      the 1-based line where the sentence starts (for error messages)
 */
public record BreakSentence(String id, List<String> junctures, long line) {
    public BreakSentence {
        junctures = List.copyOf(junctures);
    }
}
