package dev.segmon.model.textseg;

/**
 * How the window k of a document is chosen from its reference segmentation. A rule that cannot
 * define k throws {@link IllegalArgumentException} with the reason; the scorer reports it as bad
 * input at the document's line.
 */
@FunctionalInterface
public interface WindowSize {

    /** k for this reference (before the check 1 <= k < N). */
    int of(Segmentation reference);

    /** The same k for every document ({@code --k N}). */
    static WindowSize fixed(int k) {
        return reference -> k;
    }
}
