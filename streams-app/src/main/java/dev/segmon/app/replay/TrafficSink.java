package dev.segmon.app.replay;

import dev.segmon.app.wire.Declaration;
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
     * The end, with its duration ({@code NaN}: none) and the declaration of the utterance's
     * reference (docs/contract.md 3.1, {@code reference}). A sink that carries no declaration sends
     * the end without it.
     */
    default void end(String utterance, String model, String tier, double durationSeconds, Declaration declared) {
        end(utterance, model, tier, durationSeconds, declared, java.util.Map.of());
    }

    /**
     * The end with its duration ({@code NaN}: none), the declaration of the utterance's reference
     * and the utterance's {@code labels} (docs/slices.md); a sink that carries neither sends the
     * plain end.
     */
    default void end(String utterance, String model, String tier, double durationSeconds, Declaration declared,
                     java.util.Map<String, String> labels) {
        if (Double.isNaN(durationSeconds)) {
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

    /**
     * The whole reference with the utterance's reference-side {@code labels} (docs/slices.md); a
     * sink that carries none sends the reference without them.
     */
    default void reference(String utterance, String tier, List<Segment> segments, java.util.Map<String, String> labels) {
        reference(utterance, tier, segments);
    }
}
