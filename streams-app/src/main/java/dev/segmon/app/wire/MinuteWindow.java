package dev.segmon.app.wire;

import dev.segmon.model.boundary.BoundaryCounts;
import java.time.Instant;

/**
 * A record of the minute-window topic: what one (model, tier) decided in one minute of record
 * time. The last record of a key is the minute's total. Key {@code model|tier|startMs}; keys of the
 * value: model, tier, window_start, window_end (ISO-8601), n_ref, n_hyp, hits, precision, recall,
 * f1, os, r_value (docs/contract.md 3.1). The HTTP API's minute, which adds moments and word
 * errors across instances, is {@code web.MinuteTotals}.
 */
public record MinuteWindow(String model, String tier, long startMs, BoundaryCounts counts) {
    public static final long MINUTE_MS = 60_000L;

    /** The minute of record time a timestamp falls in. */
    public static long minuteOf(long timestampMs) {
        return Math.floorDiv(timestampMs, MINUTE_MS) * MINUTE_MS;
    }

    public String key() {
        return model + "|" + tier + "|" + startMs;
    }

    public String toJson() {
        return RecordJson.write(g -> {
            g.writeStartObject();
            g.writeStringField("model", model);
            g.writeStringField("tier", tier);
            g.writeStringField("window_start", Instant.ofEpochMilli(startMs).toString());
            g.writeStringField("window_end", Instant.ofEpochMilli(startMs + MINUTE_MS).toString());
            CountsJson.write(g, counts);
            g.writeEndObject();
        });
    }
}
