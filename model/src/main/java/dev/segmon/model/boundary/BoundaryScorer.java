package dev.segmon.model.boundary;

import dev.segmon.model.Micros;

import dev.segmon.model.Seconds;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.io.UtteranceReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Scores boundaries utterance by utterance and adds the counts up. Immutable; build one with
 * {@link #builder()}.
 *
 * <p>Corpus scoring pairs utterances by id. The two inputs are read in lock step and an
 * utterance waits only until its partner arrives, so when both files list utterances in the
 * same order at most one utterance per side is held in memory, whatever the corpus size.
 * An id seen on one side only is reported as unpaired; a reference alone is scored against an
 * empty hypothesis, a hypothesis alone against an empty reference only with
 * {@link Unreferenced#SCORE_EMPTY} (by default, {@link Unreferenced#SKIP}, it adds nothing).
 */
public final class BoundaryScorer {
    private final double toleranceSeconds;
    private final long toleranceMicros;
    private final Matching matching;
    private final boolean trimEdges;
    private final Set<String> ignoredLabels;
    private final Unreferenced unreferenced;
    private final HitRule hitRule;

    private BoundaryScorer(Builder b) {
        this.hitRule = b.hitRule;
        this.unreferenced = b.unreferenced;
        this.toleranceSeconds = b.toleranceSeconds;
        this.toleranceMicros = Micros.of(b.toleranceSeconds);
        this.matching = b.matching;
        this.trimEdges = b.trimEdges;
        this.ignoredLabels = Set.copyOf(b.ignoredLabels);
    }

    public static Builder builder() {
        return new Builder();
    }

    public double toleranceSeconds() {
        return toleranceSeconds;
    }

    public long toleranceMicros() {
        return toleranceMicros;
    }

    public Matching matching() {
        return matching;
    }

    public Unreferenced unreferenced() {
        return unreferenced;
    }

    public HitRule hitRule() {
        return hitRule;
    }

    /** The boundaries this scorer compares for one utterance (label filter and edge trimming applied). */
    public long[] boundaries(Utterance utterance) {
        return Boundaries.of(utterance, ignoredLabels, trimEdges);
    }

    /** Counts for one utterance pair given as sorted distinct boundaries. */
    public BoundaryCounts score(long[] reference, long[] hypothesis) {
        return matching.count(reference, hypothesis, toleranceMicros);
    }

    /** Counts for one utterance pair. */
    public BoundaryCounts score(Utterance reference, Utterance hypothesis) {
        return score(side(reference), side(hypothesis), new HitOffsets.Tally(toleranceMicros));
    }

    /** An utterance's boundaries, with their words when hits are label-aware. */
    private ReadAhead.Item side(Utterance u) {
        return new ReadAhead.Item(u.id(), boundaries(u), hitRule == HitRule.LABEL ? BoundaryWords.of(u, ignoredLabels) : null);
    }

    /** The counts of one pair; with one-to-one matching the offset of each hit goes to {@code offsets}. */
    private BoundaryCounts score(ReadAhead.Item reference, ReadAhead.Item hypothesis, HitOffsets.Tally offsets) {
        if (matching == Matching.MANY_TO_ONE) {
            return score(reference.boundaries(), hypothesis.boundaries());
        }
        PairRule rule = hitRule == HitRule.TIME ? PairRule.ANY : BoundaryWords.rule(hypothesis.words(), reference.words());
        return Matching.oneToOne(reference.boundaries(), hypothesis.boundaries(), toleranceMicros, offsets.recording(rule));
    }

    /**
     * Scores a corpus: utterances paired by id, in bounded memory when both sides share an order.
     * The hypothesis side is read and turned into boundaries on a second thread, a bounded queue
     * ahead of the reference side: parsing is most of the work and there are two files, so two
     * cores halve the wall time (docs/boundaries.md, "Speed"). Counts do not depend on timing.
     */
    public CorpusBoundaryResult score(UtteranceReader reference, UtteranceReader hypothesis) {
        return score(reference, hypothesis, counts -> { });
    }

    /**
     * Scores a corpus as {@link #score(UtteranceReader, UtteranceReader)} and hands each
     * utterance's counts (unpaired ones too) to {@code eachUtterance}, in scoring order: what the
     * utterance-level intervals of docs/contract.md 2.1.1 are built from.
     */
    public CorpusBoundaryResult score(UtteranceReader reference, UtteranceReader hypothesis,
            Consumer<BoundaryCounts> eachUtterance) {
        HitOffsets.Tally offsets = new HitOffsets.Tally(toleranceMicros);
        Pairing ref = new Pairing(true, offsets);
        Pairing hyp = new Pairing(false, offsets);
        BoundaryCounts sum = BoundaryCounts.ZERO;
        long paired = 0;
        try (ReadAhead hyps = new ReadAhead(hypothesis, this::side)) {
            while (reference.hasNext() || hyps.hasNext()) {
                BoundaryCounts fromRef = null;
                if (reference.hasNext()) {
                    Utterance r = reference.next();
                    fromRef = ref.arrive(r.id(), side(r), hyp);
                }
                BoundaryCounts fromHyp = null;
                if (hyps.hasNext()) {
                    ReadAhead.Item h = hyps.next();
                    fromHyp = hyp.arrive(h.id(), h, ref);
                }
                for (BoundaryCounts pair : new BoundaryCounts[] {fromRef, fromHyp}) {
                    if (pair != null) {
                        eachUtterance.accept(pair);
                        sum = sum.plus(pair);
                        paired++;
                    }
                }
            }
        }
        List<String> unpaired = new ArrayList<>(ref.waiting.size() + hyp.waiting.size());
        sum = sum.plus(ref.scoreAlone(unpaired, eachUtterance)).plus(hyp.scoreAlone(unpaired, eachUtterance));
        unpaired.sort(null);
        return new CorpusBoundaryResult(sum, paired + unpaired.size(), unpaired,
                matching == Matching.ONE_TO_ONE ? offsets.result() : null);
    }

    /** One side of the pairing: the utterances of this side still waiting for their partner. */
    private final class Pairing {
        private final boolean isReference;
        private final Map<String, ReadAhead.Item> waiting = new HashMap<>();
        private final HitOffsets.Tally offsets;

        Pairing(boolean isReference, HitOffsets.Tally offsets) {
            this.isReference = isReference;
            this.offsets = offsets;
        }

        /** The counts of the utterance and its waiting partner, or null when it is left waiting. */
        BoundaryCounts arrive(String id, ReadAhead.Item mine, Pairing other) {
            ReadAhead.Item theirs = other.waiting.remove(id);
            if (theirs == null) {
                waiting.put(id, mine);
                return null;
            }
            return pair(mine, theirs);
        }

        /**
         * The counts of every never-paired utterance against an empty other side (a hypothesis only
         * with {@link Unreferenced#SCORE_EMPTY}); their ids go to unpaired.
         */
        BoundaryCounts scoreAlone(List<String> unpaired, Consumer<BoundaryCounts> eachUtterance) {
            BoundaryCounts sum = BoundaryCounts.ZERO;
            for (Map.Entry<String, ReadAhead.Item> e : waiting.entrySet()) {
                unpaired.add(e.getKey());
                if (!isReference && unreferenced == Unreferenced.SKIP) {
                    continue;
                }
                BoundaryCounts alone = pair(e.getValue(), new ReadAhead.Item(e.getKey(), new long[0],
                        new BoundaryWords(BoundaryWords.NONE, ignoredLabels)));
                eachUtterance.accept(alone);
                sum = sum.plus(alone);
            }
            return sum;
        }

        private BoundaryCounts pair(ReadAhead.Item mine, ReadAhead.Item theirs) {
            return isReference ? score(mine, theirs, offsets) : score(theirs, mine, offsets);
        }
    }

    /** The hit tolerance of every command unless told otherwise: 20 ms (docs/contract.md 2.1). */
    public static final double DEFAULT_TOLERANCE_SECONDS = 0.02;

    /** Fluent builder; defaults are docs/contract.md 2.1's: 0.02 s, one-to-one, no trimming, no label dropped, unreferenced skipped. */
    public static final class Builder {
        private double toleranceSeconds = DEFAULT_TOLERANCE_SECONDS;
        private Matching matching = Matching.ONE_TO_ONE;
        private boolean trimEdges;
        private Set<String> ignoredLabels = Set.of();
        private Unreferenced unreferenced = Unreferenced.SKIP;
        private HitRule hitRule = HitRule.TIME;

        private Builder() {
        }

        /** {@link HitRule#LABEL} needs one-to-one matching ({@link #build} refuses it with many-to-one). */
        public Builder hitRule(HitRule rule) {
            this.hitRule = rule;
            return this;
        }

        /** What a hypothesis without a reference adds: nothing ({@link Unreferenced#SKIP}, the default) or false alarms. */
        public Builder unreferenced(Unreferenced u) {
            this.unreferenced = u;
            return this;
        }

        public Builder tolerance(double seconds) {
            this.toleranceSeconds = Seconds.nonNegative(seconds, "tolerance");
            return this;
        }

        public Builder matching(Matching m) {
            this.matching = m;
            return this;
        }

        public Builder trimEdges(boolean trim) {
            this.trimEdges = trim;
            return this;
        }

        public Builder ignoreLabels(Set<String> labels) {
            this.ignoredLabels = labels;
            return this;
        }

        public BoundaryScorer build() {
            if (hitRule == HitRule.LABEL && matching != Matching.ONE_TO_ONE) {
                throw new IllegalArgumentException("label-aware hits need one-to-one matching");
            }
            return new BoundaryScorer(this);
        }
    }
}
