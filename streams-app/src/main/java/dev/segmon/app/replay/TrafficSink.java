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
     * The end mark declaring whether a reference will follow ({@code reference} = {@code "expected"})
     * or none will ({@code "none"}), docs/contract.md 3.1. Sinks that cannot say it refuse it.
     */
    default void declaredEnd(String utterance, String model, String tier, String reference) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " carries no declarations");
    }

    /** The JSON of {@link #declaredEnd}: {@code {"utterance": ..., "model": ..., "tier": ..., "end": true, "reference": "none"}}. */
    static String declaredEndJson(String utterance, String model, String tier, String reference) {
        return dev.segmon.app.wire.RecordJson.write(g -> {
            g.writeStartObject();
            dev.segmon.app.wire.RecordJson.names(g, utterance, model, tier);
            g.writeBooleanField("end", true);
            g.writeStringField("reference", reference);
            g.writeEndObject();
        });
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
