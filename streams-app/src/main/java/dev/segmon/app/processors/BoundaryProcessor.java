package dev.segmon.app.processors;

import dev.segmon.app.config.SliceValues;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.store.CommitFlushStore;
import dev.segmon.app.store.ExpiryIndex;
import dev.segmon.app.store.StoreSpec;
import dev.segmon.app.wire.HypothesisEvent;
import dev.segmon.app.wire.InputEvent;
import dev.segmon.app.wire.Outcome;
import dev.segmon.app.wire.ReferenceChunk;
import dev.segmon.model.Micros;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * The one processor, fed by both input topics (co-partitioned by utterance id): one task sees
 * every record of an utterance, from either side. It parses each record and hands it to its
 * parts, each with one job: {@link HypothesisInput}, {@link ReferenceInput},
 * {@link UtteranceExpiry}, {@link OpenStates}, {@link UtteranceScorer}, {@link SeriesTotals},
 * {@link MinuteWindows}, {@link DeadLetters}. Every figure it exports lives in a state store, so
 * that exactly-once processing keeps them exact through crashes and task migrations.
 *
 * <p>Expiry runs on WALL-CLOCK punctuation: stream time only advances when records arrive on this
 * task, so on a quiet partition a stream-time punctuator would never fire and an utterance whose
 * reference never comes would stay open for ever. Expired utterances are scored with what they
 * have and counted under their {@link Outcome}, never dropped silently.
 */
public final class BoundaryProcessor implements Processor<byte[], byte[], Object, Object> {
    /** The task's store that writes the open states and aggregates once per commit. */
    public static final StoreSpec<CommitFlushStore> COMMIT_FLUSH = StoreSpec.commitFlush("segmon-commit-flush");
    /** How often changed minute windows are emitted (wall clock). */
    static final java.time.Duration WINDOW_EMIT_INTERVAL = java.time.Duration.ofSeconds(1);
    /**
     * Most utterances the decoded view keeps per task: those open at once in one task, with room;
     * its heap cost is in docs/performance.md.
     */
    static final int DECODED_ENTRIES = 1024;
    /**
     * Most entries one task's {@link ExpiryIndex} holds (about 100 bytes each); past it the task
     * falls back to full passes until its states are back under half of it.
     */
    static final long EXPIRY_INDEX_CAPACITY = 1_000_000;
    /**
     * At most this many times (8 bytes each) in one stored state: a state is one changelog record,
     * and one over the producer's {@code max.request.size} would fail the stream thread on every retry.
     */
    public static final int MAX_HELD_TIMES = 100_000;

    /** The sinks the processor writes to, named by the topology. */
    public record Sinks(String scores, String minuteWindows, String deadLetters) {
    }

    private final MonitorConfig config;
    private final OpenStates states;
    private final SeriesAggregates aggregates;
    private final SeriesTotals totals;
    private final MinuteWindows minutes;
    private final DeadLetters deadLetters;
    private final UtteranceScorer scorer;
    private final HypothesisInput hypotheses;
    private final ReferenceInput references;
    private final UtteranceExpiry expiry;
    private final List<UtteranceBook> books;
    private final SliceLabels slices;
    private ProcessorContext<Object, Object> context;

    public BoundaryProcessor(MonitorConfig config, Sinks sinks) {
        this(config, sinks, List.of());
    }

    /** With {@code books} that keep figures per closed utterance (see {@link UtteranceBook}). */
    public BoundaryProcessor(MonitorConfig config, Sinks sinks, List<UtteranceBook> books) {
        this(config, sinks, books, new SliceValues(config.slices()));
    }

    /** With the instance's {@code sliceValues}, shared by its tasks (docs/slices.md). */
    public BoundaryProcessor(MonitorConfig config, Sinks sinks, List<UtteranceBook> books, SliceValues sliceValues) {
        this(config, sinks, books, EXPIRY_INDEX_CAPACITY, sliceValues);
    }

    /** {@code expiryIndexCapacity}: see {@link #EXPIRY_INDEX_CAPACITY} (tests use small ones). */
    BoundaryProcessor(MonitorConfig config, Sinks sinks, long expiryIndexCapacity) {
        this(config, sinks, List.of(), expiryIndexCapacity, new SliceValues(config.slices()));
    }

    private BoundaryProcessor(MonitorConfig config, Sinks sinks, List<UtteranceBook> books, long expiryIndexCapacity,
                              SliceValues sliceValues) {
        this.books = List.copyOf(books);
        this.config = config;
        long disorderMicros = Micros.of(config.maxDisorder());
        this.states = new OpenStates(COMMIT_FLUSH, DECODED_ENTRIES, expiryIndexCapacity);
        this.aggregates = new SeriesAggregates(COMMIT_FLUSH);
        this.totals = new SeriesTotals(aggregates);
        this.minutes = new MinuteWindows(aggregates, sinks.minuteWindows());
        this.deadLetters = new DeadLetters(sinks.deadLetters());
        Transcripts transcripts = new Transcripts(deadLetters, config.ignoreLabels(), disorderMicros);
        this.slices = new SliceLabels(sliceValues, COMMIT_FLUSH);
        this.scorer = new UtteranceScorer(sinks.scores(),
                new UtteranceScorer.Matching(config.tolerances(), config.hitRule(), config.ignoreLabels(), disorderMicros),
                totals, minutes, config.unreferenced(), new CloseFanOut(totals, this.books, slices));
        this.hypotheses = new HypothesisInput(states, totals, deadLetters, transcripts, scorer, this.books, disorderMicros,
                config.referenceMaxDelay().toMillis(), slices);
        this.references = new ReferenceInput(states, totals, deadLetters, transcripts, scorer, disorderMicros, slices);
        this.expiry = new UtteranceExpiry(states, totals, aggregates, scorer, config.expiryInterval(), config.referenceMaxDelay(), slices);
    }

    /** Every store the processor and {@code books} use, for the topology to build. */
    public static List<StoreSpec<?>> stores(List<UtteranceBook> books) {
        List<StoreSpec<?>> out = new ArrayList<>(OpenStates.STORES);
        out.addAll(SeriesAggregates.STORES);
        out.add(DeadLetters.COUNTS);
        out.add(ReferenceInput.CLOCK);
        out.add(SliceLabels.STORE);
        for (UtteranceBook b : books) {
            out.addAll(b.stores());
        }
        out.add(COMMIT_FLUSH);
        return List.copyOf(out);
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
        slices.init(context);
        hypotheses.init(context);
        references.init(context);
        for (UtteranceBook b : books) {
            b.init(context, aggregates);
        }
        context.schedule(config.expiryInterval(), PunctuationType.WALL_CLOCK_TIME, expiry::pass);
        context.schedule(WINDOW_EMIT_INTERVAL, PunctuationType.WALL_CLOCK_TIME, minutes::emit);
        context.schedule(SeriesAggregates.WRITE_INTERVAL, PunctuationType.WALL_CLOCK_TIME, now -> {
            expiry.slice(now);
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
            hypotheses.on(record, h);
        } else {
            references.on(record, (ReferenceChunk) event);
        }
        // The aggregates the record changed are written with SeriesAggregates' next write.
    }

    /** For tests: the expiry index of this task. */
    ExpiryIndex expiryIndex() {
        return states.index();
    }
}
