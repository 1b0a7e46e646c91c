package dev.segmon.tools.simulate;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.boundary.Boundaries;
import dev.segmon.model.Micros;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Cuts a long recording's reference alignment into utterances at its pauses, the way a voice
 * activity detector would hand audio to a recogniser: wherever two consecutive segments are
 * separated by at least {@code minPause} seconds of silence, the recording is cut at the middle
 * of that silence. The first utterance starts at 0, the last ends at the last segment's end plus
 * {@code pad}; each utterance's boundaries are counted from its own start, and its duration is
 * the audio between its two cuts.
 */
public final class PauseCuts {
    private PauseCuts() {
    }

    /**
     * One utterance of reference boundaries (microseconds from its start, sorted, distinct) and
     * the seconds of audio it spans.
     */
    public record Cut(String id, long[] boundaries, double duration) {
    }

    /** The utterances of {@code recording}; a recording given as bare boundary times is one utterance. */
    public static List<Cut> of(Utterance recording, double minPause, double pad) {
        if (!(recording instanceof Utterance.Segmented s) || s.segments().isEmpty()) {
            long[] b = Boundaries.of(recording, Set.of(), false);
            double end = b.length == 0 ? 0 : b[b.length - 1] / 1e6;
            return b.length == 0 ? List.of() : List.of(new Cut(recording.id(), b, end + pad));
        }
        List<Segment> segments = new ArrayList<>(s.segments());
        segments.sort(Comparator.comparingDouble(Segment::start));
        List<Cut> out = new ArrayList<>();
        double cutStart = 0;
        int first = 0;
        for (int i = 1; i <= segments.size(); i++) {
            boolean last = i == segments.size();
            double gap = last ? 0 : segments.get(i).start() - segments.get(i - 1).end();
            if (last || gap >= minPause) {
                double cutEnd = last ? segments.get(i - 1).end() + pad : segments.get(i - 1).end() + gap / 2;
                out.add(cut(s.id() + "-" + out.size(), segments.subList(first, i), cutStart, cutEnd));
                cutStart = cutEnd;
                first = i;
            }
        }
        return out;
    }

    private static Cut cut(String id, List<Segment> segments, double start, double end) {
        long[] b = Boundaries.of(new Utterance.Segmented(id, segments), Set.of(), false);
        long origin = Micros.of(start);
        for (int i = 0; i < b.length; i++) {
            b[i] -= origin;
        }
        return new Cut(id, b, end - start);
    }
}
