package dev.segmon.model.edit;

import java.util.List;

/** Corpus WER and NED over paired Kaldi transcripts (docs/contract.md 2.4). */
public final class EditScorer {
    private EditScorer() {
    }

    /**
     * WER counts pooled over the corpus.
     *
     * @param counts     the summed S/I/D and reference length
     * @param utterances distinct utterance ids on either side
     * @param unpaired   ids on one side only, sorted
     */
    public record WerResult(EditCounts counts, long utterances, List<String> unpaired) {
        public WerResult {
            unpaired = List.copyOf(unpaired);
        }
    }

    /** NED averaged over utterances; {@code counts.utterances()} counts every id of either side. */
    public record NedResult(NedCounts counts, List<String> unpaired) {
        public NedResult {
            unpaired = List.copyOf(unpaired);
        }
    }

    public static WerResult wer(List<Transcript> reference, List<Transcript> hypothesis, EditCosts costs) {
        EditCounts[] total = {EditCounts.ZERO};
        long[] utterances = {0};
        List<String> unpaired = TranscriptPairs.forEach(reference, hypothesis, (r, h) -> {
            total[0] = total[0].plus(Levenshtein.align(r, h, costs));
            utterances[0]++;
        });
        return new WerResult(total[0], utterances[0], unpaired);
    }

    public static NedResult ned(List<Transcript> reference, List<Transcript> hypothesis) {
        NedCounts[] total = {NedCounts.ZERO};
        List<String> unpaired = TranscriptPairs.forEach(reference, hypothesis,
                (r, h) -> total[0] = total[0].plus(NedCounts.of(r, h)));
        return new NedResult(total[0], unpaired);
    }
}
