package dev.segmon.app.replay;

import dev.segmon.model.alignment.Segment;
import java.util.List;

/**
 * Where the monitor's input messages (docs/contract.md 3.1) go: the Kafka topics for {@code segmon
 * replay} and {@code segmon demo}, a list in tests. Calls for one utterance keep their order.
 */
public interface TrafficSink {

    /** One hypothesis boundary, in seconds from the start of the utterance. */
    void boundary(String utterance, String model, String tier, double time);

    /**
     * Hypothesis words (docs/contract.md 3.1): their starts and ends are the boundaries, the words
     * the model's transcript. Sinks that only carry bare times refuse them.
     */
    default void words(String utterance, String model, String tier, List<Segment> words) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " carries no words");
    }

    /** The model's hypothesis for this utterance is complete. */
    void end(String utterance, String model, String tier);

    /** The end, with the seconds of audio that were decoded (docs/contract.md 3.1 {@code duration}). */
    default void end(String utterance, String model, String tier, double durationSeconds) {
        end(utterance, model, tier);
    }

    /** The {@code reference} an end may declare (docs/contract.md 3.1): a reference will follow. */
    String REFERENCE_EXPECTED = "expected";
    /** The {@code reference} an end may declare: no reference will follow. */
    String REFERENCE_NONE = "none";

    /**
     * The end with its duration and what the producer declares of the reference,
     * {@link #REFERENCE_EXPECTED} or {@link #REFERENCE_NONE}; a sink that carries no declaration
     * sends the end without it.
     */
    default void end(String utterance, String model, String tier, double durationSeconds, String reference) {
        end(utterance, model, tier, durationSeconds);
    }

    /** {@code endJson} (an end message's JSON object) with {@code "reference": reference} added. */
    static String declaring(String endJson, String reference) {
        if (!REFERENCE_EXPECTED.equals(reference) && !REFERENCE_NONE.equals(reference)) {
            throw new IllegalArgumentException("a reference declaration is expected or none, not " + reference);
        }
        return endJson.substring(0, endJson.lastIndexOf('}')) + ",\"reference\":\"" + reference + "\"}";
    }

    /**
     * The record time (epoch ms) of the messages that follow; sinks that stamp no time ignore it,
     * and without a call the Kafka producer stamps its clock at send.
     */
    default void recordTime(long epochMillis) {
    }

    /** The whole reference of an utterance, in one message marked final. */
    void reference(String utterance, String tier, List<Segment> segments);
}
