package dev.segmon.model.textseg;

import dev.segmon.model.Ratio;

/**
 * Window disagreements of one document: the windows where reference and hypothesis disagree on
 * whether a boundary lies inside (Pk; Beeferman, Berger and Lafferty 1999, "Statistical models for
 * text segmentation", Machine Learning 34) and where they disagree on how many (WindowDiff;
 * Pevzner and Hearst 2002, "A critique and improvement of an evaluation metric for text
 * segmentation", Computational Linguistics 28(1)), out of {@code windows} = N - k windows.
 * Summable (a monoid under {@link #plus}) for a pooled figure; segmon's corpus figures are
 * per-document means, as segeval and NLTK users report them.
 */
public record WindowCounts(long pkErrors, long windowDiffErrors, long windows) {

    /** The identity of {@link #plus}. */
    public static final WindowCounts ZERO = new WindowCounts(0, 0, 0);

    public WindowCounts {
        if (pkErrors < 0 || windowDiffErrors < pkErrors || windowDiffErrors > windows) {
            throw new IllegalArgumentException("inconsistent window counts: pk=" + pkErrors
                    + " wd=" + windowDiffErrors + " windows=" + windows);
        }
    }

    public WindowCounts plus(WindowCounts other) {
        return new WindowCounts(pkErrors + other.pkErrors, windowDiffErrors + other.windowDiffErrors,
                windows + other.windows);
    }

    public Double pk() {
        return Ratio.of(pkErrors, windows);
    }

    public Double windowDiff() {
        return Ratio.of(windowDiffErrors, windows);
    }
}
