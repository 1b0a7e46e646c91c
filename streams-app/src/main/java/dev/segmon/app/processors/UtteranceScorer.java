package dev.segmon.app.processors;

import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.ReferenceState;
import dev.segmon.app.state.SignedOffsets;
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
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Matches a hypothesis against its reference as far as both have arrived and books what was
 * decided into the (model, tier) totals and the minute windows; closes utterances: decides what
 * is left, emits the score to the scores sink and hands the close to the {@link CloseFanOut}.
 */
final class UtteranceScorer {
    private final String scoresSink;
    private final Tolerances tolerances;
    private final HitRule hitRule;
    private final java.util.Set<String> ignoreLabels;
    private final long disorderMicros;
    private final SeriesTotals totals;
    private final MinuteWindows minutes;
    private final Unreferenced unreferenced;
    private final CloseFanOut fanOut;
    private final CloseTimer timer = new CloseTimer();
    private ProcessorContext<Object, Object> context;

    /** How boundaries are matched: {@code tolerances} per tier, the hit rule, and the disorder bound. */
    record Matching(Tolerances tolerances, HitRule hitRule, java.util.Set<String> ignoreLabels, long disorderMicros) {
    }

    /**
     * With {@link HitRule#LABEL} a pair is a hit only where the words held beside it agree,
     * {@code ignoreLabels} counting as no word on either side.
     */
    UtteranceScorer(String scoresSink, Matching matching, SeriesTotals totals, MinuteWindows minutes, Unreferenced unreferenced,
                    CloseFanOut fanOut) {
        this.scoresSink = scoresSink;
        this.tolerances = matching.tolerances();
        this.hitRule = matching.hitRule();
        this.ignoreLabels = java.util.Set.copyOf(matching.ignoreLabels());
        this.disorderMicros = matching.disorderMicros();
        this.totals = totals;
        this.minutes = minutes;
        this.unreferenced = unreferenced;
        this.fanOut = fanOut;
    }

    void init(ProcessorContext<Object, Object> context) {
        this.context = context;
        timer.init(context);
    }

    /** Drops this task's close metrics. */
    void close() {
        timer.close();
    }

    /**
     * Decides what can be decided and books it; closes the utterance as {@link Outcome#SCORED} when
     * both sides are complete. Returns the state to store.
     */
    HypothesisState advance(HypothesisKey key, HypothesisState h, ReferenceState ref, long timestamp) {
        IncrementalMatcher m = h.matcher();
        long frontier = ref == null ? Long.MIN_VALUE : ref.boundaries().frontier(disorderMicros);
        if (frontier != Long.MIN_VALUE) { // else no reference seen yet: the matcher can decide nothing
            Decided d = decide(key, m, ref.boundaries().times(), frontier, rule(h, ref));
            if (!d.counts().equals(BoundaryCounts.ZERO)) {
                book(key, d, timestamp, 0);
            }
        }
        if (m.hypComplete() && ref != null && ref.boundaries().complete()) {
            return close(key, h, ref, Outcome.SCORED, timestamp);
        }
        return h;
    }

    /**
     * Finishes an utterance: decides everything left, emits its score, counts its outcome. An
     * unreferenced one (or one whose declared reference is missing) is scored (added to the totals,
     * the minute and the books) only with {@link Unreferenced#SCORE_EMPTY}; otherwise only its
     * outcome is counted and the books are told it closed unscored.
     */
    HypothesisState close(HypothesisKey key, HypothesisState h, ReferenceState ref, Outcome outcome, long timestamp) {
        timer.started();
        IncrementalMatcher m = h.matcher();
        m.completeHypothesis();
        long[] times = ref == null ? new long[0] : ref.boundaries().times();
        boolean scored = !withoutReference(outcome) || unreferenced == Unreferenced.SCORE_EMPTY;
        Decided last = decide(key, m, times, Long.MAX_VALUE, rule(h, ref));
        if (scored) {
            book(key, last, timestamp, 1);
        }
        UtteranceScore score = new UtteranceScore(key.utterance(), key.model(), key.tier(), outcome, m.decided(), tolerances.seconds(key.tier()));
        context.forward(new Record<Object, Object>(key.utterance(), score.toJson(), timestamp), scoresSink);
        HypothesisState closed = new HypothesisState(m, context.currentSystemTimeMs(), h.lastRecordMs(), true, h.words(), h.declared());
        WordBook.Scored words = WordBook.score(outcome, h.words(), ref == null ? WordList.NONE : ref.labels());
        fanOut.closed(new UtteranceBook.Closed(key, outcome, m.decided(), closed, ref, timestamp, words.counts(), words.timing()), scored);
        timer.done();
        // The books have what they need of the transcript: it is not held past the close.
        return closed.withoutWords();
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

    /** What one run of the matcher decided: counts, and the hits' offsets as the totals and the minute keep them. */
    private record Decided(BoundaryCounts counts, long[] buckets, long absSumMicros, SignedOffsets signed) {
    }

    /** Runs the matcher up to {@code frontier} of the reference. */
    private Decided decide(HypothesisKey key, IncrementalMatcher m, long[] reference, long frontier, PairRule rule) {
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
        return new Decided(delta, buckets, sum[0], new SignedOffsets(signedBuckets, sum[1], tolerance));
    }

    /** Adds what was decided (and {@code closed} utterances) to the series' totals and its minute. */
    private void book(HypothesisKey key, Decided d, long timestamp, long closed) {
        if (!d.counts().equals(BoundaryCounts.ZERO)) {
            totals.decided(key.series(), d.counts(), d.buckets(), d.absSumMicros(), d.signed());
        }
        minutes.add(key.series(), timestamp, d.counts(), closed, d.signed().sumMicros(), d.counts().hits());
    }
}
