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

    /**
     * The end carrying the utterance's {@code labels} (docs/slices.md), with the audio's duration
     * unless {@code durationSeconds} is null; sinks that carry no labels send the plain end.
     */
    default void end(String utterance, String model, String tier, Double durationSeconds, java.util.Map<String, String> labels) {
        if (durationSeconds == null) {
            end(utterance, model, tier);
        } else {
            end(utterance, model, tier, durationSeconds);
        }
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
