package dev.segmon.app.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/** A sink that keeps every message as its JSON text, with the (fake) time it was sent at. */
public final class RecordingSink extends JsonTrafficSink {
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
    protected void send(boolean reference, String utterance, String json) {
        sent.add(new Sent(reference ? "r" : "h", utterance, json, clock.getAsLong()));
    }

    /** A message already rendered to UTF-8 bytes, as a Kafka sink takes it. */
    public void send(boolean reference, String utterance, byte[] json) {
        send(reference, utterance, new String(json, java.nio.charset.StandardCharsets.UTF_8));
    }
}
