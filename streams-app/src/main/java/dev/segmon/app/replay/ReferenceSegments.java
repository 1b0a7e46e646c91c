package dev.segmon.app.replay;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.boundary.Boundaries;
import dev.segmon.model.Micros;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A reference utterance as the segments of a reference message. Segmented input keeps its
 * segments (minus ignored labels); input given as boundary times becomes the segments between
 * consecutive boundaries, so that the message carries exactly the same boundary set (a lone
 * boundary becomes a zero-length segment, which still has that boundary as start and end).
 */
public final class ReferenceSegments {
    private ReferenceSegments() {
    }

    public static List<Segment> of(Utterance utterance, Set<String> ignoredLabels) {
        if (utterance instanceof Utterance.Segmented s) {
            List<Segment> kept = new ArrayList<>(s.segments().size());
            for (Segment segment : s.segments()) {
                if (!ignoredLabels.contains(segment.label())) {
                    kept.add(segment);
                }
            }
            return kept;
        }
        long[] times = Boundaries.of(utterance, Set.of(), false);
        if (times.length == 1) {
            return List.of(new Segment(Micros.seconds(times[0]), Micros.seconds(times[0]), ""));
        }
        List<Segment> between = new ArrayList<>(Math.max(0, times.length - 1));
        for (int i = 1; i < times.length; i++) {
            between.add(new Segment(Micros.seconds(times[i - 1]), Micros.seconds(times[i]), ""));
        }
        return between;
    }
}
