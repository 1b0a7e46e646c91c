package dev.segmon.model.edit;

/**
 * Weights of the edit operations that the alignment minimises. A match costs 0. The counts
 * reported are always plain numbers of substitutions, insertions and deletions of the chosen
 * alignment; the weights only decide which alignment is chosen.
 */
public enum EditCosts {
    /**
     * Levenshtein's unit costs, as jiwer and Kaldi's {@code compute-wer} use. Ties broken as
     * Kaldi's {@code LevenshteinEditDistance}: the diagonal step only when strictly cheaper.
     */
    UNIT(1, 1, 1, false),
    /**
     * NIST sclite's default weights (insertion 3, deletion 3, substitution 4), also Kaldi's
     * {@code sclite_mode}: a substitution is dearer than half an insertion plus deletion, so
     * sclite can prefer more, cheaper errors (ref {@code a b c d e}, hyp {@code d e x y z}:
     * 5 substitutions at unit cost, 3 deletions and 3 insertions here). Ties broken as sclite's
     * {@code Network_dpalign} (src/sclite/net_dp.c in usnistgov/SCTK): the diagonal step when
     * no dearer than the others. Under these weights the tie-break changes the totals, not only
     * the split (an equal-cost path may trade 3 substitutions for 4 insertions and deletions).
     */
    SCLITE(3, 3, 4, true);

    private final int insertion;
    private final int deletion;
    private final int substitution;
    private final boolean diagonalWinsTies;

    EditCosts(int insertion, int deletion, int substitution, boolean diagonalWinsTies) {
        this.insertion = insertion;
        this.deletion = deletion;
        this.substitution = substitution;
        this.diagonalWinsTies = diagonalWinsTies;
    }

    /**
     * Whether a match or substitution is chosen when it costs the same as the cheapest insertion
     * or deletion (sclite), or only when strictly cheaper (Kaldi). Between an insertion and a
     * deletion of equal cost both tools take the insertion.
     */
    public boolean diagonalWinsTies() {
        return diagonalWinsTies;
    }

    public int insertion() {
        return insertion;
    }

    public int deletion() {
        return deletion;
    }

    public int substitution() {
        return substitution;
    }
}
