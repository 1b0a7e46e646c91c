package dev.segmon.model.boundary;

import java.util.List;

/**
 * The outcome of scoring a corpus.
 *
 * @param counts     the summed counts of every utterance
 * @param utterances distinct utterance ids on either side
 * @param unpaired   ids present on one side only, sorted
 */
public record CorpusBoundaryResult(BoundaryCounts counts, long utterances, List<String> unpaired) {
    public CorpusBoundaryResult {
        unpaired = List.copyOf(unpaired);
    }

    public BoundaryScores scores() {
        return counts.scores();
    }
}
