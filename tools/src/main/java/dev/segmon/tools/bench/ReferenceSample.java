package dev.segmon.tools.bench;

import java.util.BitSet;
import java.util.SplittableRandom;

/**
 * Which utterances of a bench phase get a reference: exactly {@code round(share x n)} of its n
 * utterances (at least one), every such subset equally likely, drawn from the seed and the phase's
 * id prefix, so that the same command sends the same references. Selection sampling (Knuth, TAOCP
 * vol. 2, 3.4.2, Algorithm S): utterance i is taken with probability (still to take) / (still to
 * see), which draws the exact count in one pass.
 */
public final class ReferenceSample {
    private final long utterances;
    private final double share;
    private final BitSet taken;
    private final long referenced;

    private ReferenceSample(long utterances, double share, BitSet taken, long referenced) {
        this.utterances = utterances;
        this.share = share;
        this.taken = taken;
        this.referenced = referenced;
    }

    /** The sample of a phase of {@code utterances} utterances whose ids start with {@code prefix}. */
    public static ReferenceSample of(long utterances, double share, long seed, String prefix) {
        checkShare(share);
        if (utterances < 1 || utterances > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a phase has 1.." + Integer.MAX_VALUE + " utterances, not " + utterances);
        }
        long want = count(utterances, share);
        if (want == utterances) {
            return new ReferenceSample(utterances, share, null, want);
        }
        BitSet taken = new BitSet((int) utterances);
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + prefix.hashCode());
        long left = want;
        for (int i = 0; i < utterances && left > 0; i++) {
            if (random.nextLong(utterances - i) < left) {
                taken.set(i);
                left--;
            }
        }
        return new ReferenceSample(utterances, share, taken, want);
    }

    /** Referenced utterances of {@code utterances}: the share rounded to the nearest, at least one. */
    public static long count(long utterances, double share) {
        checkShare(share);
        return Math.max(1, Math.min(utterances, Math.round(share * utterances)));
    }

    /**
     * Utterances needed for at least {@code events} records, when each utterance has
     * {@code hypothesisRecords} hypothesis records and a referenced one one record more.
     */
    public static long utterancesFor(long events, int hypothesisRecords, double share) {
        long n = Math.max(1, (long) Math.floor(events / (hypothesisRecords + share)) - 1);
        while (n * hypothesisRecords + count(n, share) < events) {
            n++;
        }
        return n;
    }

    static void checkShare(double share) {
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("the reference share must be in (0, 1], not " + share);
        }
    }

    /** Whether utterance {@code index} of the phase gets a reference. */
    public boolean referenced(long index) {
        return taken == null ? index >= 0 && index < utterances : index >= 0 && index < utterances && taken.get((int) index);
    }

    /** Utterances of the phase that get a reference. */
    public long referenced() {
        return referenced;
    }

    public long utterances() {
        return utterances;
    }

    public double share() {
        return share;
    }
}
