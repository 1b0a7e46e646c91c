package dev.segmon.model.boundary;

/** Whether a pair that the one-to-one matching made within the tolerance counts as a hit. */
@FunctionalInterface
public interface PairRule {
    /** Every pair within the tolerance is a hit ({@link HitRule#TIME}). */
    PairRule ANY = (hyp, ref) -> true;

    /** {@code hyp} and {@code ref}: the paired boundaries, in microseconds. */
    boolean hit(long hyp, long ref);
}
