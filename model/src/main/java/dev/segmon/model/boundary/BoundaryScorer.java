package dev.segmon.model.boundary;

import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.io.UtteranceReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Scores boundaries utterance by utterance and adds the counts up. Immutable; build one with
 * {@link #builder()}.
 *
 * <p>Corpus scoring pairs utterances by id. The two inputs are read in lock step and an
 * utterance waits only until its partner arrives, so when both files list utterances in the
 * same order at most one utterance per side is held in memory, whatever the corpus size.
 * An id seen on one side only is scored against an empty other side and reported as unpaired.
 */
public final class BoundaryScorer {
    private final double toleranceSeconds;
    private final long toleranceMicros;
    private final Matching matching;
    private final boolean trimEdges;
    private final Set<String> ignoredLabels;

    private BoundaryScorer(Builder b) {
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
        return score(boundaries(reference), boundaries(hypothesis));
    }

    /**
     * Scores a corpus: utterances paired by id, in bounded memory when both sides share an order.
     * The hypothesis side is read and turned into boundaries on a second thread, a bounded queue
     * ahead of the reference side: parsing is most of the work and there are two files, so two
     * cores halve the wall time (docs/boundaries.md, "Speed"). Counts do not depend on timing.
     */
    public CorpusBoundaryResult score(UtteranceReader reference, UtteranceReader hypothesis) {
        Map<String, long[]> waitingRef = new HashMap<>();
        Map<String, long[]> waitingHyp = new HashMap<>();
        BoundaryCounts total = BoundaryCounts.ZERO;
        long paired = 0;
        Iterator<Utterance> refs = reference;
        try (ReadAhead hyps = new ReadAhead(hypothesis, this::boundaries)) {
            while (refs.hasNext() || hyps.hasNext()) {
                if (refs.hasNext()) {
                    Utterance r = refs.next();
                    long[] rb = boundaries(r);
                    long[] hb = waitingHyp.remove(r.id());
                    if (hb != null) {
                        total = total.plus(score(rb, hb));
                        paired++;
                    } else {
                        waitingRef.put(r.id(), rb);
                    }
                }
                if (hyps.hasNext()) {
                    ReadAhead.Item h = hyps.next();
                    long[] rb = waitingRef.remove(h.id());
                    if (rb != null) {
                        total = total.plus(score(rb, h.boundaries()));
                        paired++;
                    } else {
                        waitingHyp.put(h.id(), h.boundaries());
                    }
                }
            }
        }
        List<String> unpaired = new ArrayList<>(waitingRef.size() + waitingHyp.size());
        long[] none = new long[0];
        for (Map.Entry<String, long[]> e : waitingRef.entrySet()) {
            total = total.plus(score(e.getValue(), none));
            unpaired.add(e.getKey());
        }
        for (Map.Entry<String, long[]> e : waitingHyp.entrySet()) {
            total = total.plus(score(none, e.getValue()));
            unpaired.add(e.getKey());
        }
        unpaired.sort(null);
        return new CorpusBoundaryResult(total, paired + unpaired.size(), unpaired);
    }

    /** Fluent builder; defaults are INTERFACE.md's: 0.02 s, one-to-one, no trimming, no label dropped. */
    public static final class Builder {
        private double toleranceSeconds = 0.02;
        private Matching matching = Matching.ONE_TO_ONE;
        private boolean trimEdges;
        private Set<String> ignoredLabels = Set.of();

        private Builder() {
        }

        public Builder tolerance(double seconds) {
            if (!(seconds >= 0) || Double.isInfinite(seconds)) {
                throw new IllegalArgumentException("tolerance must be a finite number of seconds >= 0, not " + seconds);
            }
            this.toleranceSeconds = seconds;
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
            return new BoundaryScorer(this);
        }
    }
}
