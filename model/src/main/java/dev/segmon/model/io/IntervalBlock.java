package dev.segmon.model.io;

import java.util.List;

/**
 * A block of {@code file onset offset} lines: one discovered class of a ZeroSpeech class file
 * (then {@code name} is the class number after {@code Class}) or one fold of a fold file (then
 * {@code name} is the fold's 1-based position).
 *
 * @param name      class number, or fold position
 * @param line      line of the block's first line (its {@code Class} header or first interval)
 * @param intervals the block's intervals in file order, duplicates kept
 */
public record IntervalBlock(String name, long line, List<FileInterval> intervals) {
    public IntervalBlock {
        intervals = List.copyOf(intervals);
    }
}
