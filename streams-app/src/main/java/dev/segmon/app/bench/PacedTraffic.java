package dev.segmon.app.bench;

import dev.segmon.app.replay.TrafficSink;
import dev.segmon.model.alignment.Segment;
import dev.segmon.app.wire.Declaration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Sends whole utterances of a {@link BenchCorpus} at a steady rate of records per second
 * (utterance i leaves no earlier than i x the mean records per utterance / rate after the start),
 * and notes the {@link System#nanoTime()} at which each utterance's reference, the record that
 * closes it, was handed to the producer. Only the utterances of a {@link ReferenceSample} get a
 * reference; with {@code declare} every end says whether one follows.
 */
public final class PacedTraffic {
    private final BenchCorpus corpus;
    private final TrafficSink sink;
    private final double recordsPerSecond;
    private final double share;
    private final boolean declare;

    /** Every utterance referenced, nothing declared. */
    public PacedTraffic(BenchCorpus corpus, TrafficSink sink, double recordsPerSecond) {
        this(corpus, sink, recordsPerSecond, 1, false);
    }

    public PacedTraffic(BenchCorpus corpus, TrafficSink sink, double recordsPerSecond, double share, boolean declare) {
        if (!(recordsPerSecond > 0)) {
            throw new IllegalArgumentException("rate must be > 0");
        }
        this.corpus = corpus;
        this.sink = sink;
        this.recordsPerSecond = recordsPerSecond;
        this.share = share;
        this.declare = declare;
    }

    /** Nanoseconds between the starts of two utterances. */
    public long periodNanos() {
        return Math.round(corpus.meanRecordsPerUtterance(share) / recordsPerSecond * 1e9);
    }

    /** Called after each utterance (index, records sent so far); e.g. to take samples. */
    public interface Progress {
        void sent(long index, long records);
    }

    /**
     * Sends the utterances of {@code sample} ({@code 0..n-1}) with ids from {@code prefix};
     * {@code referenceNanos} (may be null, else of length n) receives each reference's send time
     * at its utterance's index (0 where the utterance has none).
     */
    public void run(String prefix, ReferenceSample sample, long[] referenceNanos, Progress progress) {
        long count = sample.utterances();
        long period = periodNanos();
        long start = System.nanoTime();
        long records = 0;
        for (long i = 0; i < count; i++) {
            long due = start + i * period;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
            int index = (int) Math.min(i, Integer.MAX_VALUE);
            TrafficSink timed = referenceNanos == null ? sink : new TrafficSink() {
                @Override
                public void boundary(String utterance, String model, String tier, double time) {
                    sink.boundary(utterance, model, tier, time);
                }

                @Override
                public void words(String utterance, String model, String tier, List<Segment> words) {
                    sink.words(utterance, model, tier, words);
                }

                @Override
                public void end(String utterance, String model, String tier) {
                    sink.end(utterance, model, tier);
                }

                @Override
                public void end(String utterance, String model, String tier, double durationSeconds, Declaration declared) {
                    sink.end(utterance, model, tier, durationSeconds, declared);
                }

                @Override
                public void end(String utterance, String model, String tier, double durationSeconds, Declaration declared,
                                java.util.Map<String, String> labels) {
                    sink.end(utterance, model, tier, durationSeconds, declared, labels);
                }

                @Override
                public void reference(String utterance, String tier, List<Segment> segments) {
                    referenceNanos[index] = System.nanoTime();
                    sink.reference(utterance, tier, segments);
                }
            };
            records += corpus.send(timed, prefix, i, sample.referenced(i), declare);
            if (progress != null) {
                progress.sent(i, records);
            }
        }
    }
}
