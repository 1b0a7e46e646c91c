package dev.segmon.app.wire;

/**
 * A message of the hypotheses topic (docs/contract.md 3.1): boundary times (possibly none) and/or
 * the end mark of one (utterance, model, tier). Times are sorted.
 */
public record HypothesisEvent(String utterance, String model, String tier, double[] times, boolean end,
                              AudioDuration duration) implements InputEvent {

    /** Without a duration. */
    public HypothesisEvent(String utterance, String model, String tier, double[] times, boolean end) {
        this(utterance, model, tier, times, end, AudioDuration.ABSENT);
    }

    /** One boundary: {@code {"utterance": "u1", "model": "asr-v7", "tier": "word", "time": 0.31}}. */
    public static HypothesisEvent boundary(String utterance, String model, String tier, double time) {
        return new HypothesisEvent(utterance, model, tier, new double[] {time}, false);
    }

    /** The end mark: {@code {"utterance": "u1", "model": "asr-v7", "tier": "word", "end": true}}. */
    public static HypothesisEvent end(String utterance, String model, String tier) {
        return new HypothesisEvent(utterance, model, tier, new double[0], true);
    }

    /** The end mark with the audio's duration: {@code {..., "end": true, "duration": 3.2}}. */
    public static HypothesisEvent end(String utterance, String model, String tier, double durationSeconds) {
        return new HypothesisEvent(utterance, model, tier, new double[0], true, AudioDuration.of(durationSeconds));
    }

    /** The message: {@code time} for one boundary, {@code times} for several, {@code end} when set. */
    public String toJson() {
        return Json.write(g -> {
            g.writeStartObject();
            Json.names(g, utterance, model, tier);
            if (times.length == 1) {
                g.writeNumberField("time", times[0]);
            } else if (times.length > 1) {
                g.writeArrayFieldStart("times");
                for (double t : times) {
                    g.writeNumber(t);
                }
                g.writeEndArray();
            }
            if (end) {
                g.writeBooleanField("end", true);
                if (duration.usable()) {
                    g.writeNumberField("duration", duration.seconds());
                }
            }
            g.writeEndObject();
        });
    }

    /** Parses a record of the hypotheses topic; see {@link InputParser}. */
    public static InputEvent parse(byte[] key, byte[] value, java.util.Set<String> tiers) {
        return InputParser.hypothesis(key, value, tiers);
    }
}
