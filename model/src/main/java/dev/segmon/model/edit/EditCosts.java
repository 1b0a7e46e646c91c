package dev.segmon.model.edit;

/**
 * Weights of the edit operations that the alignment minimises. A match costs 0. The counts
 * reported are always plain numbers of substitutions, insertions and deletions of the chosen
 * alignment; the weights only decide which alignment is chosen.
 */
public enum EditCosts {
    /** Levenshtein's unit costs, as jiwer and Kaldi's {@code compute-wer} use. */
    UNIT(1, 1, 1),
    /**
     * NIST sclite's default weights (insertion 3, deletion 3, substitution 4), also Kaldi's
     * {@code sclite_mode}: a substitution is dearer than half an insertion plus deletion, so
     * sclite can prefer more, cheaper errors (ref {@code a b c d e}, hyp {@code d e x y z}:
     * 5 substitutions at unit cost, 3 deletions and 3 insertions here).
     */
    SCLITE(3, 3, 4);

    private final int insertion;
    private final int deletion;
    private final int substitution;

    EditCosts(int insertion, int deletion, int substitution) {
        this.insertion = insertion;
        this.deletion = deletion;
        this.substitution = substitution;
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
