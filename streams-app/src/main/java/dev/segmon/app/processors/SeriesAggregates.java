package dev.segmon.app.processors;

import dev.segmon.app.store.CommitFlushStore;
import dev.segmon.app.store.StoreSpec;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.state.MinuteFigures;
import dev.segmon.app.state.OffsetBias;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.SignedOffsets;
import dev.segmon.app.state.Totals;
import dev.segmon.app.wire.MinuteWindow;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.BoundaryCounts;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;

/**
 * The one aggregate of each (model, tier) — its {@link SeriesFigures} since the start — and of
 * each of its minutes of record time ({@link MinuteFigures}), for every measure at once: the
 * boundary totals, the moments, word errors, the early estimate's sums and the comparisons.
 *
 * <p>What records add is gathered here and written inside every commit ({@link CommitFlushStore},
 * {@link #flush}), and the pooled series' also every {@link #WRITE_INTERVAL} ({@link #writePooled}),
 * so an aggregate a burst of records changed is encoded once (docs/streaming.md, "One aggregate per
 * series"). The two stores have no record cache (this view is one): {@code /metrics} sees a close
 * at the next write, in a slice at the next commit (docs/slices.md). A discarded commit
 * drops what was not written, and the task's restore starts from the stores.
 *
 * <p>Views of the aggregates used last save a store read per add, as {@link dev.segmon.app.store.UtteranceLog}'s does; only
 * this class writes the two stores, and its scans of them write the view first.
 */
public final class SeriesAggregates implements CommitFlushStore.Deferred {
    /** How often changed aggregates are written between commits: the delay they add to a score's visibility. */
    static final java.time.Duration WRITE_INTERVAL = java.time.Duration.ofMillis(50);
    /** Aggregates kept decoded: a task's series times the few minutes a record touches, with room. */
    static final int RECENT = 4096;

    record Minute(ModelTier series, long start) {
        // Written out: see Keys.HypothesisKey.
        @Override
        public boolean equals(Object o) {
            return o instanceof Minute m && start == m.start && series.equals(m.series);
        }

        @Override
        public int hashCode() {
            return 31 * series.hashCode() + Long.hashCode(start);
        }
    }

    /** How long minutes are kept behind stream time: the last 24 h are served (docs/contract.md 3.3), and whole segments are dropped. */
    static final Duration MINUTE_RETENTION = Duration.ofHours(25);
    /** (model, tier) -> {@link SeriesFigures}: every measure's cumulative figures of a pooled series in one value. */
    public static final StoreSpec<KeyValueStore<ModelTier, SeriesFigures>> SERIES =
            StoreSpec.uncachedKeyValue("segmon-series", ModelTier.SERDE, SeriesFigures.SERDE);
    /**
     * The same for the slice series ({@code --slice-keys}), apart from the pooled ones: what reads
     * the pooled series alone ({@code /metrics?slice=pooled}) then reads no slice's aggregate
     * (docs/performance.md, "Slice aggregates in a store of their own").
     */
    public static final StoreSpec<KeyValueStore<ModelTier, SeriesFigures>> SLICE_SERIES =
            StoreSpec.uncachedKeyValue("segmon-slice-series", ModelTier.SERDE, SeriesFigures.SERDE);
    /** Window store: (model, tier) x minute of record time -> {@link MinuteFigures}. */
    public static final StoreSpec<WindowStore<ModelTier, MinuteFigures>> MINUTES =
            StoreSpec.window("segmon-series-minutes", ModelTier.SERDE, MinuteFigures.SERDE, MINUTE_RETENTION, Duration.ofMinutes(1));
    static final List<StoreSpec<?>> STORES = List.of(SERIES, SLICE_SERIES, MINUTES);

    private final StoreSpec<CommitFlushStore> commitFlush;
    private KeyValueStore<ModelTier, SeriesFigures> series;
    private KeyValueStore<ModelTier, SeriesFigures> sliceSeries;
    private WindowStore<ModelTier, MinuteFigures> minutes;
    private final Map<ModelTier, SeriesFigures> recentSeries = lru();
    private final Map<Minute, MinuteFigures> recentMinutes = lru();
    /** Changed since the last flush, in order of first change. */
    private final Map<ModelTier, SeriesFigures> changedSeries = new LinkedHashMap<>();
    private final Map<Minute, MinuteFigures> changedMinutes = new LinkedHashMap<>();
    /**
     * Boundary decisions not yet in their series' aggregate, added up in place: adding each to the
     * immutable aggregate rebuilt it once per record (docs/performance.md). They join the aggregate
     * when it is next read or written, so every reader sees them.
     */
    private final Map<ModelTier, Decisions> decidedSeries = new HashMap<>();
    private final Map<Minute, Decisions> decidedMinutes = new HashMap<>();

    /** Boundary counts, hit offsets and closed utterances added up in place; what {@link #decided} adds. */
    private static final class Decisions {
        long reference;
        long hypothesis;
        long referenceHits;
        long hypothesisHits;
        final long[] offsetBuckets = new long[Totals.OFFSET_BUCKETS.length];
        long offsetSumMicros;
        SignedOffsets signed = SignedOffsets.NONE;
        long closed;
        /** Utterances opened ({@link Totals#open}). */
        long open;
        /** A minute's hit offsets: the sum of hyp - ref and the hits ({@link OffsetBias}). */
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
     * Closes not yet in their series' aggregate: their figures added up, in the minute they share,
     * joining the aggregate and the minute when either is next read or written. A close changes
     * its pooled series and each of its slices; adding it to each immutable aggregate rebuilt the
     * aggregate's totals every time, so the per-close work is one lookup and one sum of the books'
     * figures, the counts and outcomes added up in place into one {@link Totals} at the join
     * (docs/performance.md). The pooled series' join at each write, a slice's at the commit
     * ({@link #writePooled}).
     */
    private final Map<ModelTier, Closes> pendingCloses = new HashMap<>();

    private static final Outcome[] OUTCOMES = Outcome.values();

    private static final class Closes {
        final long minuteStart;
        /** The books' figures of the closes, null for none. */
        SeriesFigures figures;
        /** The closes by {@link Outcome}, by ordinal. */
        final long[] outcomes = new long[OUTCOMES.length];
        /** The change of the open utterances ({@link Totals#open}). */
        long open;
        /** The counts and number of the closes booked with counts: the aggregate's counts and the minute's. */
        final Decisions scored = new Decisions();

        Closes(long minuteStart) {
            this.minuteStart = minuteStart;
        }

        /** What the closes add to the aggregate: the books' figures with one {@link Totals} of their counts and outcomes. */
        SeriesFigures sum() {
            Map<Outcome, Long> closed = new EnumMap<>(Outcome.class);
            for (int i = 0; i < outcomes.length; i++) {
                if (outcomes[i] > 0) {
                    closed.put(OUTCOMES[i], outcomes[i]);
                }
            }
            Totals totals = new Totals(scored.counts(), new long[Totals.OFFSET_BUCKETS.length], 0, closed, open);
            return (figures == null ? SeriesFigures.EMPTY : figures).withTotals(totals);
        }
    }

    /** {@code commitFlush}: the task's store that writes the aggregates inside each commit. */
    SeriesAggregates(StoreSpec<CommitFlushStore> commitFlush) {
        this.commitFlush = commitFlush;
    }

    void init(ProcessorContext<Object, Object> context) {
        this.series = SERIES.open(context);
        this.sliceSeries = SLICE_SERIES.open(context);
        this.minutes = MINUTES.open(context);
        discard();
        commitFlush.open(context).register(SERIES.name(), this);
        context.schedule(WRITE_INTERVAL, PunctuationType.WALL_CLOCK_TIME, now -> writePooled());
    }

    /** The series' aggregate, or null when nothing was booked for it in this task. */
    public SeriesFigures series(ModelTier key) {
        Closes closes = pendingCloses.isEmpty() ? null : pendingCloses.remove(key);
        if (closes != null) {
            SeriesFigures sum = closes.sum();
            setSeries(key, orEmpty(held(key)).plus(sum));
            MinuteFigures perMinute = MinuteFigures.of(sum);
            if (!perMinute.equals(MinuteFigures.EMPTY)) {
                updateMinute(key, closes.minuteStart, m -> m.plus(perMinute));
            }
            Decisions m = closes.scored;
            if (m.closed > 0) {
                decidedMinute(key, closes.minuteStart, m.counts(), m.closed);
            }
        }
        Decisions d = decidedSeries.remove(key);
        if (d != null) {
            SeriesFigures base = orEmpty(held(key));
            Totals add = new Totals(d.counts(), d.offsetBuckets, d.offsetSumMicros, Map.of(), d.open, d.signed);
            SeriesFigures v = base.withTotals(base.totalsOrZero().plus(add));
            setSeries(key, v);
            return v;
        }
        return held(key);
    }

    /** The series' aggregate without the decisions not yet added to it. */
    private SeriesFigures held(ModelTier key) {
        SeriesFigures v = changedSeries.get(key);
        if (v == null) {
            v = recentSeries.get(key);
        }
        return v != null ? v : store(key).get(key);
    }

    /**
     * Adds {@code add} to the series' aggregate and, for the parts kept per minute, to the minute
     * of {@code timestampMs} (record time).
     */
    public void add(ModelTier key, SeriesFigures add, long timestampMs) {
        SeriesFigures old = series(key);
        setSeries(key, old == null ? add : old.plus(add));
        MinuteFigures perMinute = MinuteFigures.of(add);
        if (!perMinute.equals(MinuteFigures.EMPTY)) {
            updateMinute(key, MinuteWindow.minuteOf(timestampMs), m -> m.plus(perMinute));
        }
    }

    /**
     * Adds a closed utterance to a series, pooled or a slice, as {@link #add} would add the books'
     * {@code figures} (null: none) with a {@link Totals} of its {@code counts} (null: none),
     * {@code outcome} and {@code open} change, and as {@link #decidedMinute} would add
     * {@code counts} with one closed utterance to the minute of {@code timestampMs} (none when
     * null); added up until the series is next read or written.
     */
    void closed(ModelTier key, SeriesFigures figures, Outcome outcome, BoundaryCounts counts, long open, long timestampMs) {
        long start = MinuteWindow.minuteOf(timestampMs);
        Closes closes = pendingCloses.get(key);
        if (closes != null && closes.minuteStart != start) {
            series(key); // a new minute: the closes of the last one join their aggregates first
            closes = null;
        }
        if (closes == null) {
            closes = new Closes(start);
            pendingCloses.put(key, closes);
        }
        if (figures != null) {
            closes.figures = closes.figures == null ? figures : closes.figures.plus(figures);
        }
        closes.outcomes[outcome.ordinal()]++;
        closes.open += open;
        if (counts != null) {
            closes.scored.add(counts);
            closes.scored.closed++;
        }
    }

    /** Changes the series' boundary totals (zero when it had none). */
    void updateTotals(ModelTier key, UnaryOperator<Totals> f) {
        SeriesFigures base = orEmpty(series(key));
        setSeries(key, base.withTotals(f.apply(base.totalsOrZero())));
    }

    /**
     * Adds boundary decisions to the series' totals, as {@code updateTotals(key, t -> t.plus(...))}
     * would with these counts and hit offsets ({@code offsetBuckets}, {@code offsetSumMicros}: as
     * in {@link Totals}); added up in place until the aggregate is next read or written.
     */
    void decidedTotals(ModelTier key, BoundaryCounts counts, long[] offsetBuckets, long offsetSumMicros, SignedOffsets signed) {
        Decisions s = decidedSeries.computeIfAbsent(key, k -> new Decisions());
        s.add(counts);
        for (int i = 0; i < offsetBuckets.length; i++) {
            s.offsetBuckets[i] += offsetBuckets[i];
        }
        s.offsetSumMicros += offsetSumMicros;
        s.signed = s.signed.plus(signed);
    }

    /**
     * One more open utterance in the series, as {@code updateTotals(key, t -> t.withOpen(1))}
     * would; added up until the aggregate is next read or written: reading it for every new
     * utterance joined the closes added up since (docs/performance.md).
     */
    void opened(ModelTier key) {
        decidedSeries.computeIfAbsent(key, k -> new Decisions()).open++;
    }

    /**
     * Adds boundary decisions and {@code closed} utterances to the counts of the minute starting
     * at {@code start}, as {@link MinuteCounts#plus(BoundaryCounts, long)} would; added up in place
     * until the minute's aggregate is next read or written.
     */
    void decidedMinute(ModelTier key, long start, BoundaryCounts counts, long closed) {
        decidedMinute(key, start, counts, closed, 0, 0);
    }

    /** As {@link #decidedMinute(ModelTier, long, BoundaryCounts, long)}, with {@code hits} hits whose hyp - ref add up to {@code signedSumMicros}. */
    void decidedMinute(ModelTier key, long start, BoundaryCounts counts, long closed, long signedSumMicros, long hits) {
        Decisions m = decidedMinutes.computeIfAbsent(new Minute(key, start), k -> new Decisions());
        m.add(counts);
        m.closed += closed;
        m.signedSumMicros += signedSumMicros;
        m.signedHits += hits;
    }

    /** The minute's aggregate, or null. */
    MinuteFigures minute(ModelTier key, long start) {
        Closes closes = pendingCloses.isEmpty() ? null : pendingCloses.get(key);
        if (closes != null && closes.minuteStart == start) {
            series(key);
        }
        Minute m = new Minute(key, start);
        Decisions d = decidedMinutes.remove(m);
        if (d != null) {
            // MinuteCounts.plus marks the minute changed when the counts grew: the same for the sum
            // of several decisions as for each in turn, counts being non-negative.
            OffsetBias bias = d.signedHits == 0 ? null : new OffsetBias(d.signedSumMicros, d.signedHits);
            return updateHeld(m, x -> x.withCounts(x.countsOrZero().plus(d.counts(), d.closed)).plusBias(bias));
        }
        return held(m);
    }

    /** The minute's aggregate without the decisions not yet added to it. */
    private MinuteFigures held(Minute m) {
        MinuteFigures v = changedMinutes.get(m);
        if (v == null) {
            v = recentMinutes.get(m);
        }
        return v != null ? v : minutes.fetch(m.series(), m.start());
    }

    /** Changes one minute's aggregate ({@link MinuteFigures#EMPTY} passed when it had none); returns the new value. */
    MinuteFigures updateMinute(ModelTier key, long start, UnaryOperator<MinuteFigures> f) {
        minute(key, start); // the decisions not yet added, first
        return updateHeld(new Minute(key, start), f);
    }

    private MinuteFigures updateHeld(Minute m, UnaryOperator<MinuteFigures> f) {
        MinuteFigures old = held(m);
        MinuteFigures next = f.apply(old == null ? MinuteFigures.EMPTY : old);
        changedMinutes.put(m, next);
        recentMinutes.put(m, next);
        return next;
    }

    /** Writes every aggregate changed since the last write, once each. */
    @Override
    public void flush() {
        write(true);
    }

    /**
     * Writes the pooled series' aggregates and minutes changed since the last write; a slice's wait
     * for the commit: with slice keys most series are slices, each of the n + 1 changed on most
     * writes, and writing them at every interval cost a changelog record each (docs/performance.md).
     */
    void writePooled() {
        write(false);
    }

    private void write(boolean slices) {
        for (ModelTier key : List.copyOf(pendingCloses.keySet())) {
            if (slices || key.pooled()) {
                series(key);
            }
        }
        for (ModelTier key : List.copyOf(decidedSeries.keySet())) {
            series(key);
        }
        for (Minute m : List.copyOf(decidedMinutes.keySet())) {
            minute(m.series(), m.start());
        }
        if (changedSeries.isEmpty() && changedMinutes.isEmpty()) {
            return;
        }
        if (slices) {
            changedSeries.forEach((k, v) -> store(k).put(k, v));
            changedMinutes.forEach((m, v) -> minutes.put(m.series(), v, m.start()));
            changedSeries.clear();
            changedMinutes.clear();
            return;
        }
        for (var it = changedSeries.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (e.getKey().pooled()) {
                series.put(e.getKey(), e.getValue());
                it.remove();
            }
        }
        for (var it = changedMinutes.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (e.getKey().series().pooled()) {
                minutes.put(e.getKey().series(), e.getValue(), e.getKey().start());
                it.remove();
            }
        }
    }

    @Override
    public void discard() {
        pendingCloses.clear();
        decidedSeries.clear();
        decidedMinutes.clear();
        recentSeries.clear();
        recentMinutes.clear();
        changedSeries.clear();
        changedMinutes.clear();
    }

    /** The pooled series' store, for the one scan that lists a tier's models: every change written first. */
    KeyValueStore<ModelTier, SeriesFigures> seriesStore() {
        flush();
        return series;
    }

    /** The minutes store, for the scan of minutes not yet emitted at init: every change written first. */
    WindowStore<ModelTier, MinuteFigures> minutesStore() {
        flush();
        return minutes;
    }

    /** The store of a series' aggregate: the pooled series' or the slices'. */
    private KeyValueStore<ModelTier, SeriesFigures> store(ModelTier key) {
        return key.pooled() ? series : sliceSeries;
    }

    private static SeriesFigures orEmpty(SeriesFigures v) {
        return v == null ? SeriesFigures.EMPTY : v;
    }

    private void setSeries(ModelTier key, SeriesFigures v) {
        changedSeries.put(key, v);
        recentSeries.put(key, v);
    }

    private static <A, B> Map<A, B> lru() {
        return new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<A, B> eldest) {
                return size() > RECENT;
            }
        };
    }
}
