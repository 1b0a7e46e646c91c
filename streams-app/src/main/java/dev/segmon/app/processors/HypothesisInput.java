package dev.segmon.app.processors;

import dev.segmon.app.state.HypothesisPart;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.UtteranceTier;
import dev.segmon.app.state.ReferenceState;
import dev.segmon.app.state.WordList;
import dev.segmon.app.wire.DeadLetterReason;
import dev.segmon.app.wire.Declaration;
import dev.segmon.app.wire.Outcome;
import dev.segmon.app.wire.HypothesisEvent;
import dev.segmon.model.boundary.Admission;
import dev.segmon.model.boundary.IncrementalMatcher;
import dev.segmon.model.Micros;
import java.util.List;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Takes one hypothesis message into its (utterance, tier, model) state: refuses what cannot be
 * held, offers its times or words to the matcher, tells the books of an end mark and lets the
 * scorer decide what it can.
 */
final class HypothesisInput {
    private final OpenStates states;
    private final SeriesTotals totals;
    private final DeadLetters deadLetters;
    private final Transcripts transcripts;
    private final UtteranceScorer scorer;
    private final List<UtteranceBook> books;
    private final long disorderMicros;
    /** reference-max-delay: a state last touched this long ago is due at the next expiry pass. */
    private final long maxDelayMs;
    private final SliceLabels slices;
    private ProcessorContext<Object, Object> context;

    HypothesisInput(OpenStates states, SeriesTotals totals, DeadLetters deadLetters, Transcripts transcripts, UtteranceScorer scorer,
                    List<UtteranceBook> books, long disorderMicros, long maxDelayMs, SliceLabels slices) {
        this.maxDelayMs = maxDelayMs;
        this.slices = slices;
        this.states = states;
        this.totals = totals;
        this.deadLetters = deadLetters;
        this.transcripts = transcripts;
        this.scorer = scorer;
        this.books = books;
        this.disorderMicros = disorderMicros;
    }

    void init(ProcessorContext<Object, Object> context) {
        this.context = context;
    }

    void on(Record<byte[], byte[]> record, HypothesisEvent h) {
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
                + Transcripts.heldUnits(h.words()) > BoundaryProcessor.MAX_HELD_TIMES) {
            deadLetters.send(record, DeadLetterReason.TOO_LARGE, h.model(), h.tier(),
                    "more than " + BoundaryProcessor.MAX_HELD_TIMES + " undecided boundaries");
            return;
        }
        if (state == null) {
            state = HypothesisState.open();
            totals.opened(key.series());
            markHypothesized(refKey);
        }
        slices.carried(key, h.labels());
        IncrementalMatcher m = state.matcher();
        WordList words = state.words();
        // What this record adds, appended to its tail (UtteranceLog): the times accepted and the words admitted.
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
        HypothesisState next = new HypothesisState(m, context.currentSystemTimeMs(), Math.max(state.lastRecordMs(), record.timestamp()), false, words,
                endedNow ? h.declaration() : state.declared());
        if (endedNow) {
            for (UtteranceBook b : books) {
                b.ended(key, next, h, record.timestamp());
                // Each slice's copy too: a hypothesis carries no labels after its end, and its own
                // labels alone decide, whether or not its reference came first (docs/slices.md).
                for (dev.segmon.app.state.Slice s : slices.ofHypothesis(key)) {
                    b.ended(key.in(s), next, h, record.timestamp());
                }
            }
        }
        ReferenceState ref = states.reference(refKey);
        HypothesisState advanced = scorer.advance(key, next, ref, record.timestamp());
        if (endedNow && next.declared() == Declaration.NONE && ref == null && !advanced.closed()) {
            // Declared unreferenced: closed at its end, and dated so that the next expiry pass forgets it (not held for the hold).
            advanced = scorer.close(key, advanced, null, Outcome.UNREFERENCED, record.timestamp());
            advanced = advanced.at(context.currentSystemTimeMs() - maxDelayMs);
        }
        states.put(key, advanced, new HypothesisPart(accepted.toArray(), taken));
    }

    private void markHypothesized(UtteranceTier refKey) {
        ReferenceState r = states.reference(refKey);
        if (r != null && !r.hypothesized()) {
            states.put(refKey, r.hypothesizedNow(), null);
        }
    }
}
