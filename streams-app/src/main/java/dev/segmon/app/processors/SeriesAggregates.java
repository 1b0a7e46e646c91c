package dev.segmon.app.processors;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.state.MinuteFigures;
import dev.segmon.app.state.OffsetBias;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.SignedOffsets;
import dev.segmon.app.state.Totals;
import dev.segmon.app.store.CommitFlushStore;
import dev.segmon.app.store.FixedWindows;
import dev.segmon.app.store.StoreSpec;
import dev.segmon.app.store.WriteBackStore;
import dev.segmon.app.wire.MinuteWindow;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.BoundaryCounts;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;

/**
 * The one aggregate of each (model, tier) — its {@link SeriesFigures} since the start — and of
 * each of its minutes of record time ({@link MinuteFigures}), for every measure at once, and the
 * rule by which records add to them: boundary decisions and closes are added up in place as
 * {@linkplain WriteBackStore.Pending pending changes} of the series' {@link WriteBackStore}, which
 * joins them at the next read and writes each changed aggregate once per commit; the pooled
 * series' also every {@link #WRITE_INTERVAL}, so {@code /metrics} sees a close within it
 * (docs/streaming.md, "One aggregate per series"; a slice's at the commit, docs/slices.md).
 */
public final class SeriesAggregates {
    /** How often changed pooled aggregates are written between commits: the delay they add to a score's visibility. */
    static final Duration WRITE_INTERVAL = Duration.ofMillis(50);
    /** Aggregates kept decoded: a task's series times the few minutes a record touches, with room. */
    static final int RECENT = 4096;

    /** One minute of record time of one series. */
    public static final class Minute {
        private Minute() {
        }

        public static FixedWindows.At<ModelTier> of(ModelTier series, long start) {
            return new FixedWindows.At<>(series, start);
        }
    }

    /** How long minutes are kept behind stream time: the last 24 h are served (docs/contract.md 3.3), and whole segments are dropped. */
    static final Duration MINUTE_RETENTION = Duration.ofHours(25);
    /** (model, tier) -> {@link SeriesFigures}: every measure's cumulative figures of a pooled series in one value. */
    public static final StoreSpec<KeyValueStore<ModelTier, SeriesFigures>> SERIES =
            StoreSpec.uncachedKeyValue("segmon-series", ModelTier.SERDE, SeriesFigures.SERDE);
    /** The same for the slice series ({@code --slice-keys}), apart: a read of the pooled series alone reads no slice's. */
    public static final StoreSpec<KeyValueStore<ModelTier, SeriesFigures>> SLICE_SERIES =
            StoreSpec.uncachedKeyValue("segmon-slice-series", ModelTier.SERDE, SeriesFigures.SERDE);
    /** Window store: (model, tier) x minute of record time -> {@link MinuteFigures}. */
    public static final StoreSpec<WindowStore<ModelTier, MinuteFigures>> MINUTES =
            StoreSpec.window("segmon-series-minutes", ModelTier.SERDE, MinuteFigures.SERDE, MINUTE_RETENTION, Duration.ofMinutes(1));
    static final List<StoreSpec<?>> STORES = List.of(SERIES, SLICE_SERIES, MINUTES);

    private final StoreSpec<CommitFlushStore> commitFlush;
    private WriteBackStore<ModelTier, SeriesFigures> series;
    private WriteBackStore<ModelTier, SeriesFigures> sliceSeries;
    private WriteBackStore<FixedWindows.At<ModelTier>, MinuteFigures> minutes;

    /** {@code commitFlush}: the task's store that writes the aggregates inside each commit. */
    SeriesAggregates(StoreSpec<CommitFlushStore> commitFlush) {
        this.commitFlush = commitFlush;
    }

    void init(ProcessorContext<Object, Object> context) {
        // Registered in this order, so that a commit joins the series' closes (which add to their minutes) before it writes the minutes.
        series = WriteBackStore.open(SERIES, context, commitFlush, RECENT, 0);
        sliceSeries = WriteBackStore.open(SLICE_SERIES, context, commitFlush, RECENT, 0);
        minutes = new WriteBackStore<>(new FixedWindows<>(MINUTES.open(context)), WriteBackStore.identity(), RECENT, 0);
        commitFlush.open(context).register(MINUTES.name(), minutes);
        context.schedule(WRITE_INTERVAL, PunctuationType.WALL_CLOCK_TIME, now -> writePooled());
    }

    /** The series' aggregate, or null when nothing was booked for it in this task. */
    public SeriesFigures series(ModelTier key) {
        return store(key).get(key);
    }

    /** The pooled series' aggregates, as a store (a scan of it sees every change). */
    KeyValueStore<ModelTier, SeriesFigures> pooled() {
        return series;
    }

    /** The minutes' aggregates, as a store keyed by (series, minute start). */
    KeyValueStore<FixedWindows.At<ModelTier>, MinuteFigures> minutes() {
        return minutes;
    }

    /** The minute's aggregate, or null. */
    MinuteFigures minute(ModelTier key, long start) {
        return minutes.get(Minute.of(key, start));
    }

    /** Adds {@code add} to the series' aggregate and, for the parts kept per minute, to the minute of {@code timestampMs}. */
    public void add(ModelTier key, SeriesFigures add, long timestampMs) {
        SeriesFigures old = series(key);
        store(key).put(key, old == null ? add : old.plus(add));
        addToMinute(key, MinuteWindow.minuteOf(timestampMs), MinuteFigures.of(add));
    }

    /**
     * Adds a closed utterance to a series, pooled or a slice: the books' {@code figures} (null:
     * none) with a {@link Totals} of its {@code counts} (null: none join at the close), its
     * {@code outcome} and {@code open} change, and to the minute of {@code timestampMs} its counts
     * with one closed utterance; added up in place until the series is next read or written.
     */
    void closed(ModelTier key, SeriesFigures figures, Outcome outcome, BoundaryCounts counts, long open, long timestampMs) {
        long start = MinuteWindow.minuteOf(timestampMs);
        SeriesChange change = store(key).pending(key, k -> new SeriesChange(k, start));
        if (!change.closes) {
            change.minuteStart = start; // decisions alone belong to no minute
        } else if (change.minuteStart != start) {
            series(key); // a new minute: the closes of the last one join their aggregates first
            change = store(key).pending(key, k -> new SeriesChange(k, start));
        }
        change.close(figures, outcome, counts, open);
    }

    /** Changes the series' boundary totals (zero when it had none). */
    void updateTotals(ModelTier key, UnaryOperator<Totals> f) {
        SeriesFigures base = orEmpty(series(key));
        store(key).put(key, base.withTotals(f.apply(base.totalsOrZero())));
    }

    /** Adds boundary decisions (counts and hit offsets, as in {@link Totals}) to the series' totals. */
    void decidedTotals(ModelTier key, BoundaryCounts counts, long[] offsetBuckets, long offsetSumMicros, SignedOffsets signed) {
        SeriesChange s = store(key).pending(key, k -> new SeriesChange(k, Long.MIN_VALUE));
        s.decided.add(counts);
        for (int i = 0; i < offsetBuckets.length; i++) {
            s.decided.offsetBuckets[i] += offsetBuckets[i];
        }
        s.decided.offsetSumMicros += offsetSumMicros;
        s.decided.signed = s.decided.signed.plus(signed);
    }

    /** One more open utterance in the series. */
    void opened(ModelTier key) {
        store(key).pending(key, k -> new SeriesChange(k, Long.MIN_VALUE)).decided.open++;
    }

    /** Adds boundary decisions and {@code closed} utterances to the minute's counts, with {@code hits} hits whose hyp - ref add up to {@code signedSumMicros}. */
    void decidedMinute(ModelTier key, long start, BoundaryCounts counts, long closed, long signedSumMicros, long hits) {
        MinuteChange m = minutes.pending(Minute.of(key, start), k -> new MinuteChange());
        m.decided.add(counts);
        m.decided.closed += closed;
        m.decided.signedSumMicros += signedSumMicros;
        m.decided.signedHits += hits;
    }

    /** Changes one minute's aggregate ({@link MinuteFigures#EMPTY} passed when it had none). */
    void updateMinute(ModelTier key, long start, UnaryOperator<MinuteFigures> f) {
        FixedWindows.At<ModelTier> at = Minute.of(key, start);
        MinuteFigures old = minutes.get(at);
        minutes.put(at, f.apply(old == null ? MinuteFigures.EMPTY : old));
    }

    /**
     * Writes the pooled series' aggregates and minutes changed since the last write; a slice's wait
     * for the commit: with slice keys most series are slices, and writing each at every interval
     * would cost a changelog record each.
     */
    void writePooled() {
        series.flushWhere(k -> true);
        minutes.flushWhere(m -> m.key().pooled());
    }

    /** Writes every changed aggregate now (inside the transaction, as the commit would). */
    void writeAll() {
        series.flush();
        sliceSeries.flush();
        minutes.flush();
    }

    private void addToMinute(ModelTier key, long start, MinuteFigures add) {
        if (!add.equals(MinuteFigures.EMPTY)) {
            updateMinute(key, start, m -> m.plus(add));
        }
    }

    private WriteBackStore<ModelTier, SeriesFigures> store(ModelTier key) {
        return key.pooled() ? series : sliceSeries;
    }

    private static SeriesFigures orEmpty(SeriesFigures v) {
        return v == null ? SeriesFigures.EMPTY : v;
    }

    private static final Outcome[] OUTCOMES = Outcome.values();

    /** Boundary counts, hit offsets, open and closed utterances, added up in place. */
    private static final class Decisions {
        long reference;
        long hypothesis;
        long referenceHits;
        long hypothesisHits;
        final long[] offsetBuckets = new long[Totals.OFFSET_BUCKETS.length];
        long offsetSumMicros;
        SignedOffsets signed = SignedOffsets.NONE;
        long closed;
        long open;
        long signedSumMicros;
        long signedHits;

        void add(BoundaryCounts c) {
            reference += c.reference();
            hypothesis += c.hypothesis();
            referenceHits += c.referenceHits();
            hypothesisHits += c.hypothesisHits();
        }

        BoundaryCounts counts() {
            return new BoundaryCounts(reference, hypothesis, referenceHits, hypothesisHits);
        }
    }

    /**
     * What a series' records added since it was last read: decisions as they were made, and the
     * closes of one minute (their books' figures summed, outcomes and counts added up), which
     * also add to that minute when they join.
     */
    private final class SeriesChange implements WriteBackStore.Pending<SeriesFigures> {
        final ModelTier key;
        long minuteStart;
        final Decisions decided = new Decisions();
        SeriesFigures figures;
        final long[] outcomes = new long[OUTCOMES.length];
        long closeOpen;
        final Decisions scored = new Decisions();
        boolean closes;

        SeriesChange(ModelTier key, long minuteStart) {
            this.key = key;
            this.minuteStart = minuteStart;
        }

        void close(SeriesFigures f, Outcome outcome, BoundaryCounts counts, long open) {
            closes = true;
            if (f != null) {
                figures = figures == null ? f : figures.plus(f);
            }
            outcomes[outcome.ordinal()]++;
            closeOpen += open;
            if (counts != null) {
                scored.add(counts);
                scored.closed++;
            }
        }

        @Override
        public SeriesFigures onto(SeriesFigures base) {
            SeriesFigures v = orEmpty(base);
            if (closes) {
                Map<Outcome, Long> closed = new EnumMap<>(Outcome.class);
                for (int i = 0; i < outcomes.length; i++) {
                    if (outcomes[i] > 0) {
                        closed.put(OUTCOMES[i], outcomes[i]);
                    }
                }
                Totals totals = new Totals(scored.counts(), new long[Totals.OFFSET_BUCKETS.length], 0, closed, closeOpen);
                SeriesFigures sum = (figures == null ? SeriesFigures.EMPTY : figures).withTotals(totals);
                v = v.plus(sum);
                addToMinute(key, minuteStart, MinuteFigures.of(sum));
                if (scored.closed > 0) {
                    decidedMinute(key, minuteStart, scored.counts(), scored.closed, 0, 0);
                }
            }
            if (decided.open != 0 || !decided.counts().equals(BoundaryCounts.ZERO) || decided.offsetSumMicros != 0) {
                Totals add = new Totals(decided.counts(), decided.offsetBuckets, decided.offsetSumMicros, Map.of(), decided.open, decided.signed);
                v = v.withTotals(v.totalsOrZero().plus(add));
            }
            return v;
        }
    }

    /** What a minute's records added since it was last read: decisions and closed utterances, and the hits' signed offsets. */
    private static final class MinuteChange implements WriteBackStore.Pending<MinuteFigures> {
        final Decisions decided = new Decisions();

        @Override
        public MinuteFigures onto(MinuteFigures base) {
            MinuteFigures x = base == null ? MinuteFigures.EMPTY : base;
            // MinuteCounts.plus marks the minute changed when the counts grew: the same for a sum of decisions as for each in turn.
            OffsetBias bias = decided.signedHits == 0 ? null : new OffsetBias(decided.signedSumMicros, decided.signedHits);
            return x.withCounts(x.countsOrZero().plus(decided.counts(), decided.closed)).plusBias(bias);
        }
    }
}
