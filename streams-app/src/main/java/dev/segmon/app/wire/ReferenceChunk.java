package dev.segmon.app.wire;

import dev.segmon.model.alignment.Segment;
import java.util.List;

/**
 * A message of the references topic (docs/contract.md 3.1): segments of one (utterance, tier), and
 * whether it is the last chunk ({@code final}).
 */
public record ReferenceChunk(String utterance, String tier, List<Segment> segments, boolean last) implements InputEvent {

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
            g.writeEndObject();
        });
    }

    /** Parses a record of the references topic; see {@link InputParser}. */
    public static InputEvent parse(byte[] key, byte[] value, java.util.Set<String> tiers) {
        return InputParser.reference(key, value, tiers);
    }
}
