package dev.segmon.app.wire;

import dev.segmon.model.boundary.BoundaryCounts;

/**
 * A record of the scores topic: one utterance of one model, closed with its outcome. Keyed by
 * utterance id. Keys: utterance, model, tier, outcome, n_ref, n_hyp, hits, precision, recall, f1,
 * os, r_value, tolerance (docs/contract.md 3.1).
 */
public record UtteranceScore(String utterance, String model, String tier, Outcome outcome, BoundaryCounts counts, double tolerance) {

    public String toJson() {
        return RecordJson.write(g -> {
            g.writeStartObject();
            RecordJson.names(g, utterance, model, tier);
            g.writeStringField("outcome", outcome.label());
            CountsJson.write(g, counts);
            g.writeNumberField("tolerance", tolerance);
            g.writeEndObject();
        });
    }
}
