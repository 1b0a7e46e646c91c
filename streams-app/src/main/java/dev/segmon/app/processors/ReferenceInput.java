package dev.segmon.app.processors;

import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.UtteranceTier;
import dev.segmon.app.state.ReferencePart;
import dev.segmon.app.state.ReferenceState;
import dev.segmon.app.state.StateSerde;
import dev.segmon.app.state.WordList;
import dev.segmon.app.store.StoreSpec;
import dev.segmon.app.wire.DeadLetterReason;
import dev.segmon.app.wire.Declaration;
import dev.segmon.app.wire.InputEvent;
import dev.segmon.app.wire.ReferenceChunk;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.boundary.Admission;
import dev.segmon.model.Micros;
import dev.segmon.model.boundary.ReferenceBoundaries;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Takes one reference chunk into its (utterance, tier) state: refuses what cannot be held, adds
 * its boundaries, words and slice labels, advances the reference clock of its tier and lets the scorer decide
 * what the chunk makes decidable for each open hypothesis of the utterance.
 */
public final class ReferenceInput {
    /** tier -> the largest record timestamp of an accepted reference chunk. */
    public static final StoreSpec<KeyValueStore<String, Long>> CLOCK = StoreSpec.keyValue("segmon-reference-clock", Keys.TIER, StateSerde.COUNT);

    private final OpenStates states;
    private final SeriesTotals totals;
    private final DeadLetters deadLetters;
    private final Transcripts transcripts;
    private final UtteranceScorer scorer;
    private final long disorderMicros;
    private final SliceLabels slices;
    private ProcessorContext<Object, Object> context;
    private KeyValueStore<String, Long> clock;

    ReferenceInput(OpenStates states, SeriesTotals totals, DeadLetters deadLetters, Transcripts transcripts, UtteranceScorer scorer,
                   long disorderMicros, SliceLabels slices) {
        this.slices = slices;
        this.states = states;
        this.totals = totals;
        this.deadLetters = deadLetters;
        this.transcripts = transcripts;
        this.scorer = scorer;
        this.disorderMicros = disorderMicros;
    }

    void init(ProcessorContext<Object, Object> context) {
        this.context = context;
        this.clock = CLOCK.open(context);
    }

    void on(Record<byte[], byte[]> record, ReferenceChunk r) {
        UtteranceTier refKey = new UtteranceTier(r.utterance(), r.tier());
        ReferenceState state = states.reference(refKey);
        ReferenceBoundaries b = state == null ? new ReferenceBoundaries() : state.boundaries();
        List<Segment> segments = r.segments();
        WordList labels = state == null ? WordList.NONE : state.labels();
        if (b.times().length + b.spans().length + 2L * segments.size() + 2 + labels.heldUnits()
                + Transcripts.heldUnits(segments) > BoundaryProcessor.MAX_HELD_TIMES) {
            deadLetters.send(record, DeadLetterReason.TOO_LARGE, InputEvent.NO_MODEL, r.tier(),
                    "more than " + BoundaryProcessor.MAX_HELD_TIMES + " reference times and spans");
            return;
        }
        boolean hypothesized = state != null && state.hypothesized();
        List<HypothesisKey> open = new ArrayList<>();
        boolean declaredNone = false;
        // The utterance's hypotheses by one point lookup per model known on the tier, not a prefix
        // scan: Kafka's RocksDB iterators have no upper bound (docs/decisions/0007-point-lookups-not-prefix-scans.md).
        for (String model : totals.modelsOn(r.tier())) {
            HypothesisKey hk = refKey.of(model);
            HypothesisState h = states.hypothesis(hk);
            if (h != null) {
                hypothesized = true;
                if (!h.closed()) {
                    open.add(hk);
                }
                declaredNone |= h.closed() && h.declared() == Declaration.NONE;
            }
        }
        if (state == null && open.isEmpty() && declaredNone) {
            // Its hypotheses said no reference would come and were closed unreferenced: nothing left to score it against.
            deadLetters.send(record, DeadLetterReason.DECLARED_UNREFERENCED, InputEvent.NO_MODEL, r.tier(),
                    "utterance declared \"reference\": \"none\" and already closed");
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
        // Before any hypothesis is scored on this chunk: a close below takes the reference's labels (docs/slices.md).
        slices.carried(refKey, r.labels());
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
        Long last = clock.get(r.tier());
        clock.put(r.tier(), Math.max(last == null ? 0 : last, record.timestamp()));
        for (HypothesisKey hk : open) {
            HypothesisState h = states.hypothesis(hk);
            // A reference still streaming in keeps its hypotheses waiting (their expiry restarts).
            HypothesisState waiting = h.at(next.lastWallMs());
            states.put(hk, scorer.advance(hk, waiting, next, record.timestamp()), null);
        }
    }
}
