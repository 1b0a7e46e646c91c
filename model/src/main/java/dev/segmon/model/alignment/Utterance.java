package dev.segmon.model.alignment;

import java.util.List;

/**
 * One utterance of a corpus as a reader found it: either a list of labelled segments (TextGrid,
 * CTM, {@code .phn}/{@code .wrd}, JSONL "segments") or a bare list of boundary times (JSONL
 * "boundaries"). Which form it is matters for label filtering, which only segments support.
 */
public sealed interface Utterance permits Utterance.Segmented, Utterance.Marked {

    /** The utterance id that pairs reference and hypothesis. */
    String id();

    /** An utterance given as labelled segments, in the order the file lists them. */
    record Segmented(String id, List<Segment> segments) implements Utterance {
        public Segmented {
            segments = List.copyOf(segments);
        }
    }

    /** An utterance given directly as boundary times in seconds, in any order, repeats allowed. */
    record Marked(String id, double[] times) implements Utterance {
        public Marked {
            times = times.clone();
        }
    }
}
