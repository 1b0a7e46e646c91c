package dev.segmon.model.edit;

/**
 * One step of an alignment: a reference token and a hypothesis token matched or substituted, a
 * hypothesis token inserted, or a reference token deleted. Positions are 0-based indices into the
 * two sequences; the side a step does not consume is {@link #NONE}.
 *
 * @param edit       what the step does
 * @param reference  the reference position, or {@link #NONE} for an insertion
 * @param hypothesis the hypothesis position, or {@link #NONE} for a deletion
 */
public record AlignedPair(Edit edit, int reference, int hypothesis) {
    /** The position of the side a step does not consume. */
    public static final int NONE = -1;

    /** The four steps of a Levenshtein alignment. */
    public enum Edit {
        MATCH, SUBSTITUTION, INSERTION, DELETION
    }

    public AlignedPair {
        boolean hasRef = reference >= 0;
        boolean hasHyp = hypothesis >= 0;
        boolean consistent = switch (edit) {
            case MATCH, SUBSTITUTION -> hasRef && hasHyp;
            case INSERTION -> !hasRef && reference == NONE && hasHyp;
            case DELETION -> hasRef && !hasHyp && hypothesis == NONE;
        };
        if (!consistent) {
            throw new IllegalArgumentException(edit + " with reference " + reference + " and hypothesis " + hypothesis);
        }
    }
}
