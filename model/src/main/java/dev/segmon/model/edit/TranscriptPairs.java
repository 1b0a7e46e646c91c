package dev.segmon.model.edit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Pairs reference and hypothesis transcripts by utterance id for WER and NED. An utterance on one
 * side only is handed over against an empty transcript (docs/contract.md 2.4) and listed as unpaired.
 */
public final class TranscriptPairs {
    private static final int[] EMPTY = new int[0];

    /** Receives each pair of token sequences. */
    @FunctionalInterface
    public interface PairHandler {
        void pair(int[] reference, int[] hypothesis);
    }

    private TranscriptPairs() {
    }

    /**
     * Calls {@code handler} once per utterance id of either side, in reference order and then in
     * hypothesis order for ids only the hypothesis has. Returns the unpaired ids, sorted.
     */
    public static List<String> forEach(List<Transcript> reference, List<Transcript> hypothesis, PairHandler handler) {
        Map<String, int[]> hyp = new HashMap<>(hypothesis.size() * 2);
        for (Transcript h : hypothesis) {
            hyp.put(h.id(), h.tokens());
        }
        List<String> unpaired = new ArrayList<>();
        for (Transcript r : reference) {
            int[] h = hyp.remove(r.id());
            if (h == null) {
                unpaired.add(r.id());
                h = EMPTY;
            }
            handler.pair(r.tokens(), h);
        }
        for (Transcript h : hypothesis) {
            if (hyp.containsKey(h.id())) {
                unpaired.add(h.id());
                handler.pair(EMPTY, h.tokens());
            }
        }
        unpaired.sort(null);
        return unpaired;
    }
}
