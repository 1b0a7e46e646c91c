package dev.segmon.app.replay;

import dev.segmon.app.wire.HypothesisEvent;
import dev.segmon.app.wire.ReferenceChunk;

import dev.segmon.model.alignment.Segment;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/** A sink that keeps every message as its JSON text, with the (fake) time it was sent at. */
public final class RecordingSink implements TrafficSink {
    /** One message: topic "h" (hypotheses) or "r" (references), key, JSON value, send time. */
    public record Sent(String topic, String key, String json, long nanos) {
    }

    private final LongSupplier clock;
    public final List<Sent> sent = new ArrayList<>();

    public RecordingSink(LongSupplier clock) {
        this.clock = clock;
    }

    public RecordingSink() {
        this(() -> 0L);
    }

    @Override
    public void boundary(String utterance, String model, String tier, double time) {
        sent.add(new Sent("h", utterance, HypothesisEvent.boundary(utterance, model, tier, time).toJson(), clock.getAsLong()));
    }

    @Override
    public void words(String utterance, String model, String tier, List<Segment> words) {
        sent.add(new Sent("h", utterance, HypothesisEvent.words(utterance, model, tier, words).toJson(), clock.getAsLong()));
    }

    @Override
    public void end(String utterance, String model, String tier) {
        sent.add(new Sent("h", utterance, HypothesisEvent.end(utterance, model, tier).toJson(), clock.getAsLong()));
    }

    @Override
    public void end(String utterance, String model, String tier, double durationSeconds) {
        sent.add(new Sent("h", utterance, HypothesisEvent.end(utterance, model, tier, durationSeconds).toJson(), clock.getAsLong()));
    }

    @Override
    public void end(String utterance, String model, String tier, double durationSeconds, dev.segmon.app.wire.Declaration declared,
                    java.util.Map<String, String> labels) {
        HypothesisEvent end = Double.isNaN(durationSeconds) ? HypothesisEvent.end(utterance, model, tier)
                : HypothesisEvent.end(utterance, model, tier, durationSeconds);
        sent.add(new Sent("h", utterance, end.declaring(declared).withLabels(labels).toJson(), clock.getAsLong()));
    }

    @Override
    public void reference(String utterance, String tier, List<Segment> segments) {
        reference(utterance, tier, segments, java.util.Map.of());
    }

    @Override
    public void reference(String utterance, String tier, List<Segment> segments, java.util.Map<String, String> labels) {
        sent.add(new Sent("r", utterance, new ReferenceChunk(utterance, tier, segments, true).withLabels(labels).toJson(), clock.getAsLong()));
    }
}
