package dev.segmon.app.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScores;
import java.time.Instant;

/** The JSON of a minute window (docs/contract.md 3.3), both ways: what instances send each other is the public format. */
final class Json {
    static final ObjectMapper MAPPER = dev.segmon.app.wire.Json.MAPPER;

    private Json() {
    }

    /**
     * The contract's fields, plus the ratios of the minute from {@link BoundaryCounts#scores()}
     * (null where a denominator is zero), so that the page never derives a ratio itself.
     */
    static ObjectNode window(MinuteWindow w) {
        BoundaryCounts c = w.counts();
        BoundaryScores s = c.scores();
        ObjectNode n = MAPPER.createObjectNode();
        n.put("start", Instant.ofEpochMilli(w.startMs()).toString());
        n.put("utterances", w.utterances());
        n.put("hits", c.hits());
        n.put("n_ref", c.reference());
        n.put("n_hyp", c.hypothesis());
        n.put("precision", s.precision());
        n.put("recall", s.recall());
        n.put("f1", s.f1());
        n.put("os", s.overSegmentation());
        n.put("r_value", s.rValue());
        return n;
    }

    /** The inverse of {@link #window} for the counts (the ratios are derived again from them). */
    static MinuteWindow window(com.fasterxml.jackson.databind.JsonNode n) {
        return new MinuteWindow(Instant.parse(n.get("start").asText()).toEpochMilli(), n.get("utterances").asLong(),
                BoundaryCounts.oneToOne(n.get("n_ref").asLong(), n.get("n_hyp").asLong(), n.get("hits").asLong()));
    }
}
