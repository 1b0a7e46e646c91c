package dev.segmon.app.demo;

import dev.segmon.app.replay.TrafficSink;
import dev.segmon.model.alignment.Segment;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A sink that passes hypotheses on at once and each reference {@code delay} of wall-clock time
 * later, as references come from annotation or batch alignment hours after the hypotheses; with
 * it the demo shows the early over-segmentation estimate warn before the references confirm.
 * References are sent in the order they were given (one scheduler thread, equal delays).
 */
public final class DelayedReferences implements TrafficSink, AutoCloseable {
    private final TrafficSink sink;
    private final long delayNanos;
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "segmon-demo-delayed-references");
        t.setDaemon(true);
        return t;
    });

    public DelayedReferences(TrafficSink sink, Duration delay) {
        this.sink = sink;
        this.delayNanos = delay.toNanos();
    }

    @Override
    public void boundary(String utterance, String model, String tier, double time) {
        sink.boundary(utterance, model, tier, time);
    }

    @Override
    public void end(String utterance, String model, String tier) {
        sink.end(utterance, model, tier);
    }

    @Override
    public void end(String utterance, String model, String tier, double durationSeconds) {
        sink.end(utterance, model, tier, durationSeconds);
    }

    @Override
    public void end(String utterance, String model, String tier, double durationSeconds, String reference) {
        sink.end(utterance, model, tier, durationSeconds, reference);
    }

    @Override
    public void reference(String utterance, String tier, List<Segment> segments) {
        scheduler.schedule(() -> sink.reference(utterance, tier, segments), delayNanos, TimeUnit.NANOSECONDS);
    }

    /** Drops the references not yet sent. */
    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}
