package dev.segmon.app.processors;

import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.ReferenceState;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.SignedOffsets;
import dev.segmon.app.state.Slice;
import dev.segmon.app.state.Totals;
import dev.segmon.app.state.WordList;
import dev.segmon.app.wire.Outcome;
import dev.segmon.app.wire.UtteranceScore;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryWords;
import dev.segmon.model.boundary.HitRule;
import dev.segmon.model.boundary.PairRule;
import dev.segmon.model.boundary.Tolerances;
import dev.segmon.model.boundary.IncrementalMatcher;
import dev.segmon.model.boundary.Unreferenced;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Matches a hypothesis against its reference as far as both have arrived, books what was decided
 * into the (model, tier) totals and the minute windows, and closes utterances: decides what is
 * left, emits the score to the scores sink, counts the outcome.
 */
final class UtteranceScorer {
    private final String scoresSink;
    private final Tolerances tolerances;
    private final HitRule hitRule;
    private final java.util.Set<String> ignoreLabels;
    private final long disorderMicros;
    private final SeriesTotals totals;
    private final MinuteWindows minutes;
    private final java.util.List<UtteranceBook> books;
    private final Unreferenced unreferenced;
    private final SliceLabels slices;
    private ProcessorContext<Object, Object> context;
    /** Wall time of each close, in milliseconds (see {@link #CLOSE_SCOPE}). */
    private Sensor closeLatency;
    /**
     * The stream thread's CPU time of one close in {@link #CPU_SAMPLE}, in milliseconds (see
     * {@link #CLOSE_SCOPE}).
     */
    private Sensor closeCpu;
    /**
     * Closes per CPU-time measurement: reading the thread's CPU clock is a system call, too dear on
     * every close (docs/performance.md); the mean stays unbiased, the max is the sample's.
     */
    static final int CPU_SAMPLE = 16;
    private long closes;
    /** The thread's CPU clock, when the JVM measures it: a close's own work, without the JVM's pauses its wall time holds. */
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
    private final boolean cpuClock = THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();

    /** The group of Kafka Streams' own close metrics, wall and CPU time per task (docs/contract.md appendix E). */
    static final String CLOSE_SCOPE = "segmon";

    /**
     * {@code tolerances} per tier; with {@link HitRule#LABEL} a pair is a hit only where the words
     * held beside it agree, {@code ignoreLabels} counting as no word on either side.
     */
    UtteranceScorer(String scoresSink, Tolerances tolerances, HitRule hitRule, java.util.Set<String> ignoreLabels, long disorderMicros,
                    SeriesTotals totals, MinuteWindows minutes, java.util.List<UtteranceBook> books, Unreferenced unreferenced,
                    SliceLabels slices) {
        this.books = books;
        this.slices = slices;
        this.unreferenced = unreferenced;
        this.scoresSink = scoresSink;
        this.tolerances = tolerances;
        this.hitRule = hitRule;
        this.ignoreLabels = java.util.Set.copyOf(ignoreLabels);
        this.disorderMicros = disorderMicros;
        this.totals = totals;
        this.minutes = minutes;
    }

    void init(ProcessorContext<Object, Object> context) {
        this.context = context;
        this.closeLatency = context.metrics().addLatencyRateTotalSensor(CLOSE_SCOPE, "task-" + context.taskId(), "close",
                Sensor.RecordingLevel.INFO);
        this.closeCpu = context.metrics().addLatencyRateTotalSensor(CLOSE_SCOPE, "task-" + context.taskId(), "close-cpu",
                Sensor.RecordingLevel.INFO);
    }

    /** Drops this task's close metrics (the processor is closed: task moved, revived or client stopped). */
    void close() {
        if (closeLatency != null) {
            context.metrics().removeSensor(closeLatency);
            context.metrics().removeSensor(closeCpu);
            closeLatency = null;
            closeCpu = null;
        }
    }

    /**
     * Decides what can be decided and books it; closes the utterance as {@link Outcome#SCORED} when
     * both sides are complete. Returns the state to store.
     */
    HypothesisState advance(HypothesisKey key, HypothesisState h, ReferenceState ref, long timestamp) {
        IncrementalMatcher m = h.matcher();
        long[] times = ref == null ? new long[0] : ref.boundaries().times();
        long frontier = ref == null ? Long.MIN_VALUE : ref.boundaries().frontier(disorderMicros);
        book(key, m, times, frontier, rule(h, ref), timestamp, 0, true);
        if (m.hypComplete() && ref != null && ref.boundaries().complete()) {
            return close(key, h, ref, Outcome.SCORED, timestamp);
        }
        return h;
    }

    /**
     * Finishes an utterance: decides everything left, emits its score, counts its outcome. An
     * unreferenced one (or one whose declared reference is missing) is scored (added to the totals, the minute and the books) only with
     * {@link Unreferenced#SCORE_EMPTY}; otherwise only its outcome is counted and the books are
     * told it closed unscored.
     */
    HypothesisState close(HypothesisKey key, HypothesisState h, ReferenceState ref, Outcome outcome, long timestamp) {
        long started = System.nanoTime();
        boolean sampled = cpuClock && closes++ % CPU_SAMPLE == 0;
        long startedCpu = sampled ? THREADS.getCurrentThreadCpuTime() : 0;
        IncrementalMatcher m = h.matcher();
        m.completeHypothesis();
        long[] times = ref == null ? new long[0] : ref.boundaries().times();
        boolean scored = !withoutReference(outcome) || unreferenced == Unreferenced.SCORE_EMPTY;
        book(key, m, times, Long.MAX_VALUE, rule(h, ref), timestamp, 1, scored);
        UtteranceScore score = new UtteranceScore(key.utterance(), key.model(), key.tier(), outcome, m.decided(), tolerances.seconds(key.tier()));
        context.forward(new Record<Object, Object>(key.utterance(), score.toJson(), timestamp), scoresSink);
        HypothesisState closed = new HypothesisState(m, context.currentSystemTimeMs(), h.lastRecordMs(), true, h.words(), h.declared());
        WordBook.Scored words = WordBook.score(outcome, h.words(), ref == null ? WordList.NONE : ref.labels());
        UtteranceBook.Closed event = new UtteranceBook.Closed(key, outcome, m.decided(), closed, ref, timestamp,
                words.counts(), words.timing());
        java.util.List<Slice> closedIn = slices.of(key);
        java.util.List<Slice> endedIn = slices.ofHypothesis(key);
        java.util.List<UtteranceBook.Closed> sliced = new java.util.ArrayList<>(closedIn.size());
        for (int i = 0; i < closedIn.size(); i++) {
            sliced.add(event.in(closedIn.get(i), endedIn.get(i)));
        }
        // Every book's figures added up once, then one aggregate change per series (docs/slices.md):
        // pooled, with the outcome and one open utterance less.
        SeriesFigures figures = figures(event, scored);
        totals.closed(key.series(), figures, outcome, null, -1, timestamp);
        for (UtteranceBook.Closed s : sliced) {
            bookSlice(s, figures, scored);
        }
        for (UtteranceBook b : books) {
            b.closed(event, sliced, scored);
        }
        slices.forget(key);
        closeLatency.record((System.nanoTime() - started) / 1e6);
        if (sampled) {
            closeCpu.record((THREADS.getCurrentThreadCpuTime() - startedCpu) / 1e6);
        }
        // The books have what they need of the transcript: it is not held past the close.
        return closed.withoutWords();
    }

    /** The sum of what every book adds to the closed utterance's series ({@link UtteranceBook#figures}), or null for nothing. */
    private SeriesFigures figures(UtteranceBook.Closed event, boolean scored) {
        SeriesFigures sum = null;
        for (UtteranceBook b : books) {
            SeriesFigures f = b.figures(event, scored);
            if (f != null) {
                sum = sum == null ? f : sum.plus(f);
            }
        }
        return sum;
    }

    /**
     * Books a closed utterance into one slice of its series (docs/slices.md), in one change of the
     * slice's aggregate: its final counts and outcome at the close, with the books' {@code figures}
     * (null: none). A slice has no open count and no hit-offset histogram: its counts join at the
     * close, not as they are decided.
     */
    private void bookSlice(UtteranceBook.Closed sliced, SeriesFigures figures, boolean scored) {
        totals.closed(sliced.key().series(), figures, sliced.outcome(), scored ? sliced.counts() : null, 0, sliced.timestampMs());
    }

    /** Whether {@code outcome} closes an utterance that got no reference: scored only with {@link Unreferenced#SCORE_EMPTY}. */
    static boolean withoutReference(Outcome outcome) {
        return outcome == Outcome.UNREFERENCED || outcome == Outcome.REFERENCE_MISSING;
    }

    /**
     * Which pairs are hits: every one, or with {@link HitRule#LABEL} those whose words agree, looked
     * up in the transcripts held (a pair is asked about once decided, when its words are final:
     * {@link IncrementalMatcher#advance(long[], long, long, long, PairRule, java.util.function.LongConsumer)}).
     */
    private PairRule rule(HypothesisState h, ReferenceState ref) {
        if (hitRule == HitRule.TIME) {
            return PairRule.ANY;
        }
        return BoundaryWords.rule(new BoundaryWords(h.words(), ignoreLabels),
                new BoundaryWords(ref == null ? WordList.NONE : ref.labels(), ignoreLabels));
    }

    /** Runs the matcher and, when {@code count}, adds what it decided (and {@code closed} utterances) to the totals and the minute. */
    private void book(HypothesisKey key, IncrementalMatcher m, long[] reference, long frontier, PairRule rule, long timestamp,
                      long closed, boolean count) {
        if (frontier == Long.MIN_VALUE && closed == 0) {
            return; // no reference seen yet: the matcher can decide nothing (IncrementalMatcher#advance)
        }
        long[] buckets = new long[Totals.OFFSET_BUCKETS.length];
        long[] sum = new long[2];
        long tolerance = tolerances.micros(key.tier());
        long[] signedBuckets = new long[SignedOffsets.FRACTIONS.length + 1];
        BoundaryCounts delta = m.advance(reference, frontier, tolerance, disorderMicros, rule, offset -> {
            buckets[Totals.offsetBucket(offset)]++;
            sum[0] += Math.abs(offset);
            signedBuckets[SignedOffsets.bucket(offset, tolerance)]++;
            sum[1] += offset;
        });
        if (!count || delta.equals(BoundaryCounts.ZERO) && closed == 0) {
            return;
        }
        if (!delta.equals(BoundaryCounts.ZERO)) {
            totals.decided(key.series(), delta, buckets, sum[0], new SignedOffsets(signedBuckets, sum[1], tolerance));
        }
        minutes.add(key.series(), timestamp, delta, closed, sum[1], delta.hits());
    }
}
