package dev.segmon.app.processors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.processors.Events.Reason;
import dev.segmon.app.processors.States.Hypothesis;
import dev.segmon.app.processors.States.Reference;
import dev.segmon.app.processors.States.Totals;
import dev.segmon.app.topology.SegmonTopology;
import dev.segmon.model.boundary.Admission;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScores;
import dev.segmon.model.boundary.IncrementalMatcher;
import dev.segmon.model.boundary.Micros;
import dev.segmon.model.boundary.ReferenceBoundaries;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The one processor, fed by both input topics (co-partitioned by utterance id). It keeps every
 * figure it exports in state stores, so that exactly-once processing makes them exact through
 * crashes and task migrations: nothing is counted outside a store.
 *
 * <p>Per (utterance, tier) the reference so far; per (utterance, tier, model) an
 * {@link IncrementalMatcher} with its own cursor into that reference. Every arrival (either side)
 * advances the matchers concerned, adds the newly decided counts to the (model, tier) totals and
 * the (model, tier, minute) bucket, and once both sides are complete emits the utterance's score.
 *
 * <p>Expiry runs on WALL-CLOCK punctuation: stream time only advances when records arrive on this
 * task, so on a quiet partition a stream-time punctuator would never fire and an utterance whose
 * reference never comes would stay open for ever. Expired utterances are scored with what they
 * have and counted under their outcome, never dropped silently:
 * <ul>
 * <li>{@code scored}: both sides complete;</li>
 * <li>{@code unreferenced}: the hypothesis ended and no reference came within reference-max-delay;
 *     scored against an empty reference, as {@code eval boundaries} scores an unpaired utterance
 *     (every hypothesis boundary a false alarm, n_ref 0);</li>
 * <li>{@code timed_out}: a side never completed; scored against what had arrived;</li>
 * <li>{@code unhypothesized}: a reference expired with no hypothesis of any model (model "none").</li>
 * </ul>
 */
public final class BoundaryProcessor implements Processor<byte[], byte[], Object, Object> {
    public static final String SCORED = "scored";
    public static final String UNREFERENCED = "unreferenced";
    public static final String TIMED_OUT = "timed_out";
    public static final String UNHYPOTHESIZED = "unhypothesized";
    /** Minute buckets are kept this long behind the task's stream time. */
    static final long MINUTE_RETENTION_MS = 15 * 60_000L;
    /** How often changed minute buckets are emitted to segmon.metrics (wall clock). */
    static final java.time.Duration WINDOW_EMIT_INTERVAL = java.time.Duration.ofSeconds(1);

    /**
     * Most bytes of key, value and headers one dead letter carries. The copy of a record close to
     * Kafka's default 1 MB record limit (producer max.request.size 1 048 576, broker
     * message.max.bytes 1 048 588) plus the segmon.* headers would exceed it, and that failed send
     * stopped the stream thread, again after every restart. Such a copy is cut to fit and carries
     * a segmon.truncated header with the original value's length.
     */
    static final int DEAD_LETTER_MAX_BYTES = 1_000_000;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final MonitorConfig config;
    private final long toleranceMicros;
    private final long disorderMicros;
    private final long maxDelayMs;
    private ProcessorContext<Object, Object> context;
    /** Most decoded values each {@link DecodedStore} keeps: the utterances open at once in one task, with room. */
    static final int DECODED_ENTRIES = 4096;
    /**
     * Most entries one task's {@link ExpiryIndex} holds (~100 bytes each, so ~100 MB). Past it the
     * task falls back to a full pass over its states each expiry interval (slow with that many,
     * but bounded in memory) and indexes again once the states are back under half of it.
     */
    static final long EXPIRY_INDEX_CAPACITY = 1_000_000;
    private final long expiryIndexCapacity;

    private DecodedStore<Reference> references;
    private DecodedStore<Hypothesis> hypotheses;
    private DecodedStore<Totals> totals;
    private DecodedStore<States.Bucket> minutes;
    private KeyValueStore<String, byte[]> deadLetters;
    private ExpiryIndex expiry;
    private KeyValueStore<String, byte[]> referenceClock;
    /** The models with a totals entry, by tier (sorted): {@link #modelsOn}. Rebuilt from the store after init. */
    private final Map<String, java.util.SortedSet<String>> models = new HashMap<>();

    public BoundaryProcessor(MonitorConfig config) {
        this(config, EXPIRY_INDEX_CAPACITY);
    }

    /** {@code expiryIndexCapacity}: see {@link #EXPIRY_INDEX_CAPACITY} (tests use small ones). */
    BoundaryProcessor(MonitorConfig config, long expiryIndexCapacity) {
        this.expiryIndexCapacity = expiryIndexCapacity;
        this.config = config;
        this.toleranceMicros = Micros.of(config.tolerance());
        this.disorderMicros = Micros.of(config.maxDisorder());
        this.maxDelayMs = config.referenceMaxDelay().toMillis();
    }

    @Override
    public void init(ProcessorContext<Object, Object> context) {
        this.context = context;
        // New views on every init: see DecodedStore for why nothing decoded survives a revival.
        this.references = new DecodedStore<>(context.getStateStore(StoreNames.REFERENCES), States::decodeReference, States::encode, DECODED_ENTRIES);
        this.hypotheses = new DecodedStore<>(context.getStateStore(StoreNames.HYPOTHESES), States::decodeHypothesis, States::encode, DECODED_ENTRIES);
        this.totals = new DecodedStore<>(context.getStateStore(StoreNames.TOTALS), States::decodeTotals, States::encode, DECODED_ENTRIES);
        this.minutes = new DecodedStore<>(context.getStateStore(StoreNames.MINUTES), States::decodeBucket, States::encode, DECODED_ENTRIES);
        this.models.clear();
        this.deadLetters = context.getStateStore(StoreNames.DEAD_LETTERS);
        // Derived from the stores, so rebuilt from them on every init (see ExpiryIndex).
        indexStates();
        this.referenceClock = context.getStateStore(StoreNames.REFERENCE_CLOCK);
        context.schedule(config.expiryInterval(), PunctuationType.WALL_CLOCK_TIME, this::expire);
        context.schedule(WINDOW_EMIT_INTERVAL, PunctuationType.WALL_CLOCK_TIME, this::emitWindows);
    }

    @Override
    public void process(Record<byte[], byte[]> record) {
        String topic = context.recordMetadata().map(m -> m.topic()).orElse(config.hypothesesTopic());
        if (topic.equals(config.referencesTopic())) {
            Events.Parsed p = Events.reference(record.key(), record.value(), config.tiers());
            if (p instanceof Events.Bad bad) {
                deadLetter(record, bad.reason(), bad.model(), bad.tier(), bad.detail());
            } else {
                onReference(record, (Events.Reference) p);
            }
        } else {
            Events.Parsed p = Events.hypothesis(record.key(), record.value(), config.tiers());
            if (p instanceof Events.Bad bad) {
                deadLetter(record, bad.reason(), bad.model(), bad.tier(), bad.detail());
            } else {
                onHypothesis(record, (Events.Hypothesis) p);
            }
        }
    }

    private void onHypothesis(Record<byte[], byte[]> record, Events.Hypothesis h) {
        String key = States.key(h.utterance(), h.tier(), h.model());
        Hypothesis state = hypotheses.get(key);
        if (state != null && state.closed()) {
            deadLetter(record, h.end() && h.times().length == 0 ? Reason.DUPLICATE : Reason.AFTER_END,
                    h.model(), h.tier(), "utterance already scored");
            return;
        }
        if ((state == null ? 0 : state.matcher().pending().length) + h.times().length > States.MAX_HELD_TIMES) {
            deadLetter(record, Reason.TOO_LARGE, h.model(), h.tier(), "more than " + States.MAX_HELD_TIMES + " undecided boundaries");
            return;
        }
        if (state == null) {
            state = new Hypothesis(new IncrementalMatcher(), 0, 0, false);
            update(h.model(), h.tier(), t -> t.withOpen(1));
            markHypothesized(h.utterance(), h.tier());
        }
        IncrementalMatcher m = state.matcher();
        for (double t : h.times()) {
            Admission a = m.offerHypothesis(Micros.of(t), disorderMicros);
            if (a != Admission.ACCEPTED) {
                deadLetter(record, reason(a), h.model(), h.tier(), "time " + t);
            }
        }
        if (h.end() && !m.completeHypothesis()) {
            deadLetter(record, Reason.DUPLICATE, h.model(), h.tier(), "second end");
        }
        long now = context.currentSystemTimeMs();
        Hypothesis next = new Hypothesis(m, now, Math.max(state.lastRecordMs(), record.timestamp()), false);
        Reference ref = references.get(States.key(h.utterance(), h.tier()));
        putHypothesis(key, advance(h.utterance(), h.model(), h.tier(), next, ref, record.timestamp()));
    }

    private void onReference(Record<byte[], byte[]> record, Events.Reference r) {
        String refKey = States.key(r.utterance(), r.tier());
        Reference state = references.get(refKey);
        ReferenceBoundaries b = state == null ? new ReferenceBoundaries() : state.boundaries();
        long[] starts = new long[r.starts().length];
        long[] ends = new long[starts.length];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = Micros.of(r.starts()[i]);
            ends[i] = Micros.of(r.ends()[i]);
        }
        if (b.times().length + b.spans().length + 2L * starts.length + 2 > States.MAX_HELD_TIMES) {
            deadLetter(record, Reason.TOO_LARGE, Events.NO_MODEL, r.tier(), "more than " + States.MAX_HELD_TIMES + " reference times and spans");
            return;
        }
        Admission a = b.offer(starts, ends, r.last(), disorderMicros);
        if (a != Admission.ACCEPTED) {
            deadLetter(record, reason(a), Events.NO_MODEL, r.tier(), "reference chunk refused");
            return;
        }
        boolean hypothesized = state != null && state.hypothesized();
        List<KeyValue<String, Hypothesis>> open = new ArrayList<>();
        // This utterance's hypotheses, by one point lookup per model known on this tier (every model
        // with a hypothesis state has a totals entry, written first), in model order as a prefix
        // scan would give them. Not a prefix scan: Kafka's RocksDB iterators have no upper bound, so
        // when the utterance's hypotheses are still in the record cache the seek skipped the
        // tombstones of every expired key after it, and a soak slowed down by 3x in five minutes
        // (docs/performance.md).
        for (String model : modelsOn(r.tier())) {
            String key = States.key(r.utterance(), r.tier(), model);
            Hypothesis h = hypotheses.get(key);
            if (h != null) {
                hypothesized = true;
                if (!h.closed()) {
                    open.add(KeyValue.pair(key, h));
                }
            }
        }
        Reference next = new Reference(b, context.currentSystemTimeMs(),
                Math.max(state == null ? 0 : state.lastRecordMs(), record.timestamp()), hypothesized);
        putReference(refKey, next);
        String clockKey = r.tier();
        referenceClock.put(clockKey, States.encodeLong(Math.max(States.decodeLong(referenceClock.get(clockKey)), record.timestamp())));
        for (KeyValue<String, Hypothesis> kv : open) {
            String model = States.parts(kv.key)[2];
            // A reference still streaming in keeps its hypotheses waiting (their expiry restarts).
            Hypothesis waiting = new Hypothesis(kv.value.matcher(), next.lastWallMs(), kv.value.lastRecordMs(), false);
            putHypothesis(kv.key, advance(r.utterance(), model, r.tier(), waiting, next, record.timestamp()));
        }
    }

    /**
     * Decides what can be decided, books the decided counts, and scores the utterance when both
     * sides are complete. Returns the state to store.
     */
    private Hypothesis advance(String utterance, String model, String tier, Hypothesis h, Reference ref, long timestamp) {
        IncrementalMatcher m = h.matcher();
        long[] times = ref == null ? new long[0] : ref.boundaries().times();
        long frontier = ref == null ? Long.MIN_VALUE : ref.boundaries().frontier(disorderMicros);
        book(model, tier, m, times, frontier, timestamp);
        if (m.hypComplete() && ref != null && ref.boundaries().complete()) {
            return close(utterance, model, tier, h, SCORED, timestamp);
        }
        return h;
    }

    /** Runs the matcher and adds what it decided to the totals and the minute bucket. */
    private void book(String model, String tier, IncrementalMatcher m, long[] reference, long frontier, long timestamp) {
        long[] buckets = new long[States.OFFSET_BUCKETS.length];
        long[] sum = new long[1];
        BoundaryCounts delta = m.advance(reference, frontier, toleranceMicros, disorderMicros, offset -> {
            buckets[States.offsetBucket(offset)]++;
            sum[0] += Math.abs(offset);
        });
        if (delta.equals(BoundaryCounts.ZERO)) {
            return;
        }
        Totals add = new Totals(delta, buckets, sum[0], Map.of(), 0);
        update(model, tier, t -> t.plus(add));
        long minute = Math.floorDiv(timestamp, 60_000L) * 60_000L;
        String minuteKey = States.key(model, tier, hex16(minute));
        States.Bucket old = minutes.get(minuteKey);
        BoundaryCounts bucket = (old == null ? BoundaryCounts.ZERO : old.counts()).plus(delta);
        minutes.put(minuteKey, new States.Bucket(bucket, true));
    }

    /**
     * Emits every minute bucket that changed since the last emission to segmon.metrics, keyed by
     * (model, tier, minute): the last record per key is the minute's total. Buckets are filled by
     * record timestamp, so a replay fills the same buckets; the dirty flag lives in the store, so a
     * crash between a change and its emission still emits it after the restart.
     */
    private void emitWindows(long now) {
        List<KeyValue<String, States.Bucket>> dirty = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> it = minutes.store().all()) {
            while (it.hasNext()) {
                KeyValue<String, byte[]> kv = it.next();
                States.Bucket b = States.decodeBucket(kv.value);
                if (b.dirty()) {
                    dirty.add(KeyValue.pair(kv.key, b));
                }
            }
        }
        for (KeyValue<String, States.Bucket> kv : dirty) {
            String[] k = States.parts(kv.key);
            long minute = Long.parseUnsignedLong(k[2], 16);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("model", k[0]);
            out.put("tier", k[1]);
            out.put("window_start", Instant.ofEpochMilli(minute).toString());
            out.put("window_end", Instant.ofEpochMilli(minute + 60_000L).toString());
            putCounts(out, kv.value.counts());
            forward(SegmonTopology.METRICS_SINK, k[0] + "|" + k[1] + "|" + minute, out, minute);
            minutes.put(kv.key, new States.Bucket(kv.value.counts(), false));
        }
    }

    /** Fixed-width hex, so that the store's byte order is the minutes' order. */
    private static String hex16(long minute) {
        String h = Long.toHexString(minute);
        return "0000000000000000".substring(h.length()) + h;
    }

    /** Finishes an utterance: decides everything left, emits its score, counts its outcome. */
    private Hypothesis close(String utterance, String model, String tier, Hypothesis h, String outcome, long timestamp) {
        IncrementalMatcher m = h.matcher();
        m.completeHypothesis();
        Reference ref = references.get(States.key(utterance, tier));
        long[] times = ref == null ? new long[0] : ref.boundaries().times();
        book(model, tier, m, times, Long.MAX_VALUE, timestamp);
        update(model, tier, t -> t.withOutcome(outcome).withOpen(-1));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("utterance", utterance);
        out.put("model", model);
        out.put("tier", tier);
        out.put("outcome", outcome);
        putCounts(out, m.decided());
        out.put("tolerance", config.tolerance());
        forward(SegmonTopology.SCORES_SINK, utterance, out, timestamp);
        return new Hypothesis(m, context.currentSystemTimeMs(), h.lastRecordMs(), true);
    }

    private static void putCounts(Map<String, Object> out, BoundaryCounts c) {
        BoundaryScores s = c.scores();
        out.put("n_ref", c.reference());
        out.put("n_hyp", c.hypothesis());
        out.put("hits", c.hits());
        out.put("precision", s.precision());
        out.put("recall", s.recall());
        out.put("f1", s.f1());
        out.put("os", s.overSegmentation());
        out.put("r_value", s.rValue());
    }

    /**
     * Wall-clock expiry (see the class comment for why wall clock). Hypotheses idle for
     * reference-max-delay are closed (unreferenced / timed_out); references are dropped
     * reference-max-delay after their last chunk, closing the matchers still open on them;
     * closed hypotheses are forgotten reference-max-delay after closing.
     *
     * <p>Only the states the {@link ExpiryIndex} files under buckets that may be due are read: a
     * pass over every state stalled the stream thread in proportion to the state kept.
     */
    private void expire(long now) {
        long until = now - maxDelayMs; // a state last touched at or before this is due
        List<String> dueHypotheses = new ArrayList<>();
        List<String> dueReferences = new ArrayList<>();
        long kept = -1;
        if (expiry.overflowed()) {
            // More states than the index may hold: the full pass, each time read in place.
            kept = scanDue(hypotheses.store(), States::hypothesisLastWallMs, until, dueHypotheses)
                    + scanDue(references.store(), States::referenceLastWallMs, until, dueReferences);
        } else {
            for (ExpiryIndex.Entry e : expiry.takeUpTo(until)) {
                boolean hypothesis = e.kind() == ExpiryIndex.HYPOTHESIS;
                Long wall = hypothesis ? wallOf(hypotheses.get(e.key())) : wallOf(references.get(e.key()));
                if (wall == null || ExpiryIndex.bucket(wall) != e.bucket()) {
                    continue; // the state is gone, or was written in a later bucket since (filed there)
                }
                if (wall > until) {
                    expiry.file(e); // the last, partly passed bucket: not due yet
                    continue;
                }
                (hypothesis ? dueHypotheses : dueReferences).add(e.key());
            }
        }
        for (String key : dueHypotheses) {
            Hypothesis h = hypotheses.get(key);
            if (h == null || h.lastWallMs() > until) {
                continue; // listed twice (a clock that stepped back) and already acted on
            }
            String[] k = States.parts(key);
            if (h.closed()) {
                hypotheses.delete(key);
            } else {
                boolean noReference = references.get(States.key(k[0], k[1])) == null;
                String outcome = noReference && h.matcher().hypComplete() ? UNREFERENCED : TIMED_OUT;
                Hypothesis closed = close(k[0], k[2], k[1], h, outcome, h.lastRecordMs());
                hypotheses.put(key, closed);
                // Its entries were all taken above (they lie in buckets up to this one): file it anew.
                expiry.touched(ExpiryIndex.HYPOTHESIS, key, null, closed.lastWallMs());
            }
        }
        // References after hypotheses: the hypotheses closed above are not closed a second time.
        for (String key : dueReferences) {
            Reference r = references.get(key);
            if (r == null || r.lastWallMs() > until) {
                continue;
            }
            String[] k = States.parts(key);
            // The utterance's hypotheses by point lookups, as in onReference (no prefix scan: RocksDB
            // seeks walk the tombstones of the states just deleted).
            for (String model : modelsOn(k[1])) {
                String hk = States.key(k[0], k[1], model);
                Hypothesis h = hypotheses.get(hk);
                if (h != null && !h.closed()) {
                    putHypothesis(hk, close(k[0], model, k[1], h, TIMED_OUT, h.lastRecordMs()));
                }
            }
            if (!r.hypothesized()) {
                update(Events.NO_MODEL, k[1], t -> t.withOutcome(UNHYPOTHESIZED));
            }
            references.delete(key);
        }
        if (kept >= 0 && kept <= expiry.capacity() / 2) {
            indexStates(); // back under the index's capacity, with room: index again
        }
        long horizon = context.currentStreamTimeMs() - MINUTE_RETENTION_MS;
        List<String> old = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> it = minutes.store().all()) {
            while (it.hasNext()) {
                KeyValue<String, byte[]> kv = it.next();
                if (Long.parseUnsignedLong(States.parts(kv.key)[2], 16) < horizon && !States.decodeBucket(kv.value).dirty()) {
                    old.add(kv.key);
                }
            }
        }
        old.forEach(minutes::delete);
    }

    /**
     * The models with state on this tier in this task, sorted: the (model, tier) keys of the totals
     * store. Read from the store once per tier after init, then kept up to date by {@link #update},
     * which writes every new totals key (a scan of the store for every reference record was a
     * RocksDB iterator per record).
     */
    private java.util.SortedSet<String> modelsOn(String tier) {
        java.util.SortedSet<String> known = models.get(tier);
        if (known == null) {
            known = new java.util.TreeSet<>();
            try (KeyValueIterator<String, byte[]> it = totals.store().all()) {
                while (it.hasNext()) {
                    String[] k = States.parts(it.next().key);
                    if (k.length == 2 && k[1].equals(tier)) {
                        known.add(k[0]);
                    }
                }
            }
            models.put(tier, known);
        }
        return known;
    }

    /** A new expiry index of every hypothesis and reference state in the stores. */
    private void indexStates() {
        expiry = new ExpiryIndex(expiryIndexCapacity);
        expiry.fileAll(ExpiryIndex.HYPOTHESIS, hypotheses.store(), States::hypothesisLastWallMs);
        expiry.fileAll(ExpiryIndex.REFERENCE, references.store(), States::referenceLastWallMs);
    }

    /** Adds the keys of the states due at {@code until} to {@code due}, reading each time in place; returns how many states there are. */
    private static long scanDue(KeyValueStore<String, byte[]> store, java.util.function.ToLongFunction<byte[]> wallMs, long until, List<String> due) {
        long n = 0;
        try (KeyValueIterator<String, byte[]> it = store.all()) {
            while (it.hasNext()) {
                KeyValue<String, byte[]> kv = it.next();
                n++;
                if (wallMs.applyAsLong(kv.value) <= until) {
                    due.add(kv.key);
                }
            }
        }
        return n;
    }

    private static Long wallOf(Hypothesis h) {
        return h == null ? null : h.lastWallMs();
    }

    private static Long wallOf(Reference r) {
        return r == null ? null : r.lastWallMs();
    }

    /** For tests: the expiry index of this task. */
    ExpiryIndex expiryIndex() {
        return expiry;
    }

    private void putHypothesis(String key, Hypothesis h) {
        Hypothesis old = hypotheses.get(key);
        hypotheses.put(key, h);
        expiry.touched(ExpiryIndex.HYPOTHESIS, key, old == null ? null : old.lastWallMs(), h.lastWallMs());
    }

    private void putReference(String key, Reference r) {
        Reference old = references.get(key);
        references.put(key, r);
        expiry.touched(ExpiryIndex.REFERENCE, key, old == null ? null : old.lastWallMs(), r.lastWallMs());
    }

    private void markHypothesized(String utterance, String tier) {
        String refKey = States.key(utterance, tier);
        Reference r = references.get(refKey);
        if (r != null && !r.hypothesized()) {
            putReference(refKey, new Reference(r.boundaries(), r.lastWallMs(), r.lastRecordMs(), true));
        }
    }

    private void update(String model, String tier, java.util.function.UnaryOperator<Totals> f) {
        String key = States.key(model, tier);
        Totals old = totals.get(key);
        totals.put(key, f.apply(old == null ? Totals.ZERO : old));
        if (old == null) {
            modelsOn(tier).add(model);
        }
    }

    private static String reason(Admission a) {
        return switch (a) {
            case LATE -> Reason.LATE;
            case DUPLICATE -> Reason.DUPLICATE;
            case AFTER_END -> Reason.AFTER_END;
            case OVERLAP -> Reason.OVERLAP;
            case ACCEPTED -> throw new IllegalArgumentException("accepted is no reason");
        };
    }

    /** The original key and bytes, the reason in headers; counted in the dead-letter store. */
    private void deadLetter(Record<byte[], byte[]> record, String reason, String model, String tier, String detail) {
        String countKey = States.key(reason, model, tier);
        deadLetters.put(countKey, States.encodeLong(States.decodeLong(deadLetters.get(countKey)) + 1));
        RecordHeaders headers = new RecordHeaders();
        headers.add("segmon.reason", reason.getBytes(StandardCharsets.UTF_8));
        headers.add("segmon.detail", detail.getBytes(StandardCharsets.UTF_8));
        context.recordMetadata().ifPresent(m -> {
            headers.add("segmon.source.topic", m.topic().getBytes(StandardCharsets.UTF_8));
            headers.add("segmon.source.partition", Integer.toString(m.partition()).getBytes(StandardCharsets.UTF_8));
            headers.add("segmon.source.offset", Long.toString(m.offset()).getBytes(StandardCharsets.UTF_8));
        });
        byte[] key = record.key();
        byte[] value = record.value();
        int size = length(key) + length(value);
        for (Header h : headers) {
            size += h.key().length() + length(h.value());
        }
        if (size > DEAD_LETTER_MAX_BYTES) {
            // Room for this header too; the value is cut first, the key only if it alone is too long.
            byte[] original = Integer.toString(length(value)).getBytes(StandardCharsets.UTF_8);
            headers.add("segmon.truncated", original);
            int over = size + "segmon.truncated".length() + original.length - DEAD_LETTER_MAX_BYTES;
            int cutValue = Math.min(over, length(value));
            value = value == null ? null : Arrays.copyOf(value, value.length - cutValue);
            key = key == null ? null : Arrays.copyOf(key, key.length - Math.min(over - cutValue, key.length));
        }
        context.forward(new Record<Object, Object>(key, value, record.timestamp(), headers), SegmonTopology.DEAD_LETTERS_SINK);
    }

    private static int length(byte[] b) {
        return b == null ? 0 : b.length;
    }

    private void forward(String sink, String key, Map<String, Object> value, long timestamp) {
        try {
            context.forward(new Record<Object, Object>(key, MAPPER.writeValueAsString(value), timestamp), sink);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
