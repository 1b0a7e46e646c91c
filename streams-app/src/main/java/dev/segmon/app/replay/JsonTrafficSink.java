package dev.segmon.app.replay;

import dev.segmon.app.wire.Declaration;
import dev.segmon.app.wire.HypothesisEvent;
import dev.segmon.app.wire.ReferenceChunk;
import dev.segmon.model.alignment.Segment;
import java.util.List;
import java.util.Map;

/**
 * A sink that writes each message as the JSON of docs/contract.md 3.1 and hands it on with its
 * utterance (the record key) and side: one place that renders the input messages, for Kafka and
 * for whatever keeps them.
 */
public abstract class JsonTrafficSink implements TrafficSink {

    /** One message: {@code reference} is true for the references topic, false for the hypotheses'. */
    protected abstract void send(boolean reference, String utterance, String json);

    @Override
    public void boundary(String utterance, String model, String tier, double time) {
        send(false, utterance, HypothesisEvent.boundary(utterance, model, tier, time).toJson());
    }

    @Override
    public void words(String utterance, String model, String tier, List<Segment> words) {
        send(false, utterance, HypothesisEvent.words(utterance, model, tier, words).toJson());
    }

    @Override
    public void end(String utterance, String model, String tier) {
        send(false, utterance, HypothesisEvent.end(utterance, model, tier).toJson());
    }

    @Override
    public void end(String utterance, String model, String tier, double durationSeconds) {
        send(false, utterance, HypothesisEvent.end(utterance, model, tier, durationSeconds).toJson());
    }

    @Override
    public void end(String utterance, String model, String tier, double durationSeconds, Declaration declared,
                    Map<String, String> labels) {
        HypothesisEvent end = Double.isNaN(durationSeconds) ? HypothesisEvent.end(utterance, model, tier)
                : HypothesisEvent.end(utterance, model, tier, durationSeconds);
        send(false, utterance, end.declaring(declared).withLabels(labels).toJson());
    }

    @Override
    public void reference(String utterance, String tier, List<Segment> segments) {
        reference(utterance, tier, segments, Map.of());
    }

    @Override
    public void reference(String utterance, String tier, List<Segment> segments, Map<String, String> labels) {
        send(true, utterance, new ReferenceChunk(utterance, tier, segments, true).withLabels(labels).toJson());
    }
}
