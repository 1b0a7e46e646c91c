package dev.segmon.model.timing;

import java.util.List;

/**
 * The outcome of timing a corpus.
 *
 * @param counts     the summed counts of every utterance
 * @param offsets    every matched word's offsets, for the exact medians
 * @param utterances distinct utterance ids on either side
 * @param unpaired   ids present on one side only, sorted
 */
public record TimingResult(TimingCounts counts, OffsetSample offsets, long utterances, List<String> unpaired) {
    public TimingResult {
        unpaired = List.copyOf(unpaired);
    }

    public TimingScores scores() {
        return counts.scores();
    }
}
