package dev.segmon.app.wire;

import dev.segmon.model.alignment.Segment;
import java.util.List;

/**
 * A message of the references topic (docs/contract.md 3.1): segments of one (utterance, tier),
 * whether it is the last chunk ({@code final}), and the {@code labels} it carried (string values;
 * empty when it had none), the slices of docs/slices.md that the annotator knows.
 */
public record ReferenceChunk(String utterance, String tier, List<Segment> segments, boolean last, java.util.Map<String, String> labels)
        implements InputEvent {

    /** A chunk without labels. */
    public ReferenceChunk(String utterance, String tier, List<Segment> segments, boolean last) {
        this(utterance, tier, segments, last, java.util.Map.of());
    }

    /** This chunk carrying {@code labels}. */
    public ReferenceChunk withLabels(java.util.Map<String, String> l) {
        return new ReferenceChunk(utterance, tier, segments, last, java.util.Map.copyOf(l));
    }

    public String toJson() {
        return RecordJson.write(g -> {
            g.writeStartObject();
            g.writeStringField("utterance", utterance);
            g.writeStringField("tier", tier);
            g.writeArrayFieldStart("segments");
            for (Segment s : segments) {
                g.writeStartObject();
                g.writeNumberField("start", s.start());
                g.writeNumberField("end", s.end());
                g.writeStringField("label", s.label());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeBooleanField("final", last);
            RecordJson.labels(g, labels);
            g.writeEndObject();
        });
    }

    /** Parses a record of the references topic; see {@link InputParser}. */
    public static InputEvent parse(byte[] key, byte[] value, java.util.Set<String> tiers) {
        return InputParser.reference(key, value, tiers);
    }
}
