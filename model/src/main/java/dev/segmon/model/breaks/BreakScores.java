package dev.segmon.model.breaks;

import dev.segmon.model.Ratio;

/**
 * Every phrase-break ratio, derived from {@link BreakCounts} in this one place; a zero denominator
 * gives {@code null}. Formulas as printed by Taylor and Black (1998, section 5), with N junctures,
 * B reference breaks, D deletions, I insertions and S substitutions:
 * <ul>
 * <li>breaks-correct = (B - D - S) / B;</li>
 * <li>non-breaks-correct = (N - I - S) / N, as printed: its denominator is every juncture, not the
 *     non-breaks, and it subtracts S although a substitution happens at a break. Kept for
 *     comparability with published figures; see {@link #nonBreaksCorrectPerNonBreak()};</li>
 * <li>junctures-correct = (N - D - S - I) / N;</li>
 * <li>juncture insertions = I / N and break insertions = I / B;</li>
 * <li>non-breaks correct per reference non-break = (N - B - I) / (N - B), the share of the
 *     reference's non-break junctures that the test leaves without a break.</li>
 * </ul>
 */
public record BreakScores(BreakCounts counts) {

    public Double breaksCorrect() {
        return Ratio.of(counts.breaks() - counts.deletions() - counts.substitutions(), counts.breaks());
    }

    public Double nonBreaksCorrect() {
        return Ratio.of(counts.junctures() - counts.insertions() - counts.substitutions(), counts.junctures());
    }

    public Double juncturesCorrect() {
        return Ratio.of(counts.junctures() - counts.deletions() - counts.substitutions() - counts.insertions(),
                counts.junctures());
    }

    public Double falseInsertionsJunctures() {
        return Ratio.of(counts.insertions(), counts.junctures());
    }

    public Double falseInsertionsBreaks() {
        return Ratio.of(counts.insertions(), counts.breaks());
    }

    public Double nonBreaksCorrectPerNonBreak() {
        long nonBreaks = counts.junctures() - counts.breaks();
        return Ratio.of(nonBreaks - counts.insertions(), nonBreaks);
    }
}
