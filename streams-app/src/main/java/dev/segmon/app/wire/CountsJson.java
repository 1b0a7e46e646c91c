package dev.segmon.app.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScores;
import java.io.IOException;

/** The counts and ratios every output record carries, ratios from {@link BoundaryCounts#scores()} only. */
final class CountsJson {
    private CountsJson() {
    }

    static void write(JsonGenerator g, BoundaryCounts c) throws IOException {
        BoundaryScores s = c.scores();
        g.writeNumberField("n_ref", c.reference());
        g.writeNumberField("n_hyp", c.hypothesis());
        g.writeNumberField("hits", c.hits());
        RecordJson.ratio(g, "precision", s.precision());
        RecordJson.ratio(g, "recall", s.recall());
        RecordJson.ratio(g, "f1", s.f1());
        RecordJson.ratio(g, "os", s.overSegmentation());
        RecordJson.ratio(g, "r_value", s.rValue());
    }
}
