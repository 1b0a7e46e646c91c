package dev.segmon.model.boundary;

import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * Exact one-to-one boundary matching ({@link Matching#ONE_TO_ONE}) computed incrementally while
 * the hypothesis boundaries of one (utterance, model, tier) stream in and the reference
 * ({@link ReferenceBoundaries}) streams in beside them, in any interleaving.
 *
 * <p>Why it is exact. Within one side, boundaries may arrive out of order by at most D (the max
 * disorder): an arrival below {@code maxSeen - D} is refused as {@link Admission#LATE}. So every
 * future boundary of a side is {@code >= frontier = maxSeen - D} (+infinity once the side is
 * complete; -infinity before anything was seen). Let T = min(frontier(ref), frontier(hyp)). The
 * offline algorithm is the two-pointer greedy on the earliest unmatched reference r and hypothesis
 * h (see {@link Matching#ONE_TO_ONE} for why it is a maximum matching). Whenever the smaller head
 * x = min(h, r) satisfies x + w < T, every boundary still to come lies beyond x + w, so the
 * greedy's decision about x is already fixed: if the other head lies within w of x it is a hit
 * (that head is the true earliest of its side, because future ones exceed x + w), otherwise x has
 * no partner left and is dropped. Deciding in that order replays exactly the offline greedy's
 * steps, so once both sides are complete the hit count equals the offline one. Distinct times only,
 * as offline ({@link Admission#DUPLICATE}); a refused duplicate is never a decided boundary,
 * because a decided x satisfies x < T <= maxSeen - D, so an equal arrival is refused as late.
 *
 * <p>State: the undecided hypothesis boundaries (sorted), the hypothesis side's max seen and
 * completeness, the cursor into the reference (how many reference boundaries are decided) and
 * the decided counts. Mutable; {@link #advance} returns the counts it decided.
 *
 * <p>The undecided boundaries are the window {@code [from, to)} of a buffer that grows by
 * doubling: a boundary later than every undecided one (the usual case: a decoder sends its
 * boundaries in order) is appended in amortised constant time, and deciding moves {@code from}.
 * A copy of the whole list per boundary made an utterance of W boundaries cost O(W²).
 */
public final class IncrementalMatcher {
    /** "Nothing seen yet" for a side's max seen time. */
    public static final long UNSEEN = Long.MIN_VALUE;

    private static final long[] NONE = new long[0];
    private long[] pending;
    private int from;
    private int to;
    private long hypMaxSeen;
    private boolean hypComplete;
    private int refCursor;
    private long hits;
    private long hypDecided;

    /** A fresh matcher: nothing seen on the hypothesis side, nothing decided. */
    public IncrementalMatcher() {
        this(new long[0], UNSEEN, false, 0, 0, 0);
    }

    /** Restores a state (from a state store). */
    public IncrementalMatcher(long[] pending, long hypMaxSeen, boolean hypComplete, int refCursor, long hits, long hypDecided) {
        this.pending = pending.clone();
        this.from = 0;
        this.to = pending.length;
        this.hypMaxSeen = hypMaxSeen;
        this.hypComplete = hypComplete;
        this.refCursor = refCursor;
        this.hits = hits;
        this.hypDecided = hypDecided;
    }

    /** The lower bound of every future boundary of a side. */
    public static long frontier(long maxSeen, boolean complete, long disorderMicros) {
        if (complete) {
            return Long.MAX_VALUE;
        }
        if (maxSeen == UNSEEN) {
            return Long.MIN_VALUE;
        }
        return maxSeen - disorderMicros;
    }

    /** Offers one hypothesis boundary (microseconds); only an ACCEPTED one changes the state. */
    public Admission offerHypothesis(long time, long disorderMicros) {
        if (hypComplete) {
            return Admission.AFTER_END;
        }
        if (hypMaxSeen != UNSEEN && time < hypMaxSeen - disorderMicros) {
            return Admission.LATE;
        }
        int at = to > from && time > pending[to - 1] ? -(to + 1) : Arrays.binarySearch(pending, from, to, time);
        if (at >= 0) {
            return Admission.DUPLICATE;
        }
        int insert = -at - 1;
        if (to == pending.length) {
            // Full: compact to the front and double, so appends cost amortised constant time.
            long[] grown = new long[Math.max(8, 2 * (to - from))];
            System.arraycopy(pending, from, grown, 0, to - from);
            insert -= from;
            to -= from;
            from = 0;
            pending = grown;
        }
        System.arraycopy(pending, insert, pending, insert + 1, to - insert);
        pending[insert] = time;
        to++;
        hypMaxSeen = hypMaxSeen == UNSEEN ? time : Math.max(hypMaxSeen, time);
        return Admission.ACCEPTED;
    }

    /** The hypothesis is complete ({@code end: true}); false if it already was. */
    public boolean completeHypothesis() {
        boolean was = hypComplete;
        hypComplete = true;
        return !was;
    }

    /**
     * Decides every boundary that can be decided against {@code reference} and returns the counts
     * decided by this call (reference boundaries passed, hypothesis boundaries passed, hits);
     * {@code onHit} receives {@code hyp - ref} (microseconds) of each new hit.
     *
     * @param reference         sorted distinct reference boundaries (only ever extended beyond the cursor)
     * @param referenceFrontier lower bound of every future reference boundary
     *                          ({@link ReferenceBoundaries#frontier}; {@code Long.MIN_VALUE} when no
     *                          reference was seen, {@code Long.MAX_VALUE} to finish against what there is)
     */
    public BoundaryCounts advance(long[] reference, long referenceFrontier, long toleranceMicros,
                                  long disorderMicros, LongConsumer onHit) {
        return advance(reference, referenceFrontier, toleranceMicros, disorderMicros, PairRule.ANY, onHit);
    }

    /**
     * As {@link #advance(long[], long, long, long, LongConsumer)}, a pair counting as a hit only
     * where {@code rule} says so ({@link Matching#oneToOne}); the pairs themselves are the same.
     * The rule is asked about a pair once both of its boundaries are decided, when (for
     * {@link BoundaryWords}) no word that starts or ends at either can still be admitted.
     */
    public BoundaryCounts advance(long[] reference, long referenceFrontier, long toleranceMicros,
                                  long disorderMicros, PairRule rule, LongConsumer onHit) {
        long t = Math.min(referenceFrontier, frontier(hypMaxSeen, hypComplete, disorderMicros));
        int i = 0;
        long newHits = 0;
        int refStart = refCursor;
        int n = to - from;
        while (i < n || refCursor < reference.length) {
            long h = i < n ? pending[from + i] : Long.MAX_VALUE;
            long r = refCursor < reference.length ? reference[refCursor] : Long.MAX_VALUE;
            long x = Math.min(h, r);
            // x + w < T, written so that it cannot overflow at T = Long.MIN_VALUE / x near MAX.
            if (t == Long.MIN_VALUE || x >= t - toleranceMicros) {
                break;
            }
            if (i < n && refCursor < reference.length && Math.abs(h - r) <= toleranceMicros) {
                if (rule.hit(h, r)) {
                    newHits++;
                    onHit.accept(h - r);
                }
                i++;
                refCursor++;
            } else if (h <= r) {
                i++;
            } else {
                refCursor++;
            }
        }
        from += i;
        if (from == to && pending.length > 0) {
            // Nothing undecided: let the buffer go (a closed utterance's matcher is kept for a while).
            pending = NONE;
            from = 0;
            to = 0;
        }
        hits += newHits;
        hypDecided += i;
        return BoundaryCounts.oneToOne(refCursor - refStart, i, newHits);
    }

    /** Whether every boundary is decided given a reference of {@code referenceLength} complete boundaries. */
    public boolean drained(int referenceLength) {
        return to == from && refCursor == referenceLength;
    }

    /** Counts decided so far (reference boundaries passed, hypothesis boundaries passed, hits). */
    public BoundaryCounts decided() {
        return BoundaryCounts.oneToOne(refCursor, hypDecided, hits);
    }

    /** The undecided hypothesis boundaries, sorted (a copy). */
    public long[] pending() {
        return Arrays.copyOfRange(pending, from, to);
    }

    /** How many hypothesis boundaries are undecided. */
    public int pendingCount() {
        return to - from;
    }

    public long hypMaxSeen() {
        return hypMaxSeen;
    }

    public boolean hypComplete() {
        return hypComplete;
    }

    public int refCursor() {
        return refCursor;
    }

    public long hits() {
        return hits;
    }

    public long hypDecided() {
        return hypDecided;
    }
}
