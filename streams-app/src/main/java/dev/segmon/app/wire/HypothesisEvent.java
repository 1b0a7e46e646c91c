package dev.segmon.app.wire;

/**
 * A message of the hypotheses topic (docs/contract.md 3.1): boundary times (possibly none) and/or
 * the end mark of one (utterance, model, tier). Times are sorted. A message with {@code words}
 * carries them in {@code words} (sorted by start, end, word; null when the message had no
 * {@code words} field) and their distinct starts and ends in {@code times}. An end mark may carry
 * the audio's {@code duration} ({@link AudioDuration#ABSENT} when it did not) and the producer's
 * {@code declaration} of the reference ({@link Declaration#UNDECLARED} when it made none). Any
 * message may carry {@code labels} (string values; empty when it had none), the slices of
 * docs/slices.md.
 */
public record HypothesisEvent(String utterance, String model, String tier, double[] times, boolean end,
                              java.util.List<dev.segmon.model.alignment.Segment> words, AudioDuration duration,
                              Declaration declaration, java.util.Map<String, String> labels) implements InputEvent {

    /** A message without a declaration or labels. */
    public HypothesisEvent(String utterance, String model, String tier, double[] times, boolean end,
                           java.util.List<dev.segmon.model.alignment.Segment> words, AudioDuration duration) {
        this(utterance, model, tier, times, end, words, duration, Declaration.UNDECLARED, java.util.Map.of());
    }

    /** A message without labels. */
    public HypothesisEvent(String utterance, String model, String tier, double[] times, boolean end,
                           java.util.List<dev.segmon.model.alignment.Segment> words, AudioDuration duration,
                           Declaration declaration) {
        this(utterance, model, tier, times, end, words, duration, declaration, java.util.Map.of());
    }

    /** A message without a declaration. */
    public HypothesisEvent(String utterance, String model, String tier, double[] times, boolean end,
                           java.util.List<dev.segmon.model.alignment.Segment> words, AudioDuration duration,
                           java.util.Map<String, String> labels) {
        this(utterance, model, tier, times, end, words, duration, Declaration.UNDECLARED, labels);
    }

    /** This message with {@code declared} as its declaration: {@code {..., "end": true, "reference": "none"}}. */
    public HypothesisEvent declaring(Declaration declared) {
        return new HypothesisEvent(utterance, model, tier, times, end, words, duration, declared, labels);
    }

    /** This message carrying {@code labels}. */
    public HypothesisEvent withLabels(java.util.Map<String, String> l) {
        return new HypothesisEvent(utterance, model, tier, times, end, words, duration, declaration, java.util.Map.copyOf(l));
    }

    /** A message of bare times (no {@code words}) and no duration. */
    public HypothesisEvent(String utterance, String model, String tier, double[] times, boolean end) {
        this(utterance, model, tier, times, end, null, AudioDuration.ABSENT);
    }

    /** Words: {@code {"utterance": "u1", "model": "asr-v7", "tier": "word", "words": [{"start": 0.0, "end": 0.31, "word": "hi"}]}}. */
    public static HypothesisEvent words(String utterance, String model, String tier, java.util.List<dev.segmon.model.alignment.Segment> words) {
        return new HypothesisEvent(utterance, model, tier, Words.times(words), false, Words.sorted(words), AudioDuration.ABSENT);
    }

    /** One boundary: {@code {"utterance": "u1", "model": "asr-v7", "tier": "word", "time": 0.31}}. */
    public static HypothesisEvent boundary(String utterance, String model, String tier, double time) {
        return new HypothesisEvent(utterance, model, tier, new double[] {time}, false);
    }

    /** The end mark: {@code {"utterance": "u1", "model": "asr-v7", "tier": "word", "end": true}}. */
    public static HypothesisEvent end(String utterance, String model, String tier) {
        return new HypothesisEvent(utterance, model, tier, new double[0], true);
    }

    /** This message with the end mark (and the duration it carries) set as given. */
    public HypothesisEvent withEnd(boolean ended, AudioDuration duration) {
        return new HypothesisEvent(utterance, model, tier, times, ended, words, duration, declaration, labels);
    }

    /** The end mark with the audio's duration: {@code {..., "end": true, "duration": 3.2}}. */
    public static HypothesisEvent end(String utterance, String model, String tier, double durationSeconds) {
        return new HypothesisEvent(utterance, model, tier, new double[0], true, null, AudioDuration.of(durationSeconds));
    }

    /** The message: {@code time} for one boundary, {@code times} for several, {@code end} when set. */
    public String toJson() {
        return RecordJson.write(g -> {
            g.writeStartObject();
            RecordJson.names(g, utterance, model, tier);
            if (words != null) {
                g.writeArrayFieldStart("words");
                for (dev.segmon.model.alignment.Segment w : words) {
                    g.writeStartObject();
                    g.writeNumberField("start", w.start());
                    g.writeNumberField("end", w.end());
                    g.writeStringField("word", w.label());
                    g.writeEndObject();
                }
                g.writeEndArray();
            } else if (times.length == 1) {
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
                if (declaration.label() != null) {
                    g.writeStringField("reference", declaration.label());
                }
            }
            RecordJson.labels(g, labels);
            g.writeEndObject();
        });
    }

    /** Parses a record of the hypotheses topic; see {@link InputParser}. */
    public static InputEvent parse(byte[] key, byte[] value, java.util.Set<String> tiers) {
        return InputParser.hypothesis(key, value, tiers);
    }
}
