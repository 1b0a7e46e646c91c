package dev.segmon.model.boundary;

import java.util.List;

/**
 * The outcome of scoring a corpus.
 *
 * @param counts     the summed counts of every utterance
 * @param utterances distinct utterance ids on either side
 * @param unpaired   ids present on one side only, sorted
 * @param offsets    the signed offsets of the hits; null under many-to-one matching, which pairs no boundaries
 */
public record CorpusBoundaryResult(BoundaryCounts counts, long utterances, List<String> unpaired, HitOffsets offsets) {
    public CorpusBoundaryResult {
        unpaired = List.copyOf(unpaired);
    }

    /** Without hit offsets. */
    public CorpusBoundaryResult(BoundaryCounts counts, long utterances, List<String> unpaired) {
        this(counts, utterances, unpaired, null);
    }

    public BoundaryScores scores() {
        return counts.scores();
    }
}
