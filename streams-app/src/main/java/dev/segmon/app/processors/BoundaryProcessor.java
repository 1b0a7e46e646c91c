package dev.segmon.app.processors;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.HypothesisPart;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.UtteranceTier;
import dev.segmon.app.state.ReferencePart;
import dev.segmon.app.state.ReferenceState;
import dev.segmon.app.state.WordList;
import dev.segmon.app.wire.DeadLetterReason;
import dev.segmon.app.wire.HypothesisEvent;
import dev.segmon.app.wire.InputEvent;
import dev.segmon.app.wire.Outcome;
import dev.segmon.app.wire.ReferenceChunk;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.boundary.Admission;
import dev.segmon.model.boundary.IncrementalMatcher;
import dev.segmon.model.Micros;
import dev.segmon.model.boundary.ReferenceBoundaries;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The one processor, fed by both input topics (co-partitioned by utterance id): one task sees
 * every record of an utterance, from either side. It reads as on-hypothesis, on-reference and
 * advance; its parts each do one job: {@link OpenStates} (per-utterance states and which are due),
 * {@link UtteranceScorer} (matching, booking, closing), {@link SeriesTotals}, {@link MinuteWindows},
 * {@link DeadLetters}. Every figure it exports lives in a state store, so that exactly-once
 * processing keeps them exact through crashes and task migrations.
 *
 * <p>Expiry runs on WALL-CLOCK punctuation: stream time only advances when records arrive on this
 * task, so on a quiet partition a stream-time punctuator would never fire and an utterance whose
 * reference never comes would stay open for ever. Expired utterances are scored with what they
 * have and counted under their {@link Outcome}, never dropped silently.
 */
public final class BoundaryProcessor implements Processor<byte[], byte[], Object, Object> {
    /** How often changed minute windows are emitted (wall clock). */
    static final java.time.Duration WINDOW_EMIT_INTERVAL = java.time.Duration.ofSeconds(1);
    /**
     * Most utterances the decoded view keeps per task (each its reference and hypotheses): the
     * utterances open at once in one task, with room; a settled one leaves it when written. One
     * past it is rebuilt from its head and parts when next needed. With words the decoded states
     * were the largest part of the heap after GC in a soak (a reference holds its boundaries and
     * labels, and a decoded head its tail): 4 096 states per kind kept 90-104 MiB
     * (docs/performance.md).
     */
    static final int DECODED_ENTRIES = 1024;
    /**
     * Most entries one task's {@link ExpiryIndex} holds (~100 bytes each, so ~100 MB). Past it the
     * task falls back to a full pass over its states each expiry interval (slow with that many,
     * but bounded in memory) and indexes again once the states are back under half of it.
     */
    static final long EXPIRY_INDEX_CAPACITY = 1_000_000;
    /**
     * At most this many times (8 bytes each) in one stored state: the undecided boundaries of one
     * (utterance, tier, model), or the boundaries plus chunk spans of one reference. A state is
     * one changelog record, and a record over the producer's {@code max.request.size} (1 MB by
     * default) fails the stream thread on every retry; 100 000 times encode to about 800 kB.
     */
    public static final int MAX_HELD_TIMES = 100_000;
    /**
     * Fewest queued states a slice of expiry acts on (per task), so that a small queue drains at
     * once (and tests see a pass's effects at the pass).
     */
    static final int MIN_EXPIRY_SLICE = 256;

    private final MonitorConfig config;
    private final ProcessorNames names;
    private final long disorderMicros;
    private final long maxDelayMs;
    private final OpenStates states;
    private final SeriesAggregates aggregates;
    private final SeriesTotals totals;
    private final MinuteWindows minutes;
    private final DeadLetters deadLetters;
    private final UtteranceScorer scorer;
    private final Transcripts transcripts;
    private final List<UtteranceBook> books;
    private ProcessorContext<Object, Object> context;
    private KeyValueStore<String, Long> referenceClock;
    /** States each expiry slice acts on, set at each pass (see {@link #expire}). */
    private int slice = MIN_EXPIRY_SLICE;

    public BoundaryProcessor(MonitorConfig config, ProcessorNames names) {
        this(config, names, List.of());
    }

    /** With {@code books} that keep figures per closed utterance (see {@link UtteranceBook}). */
    public BoundaryProcessor(MonitorConfig config, ProcessorNames names, List<UtteranceBook> books) {
        this(config, names, books, EXPIRY_INDEX_CAPACITY);
    }

    /** {@code expiryIndexCapacity}: see {@link #EXPIRY_INDEX_CAPACITY} (tests use small ones). */
    BoundaryProcessor(MonitorConfig config, ProcessorNames names, long expiryIndexCapacity) {
        this(config, names, List.of(), expiryIndexCapacity);
    }

    private BoundaryProcessor(MonitorConfig config, ProcessorNames names, List<UtteranceBook> books, long expiryIndexCapacity) {
        this.books = List.copyOf(books);
        this.config = config;
        this.names = names;
        this.disorderMicros = Micros.of(config.maxDisorder());
        this.maxDelayMs = config.referenceMaxDelay().toMillis();
        this.states = new OpenStates(names.utterances(), names.referenceParts(), names.hypothesisParts(), names.commitFlush(),
                DECODED_ENTRIES, expiryIndexCapacity);
        this.aggregates = new SeriesAggregates(names.totals(), names.minuteWindows(), names.commitFlush());
        this.totals = new SeriesTotals(aggregates);
        this.minutes = new MinuteWindows(aggregates, names.minuteWindowsSink());
        this.deadLetters = new DeadLetters(names.deadLetterCounts(), names.deadLettersSink());
        this.transcripts = new Transcripts(deadLetters, config.ignoreLabels(), disorderMicros);
        this.scorer = new UtteranceScorer(names.scoresSink(), config.tolerance(), Micros.of(config.tolerance()), disorderMicros, totals, minutes, this.books);
    }

    @Override
    public void init(ProcessorContext<Object, Object> context) {
        this.context = context;
        states.init(context);
        aggregates.init(context);
        totals.init(context);
        minutes.init(context);
        deadLetters.init(context);
        scorer.init(context);
        for (UtteranceBook b : books) {
            b.init(context, aggregates);
        }
        this.referenceClock = context.getStateStore(names.referenceClock());
        context.schedule(config.expiryInterval(), PunctuationType.WALL_CLOCK_TIME, this::expire);
        context.schedule(WINDOW_EMIT_INTERVAL, PunctuationType.WALL_CLOCK_TIME, minutes::emit);
        context.schedule(SeriesAggregates.WRITE_INTERVAL, PunctuationType.WALL_CLOCK_TIME, now -> {
            expireSlice(now);
            states.writeSettled();
        });
    }

    @Override
    public void close() {
        scorer.close();
    }

    @Override
    public void process(Record<byte[], byte[]> record) {
        String topic = context.recordMetadata().map(m -> m.topic()).orElse(config.hypothesesTopic());
        InputEvent event = topic.equals(config.referencesTopic())
                ? ReferenceChunk.parse(record.key(), record.value(), config.tiers())
                : HypothesisEvent.parse(record.key(), record.value(), config.tiers());
        if (event instanceof InputEvent.Rejected bad) {
            deadLetters.send(record, bad.reason(), bad.model(), bad.tier(), bad.detail());
        } else if (event instanceof HypothesisEvent h) {
            onHypothesis(record, h);
        } else {
            onReference(record, (ReferenceChunk) event);
        }
        // The aggregates the record changed are written with the next write of SeriesAggregates
        // (every 50 ms and inside each commit).
    }

    private void onHypothesis(Record<byte[], byte[]> record, HypothesisEvent h) {
        HypothesisKey key = new HypothesisKey(h.utterance(), h.tier(), h.model());
        // One key object for the reference throughout: the view answers a repeated key object from memory.
        UtteranceTier refKey = key.reference();
        HypothesisState state = states.hypothesis(key);
        if (state != null && state.closed()) {
            deadLetters.send(record, h.end() && h.times().length == 0 ? DeadLetterReason.DUPLICATE : DeadLetterReason.AFTER_END,
                    h.model(), h.tier(), "utterance already scored");
            return;
        }
        // Words count in held units as times do (docs/contract.md 3.1: the limits extend to words).
        if ((state == null ? 0 : state.matcher().pendingCount() + state.words().heldUnits()) + h.times().length
                + Transcripts.heldUnits(h.words()) > MAX_HELD_TIMES) {
            deadLetters.send(record, DeadLetterReason.TOO_LARGE, h.model(), h.tier(), "more than " + MAX_HELD_TIMES + " undecided boundaries");
            return;
        }
        if (state == null) {
            state = HypothesisState.open();
            totals.update(key.series(), t -> t.withOpen(1));
            markHypothesized(refKey);
        }
        IncrementalMatcher m = state.matcher();
        WordList words = state.words();
        // What this record adds, appended to its tail (UtteranceLog, PartLog): the times the
        // matcher accepted and the words admitted.
        LongList accepted = new LongList();
        List<WordList.Word> taken = List.of();
        if (h.words() != null) {
            Transcripts.Admitted admitted = transcripts.admit(record, h, m, words, accepted);
            words = admitted.held();
            taken = admitted.taken();
        }
        for (double t : h.words() != null ? new double[0] : h.times()) {
            long micros = Micros.of(t);
            Admission a = m.offerHypothesis(micros, disorderMicros);
            if (a == Admission.ACCEPTED) {
                accepted.add(micros);
            } else {
                deadLetters.send(record, DeadLetterReason.of(a), h.model(), h.tier(), "time " + t);
            }
        }
        boolean endedNow = false;
        if (h.end()) {
            endedNow = m.completeHypothesis();
            if (!endedNow) {
                deadLetters.send(record, DeadLetterReason.DUPLICATE, h.model(), h.tier(), "second end");
            }
        }
        HypothesisState next = new HypothesisState(m, context.currentSystemTimeMs(), Math.max(state.lastRecordMs(), record.timestamp()), false, words);
        if (endedNow) {
            for (UtteranceBook b : books) {
                b.ended(key, next, h, record.timestamp());
            }
        }
        states.put(key, scorer.advance(key, next, states.reference(refKey), record.timestamp()),
                new HypothesisPart(accepted.toArray(), taken));
    }

    private void onReference(Record<byte[], byte[]> record, ReferenceChunk r) {
        UtteranceTier refKey = new UtteranceTier(r.utterance(), r.tier());
        ReferenceState state = states.reference(refKey);
        ReferenceBoundaries b = state == null ? new ReferenceBoundaries() : state.boundaries();
        List<Segment> segments = r.segments();
        WordList labels = state == null ? WordList.NONE : state.labels();
        if (b.times().length + b.spans().length + 2L * segments.size() + 2 + labels.heldUnits()
                + Transcripts.heldUnits(segments) > MAX_HELD_TIMES) {
            deadLetters.send(record, DeadLetterReason.TOO_LARGE, InputEvent.NO_MODEL, r.tier(),
                    "more than " + MAX_HELD_TIMES + " reference times and spans");
            return;
        }
        long[] starts = new long[segments.size()];
        long[] ends = new long[starts.length];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = Micros.of(segments.get(i).start());
            ends[i] = Micros.of(segments.get(i).end());
        }
        Admission a = b.offer(starts, ends, r.last(), disorderMicros);
        if (a != Admission.ACCEPTED) {
            deadLetters.send(record, DeadLetterReason.of(a), InputEvent.NO_MODEL, r.tier(), "reference chunk refused");
            return;
        }
        boolean hypothesized = state != null && state.hypothesized();
        List<HypothesisKey> open = new ArrayList<>();
        // This utterance's hypotheses, by one point lookup per model known on this tier, in model
        // order. Not a prefix scan: Kafka's RocksDB iterators have no upper bound, so when the
        // utterance's hypotheses were still in the record cache the seek skipped the tombstones of
        // every expired key after it, and a soak slowed down by 3x in five minutes (docs/performance.md).
        for (String model : totals.modelsOn(r.tier())) {
            HypothesisKey hk = refKey.of(model);
            HypothesisState h = states.hypothesis(hk);
            if (h != null) {
                hypothesized = true;
                if (!h.closed()) {
                    open.add(hk);
                }
            }
        }
        Transcripts.Admitted kept = transcripts.labels(labels, segments);
        ReferenceState next = new ReferenceState(b, context.currentSystemTimeMs(),
                Math.max(state == null ? 0 : state.lastRecordMs(), record.timestamp()), hypothesized, kept.held());
        // What this chunk adds, appended to the reference's tail (UtteranceLog): its times, span and labels.
        long[] times = new long[2 * starts.length];
        for (int i = 0; i < starts.length; i++) {
            times[2 * i] = starts[i];
            times[2 * i + 1] = ends[i];
        }
        long[] span = starts.length == 0 ? new long[0]
                : new long[] {java.util.Arrays.stream(starts).min().getAsLong(), java.util.Arrays.stream(ends).max().getAsLong()};
        states.put(refKey, next, new ReferencePart(times, span, kept.taken()));
        Long clock = referenceClock.get(r.tier());
        referenceClock.put(r.tier(), Math.max(clock == null ? 0 : clock, record.timestamp()));
        for (HypothesisKey hk : open) {
            HypothesisState h = states.hypothesis(hk);
            // A reference still streaming in keeps its hypotheses waiting (their expiry restarts).
            HypothesisState waiting = new HypothesisState(h.matcher(), next.lastWallMs(), h.lastRecordMs(), false, h.words());
            states.put(hk, scorer.advance(hk, waiting, next, record.timestamp()), null);
        }
    }

    /**
     * Wall-clock expiry (see the class comment for why wall clock). Hypotheses idle for
     * reference-max-delay are closed (unreferenced / timed_out); references are dropped
     * reference-max-delay after their last chunk, closing the matchers still open on them;
     * closed hypotheses are forgotten reference-max-delay after closing. Every expiry interval
     * queues the states that may be due, and they are acted on in even slices, one now and one
     * on each 50 ms tick until the next pass: the queue divided by the ticks in an interval
     * (at least {@link #MIN_EXPIRY_SLICE}), so that a pass spreads over its interval instead of
     * stopping the stream thread ({@link OpenStates#drainDue}). A fixed slice of 2 000 per tick
     * was measured worse than one pass: after a burst it took most of the thread for seconds.
     */
    private void expire(long now) {
        states.takeDue(now - maxDelayMs);
        long ticks = Math.max(1, config.expiryInterval().toMillis() / SeriesAggregates.WRITE_INTERVAL.toMillis());
        slice = (int) Math.max(MIN_EXPIRY_SLICE, Math.min(Integer.MAX_VALUE, (states.queuedDue() + ticks - 1) / ticks));
        expireSlice(now);
    }

    /** Acts on the next slice of queued states, due as of {@code now}. */
    private void expireSlice(long now) {
        long until = now - maxDelayMs; // a state last touched at or before this is due
        if (states.drainDue(until, slice, key -> expireHypothesis(key, until), key -> expireReference(key, until)) > 0) {
            aggregates.flush(); // what the closes added, on /metrics now
        }
    }

    private void expireHypothesis(HypothesisKey key, long until) {
        HypothesisState h = states.hypothesis(key);
        if (h == null || h.lastWallMs() > until) {
            return; // listed twice (a clock that stepped back) and already acted on
        }
        if (h.closed()) {
            states.delete(key);
        } else {
            ReferenceState ref = states.reference(key.reference());
            Outcome outcome = ref == null && h.matcher().hypComplete() ? Outcome.UNREFERENCED : Outcome.TIMED_OUT;
            states.putExpired(key, scorer.close(key, h, ref, outcome, h.lastRecordMs()));
        }
    }

    // References after hypotheses (drainDue's order): the hypotheses closed there are not closed a second time.
    private void expireReference(UtteranceTier key, long until) {
        ReferenceState r = states.reference(key);
        if (r == null || r.lastWallMs() > until) {
            return;
        }
        // The utterance's hypotheses by point lookups, as in onReference.
        for (String model : totals.modelsOn(key.tier())) {
            HypothesisKey hk = key.of(model);
            HypothesisState h = states.hypothesis(hk);
            if (h != null && !h.closed()) {
                states.put(hk, scorer.close(hk, h, r, Outcome.TIMED_OUT, h.lastRecordMs()), null);
            }
        }
        if (!r.hypothesized()) {
            totals.update(new ModelTier(InputEvent.NO_MODEL, key.tier()), t -> t.withOutcome(Outcome.UNHYPOTHESIZED));
        }
        states.delete(key);
    }

    private void markHypothesized(UtteranceTier refKey) {
        ReferenceState r = states.reference(refKey);
        if (r != null && !r.hypothesized()) {
            states.put(refKey, r.hypothesizedNow(), null);
        }
    }

    /** For tests: the expiry index of this task. */
    ExpiryIndex expiryIndex() {
        return states.index();
    }
}
