package dev.segmon.tools.bench;

import java.util.concurrent.locks.LockSupport;

/**
 * Sends whole utterances of a {@link RenderedCorpus} at a steady rate of records per second
 * (utterance i leaves no earlier than i x the mean records per utterance / rate after the start),
 * and notes the {@link System#nanoTime()} at which each utterance's reference, the record that
 * closes it, was handed to the producer. Only the utterances of a {@link ReferenceSample} get a
 * reference.
 */
public final class PacedTraffic {
    private final RenderedCorpus corpus;
    private final RenderedCorpus.Sink sink;
    private final double recordsPerSecond;
    private final double share;

    PacedTraffic(RenderedCorpus corpus, RenderedCorpus.Sink sink, double recordsPerSecond, double share) {
        if (!(recordsPerSecond > 0)) {
            throw new IllegalArgumentException("rate must be > 0");
        }
        this.corpus = corpus;
        this.sink = sink;
        this.recordsPerSecond = recordsPerSecond;
        this.share = share;
    }

    /** Nanoseconds between the starts of two utterances. */
    public long periodNanos() {
        return Math.round(corpus.corpus().meanRecordsPerUtterance(share) / recordsPerSecond * 1e9);
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
            Runnable timed = referenceNanos == null ? null : () -> referenceNanos[index] = System.nanoTime();
            records += corpus.send(sink, prefix, i, sample.referenced(i), timed);
            if (progress != null) {
                progress.sent(i, records);
            }
        }
    }
}
