package dev.segmon.model.estimate;

/**
 * How good the early estimate has been, over the utterances that had one and whose reference has
 * since arrived: their hypothesis boundaries, the reference boundaries the estimate expected
 * (rho as it stood when the reference arrived, before that utterance counted in it, times the
 * utterance's duration) and the reference boundaries that came. A commutative monoid like
 * {@code BoundaryCounts}; the two ratios are derived here only.
 */
public record Backtest(long utterances, long hypothesis, double expectedReference, long reference) {

    public static final Backtest ZERO = new Backtest(0, 0, 0, 0);

    public Backtest plus(Backtest o) {
        return new Backtest(utterances + o.utterances, hypothesis + o.hypothesis,
                expectedReference + o.expectedReference, reference + o.reference);
    }

    /** sum n_hyp / sum (rho d) - 1: the estimate these utterances had; null when nothing was expected. */
    public Double estimated() {
        return expectedReference > 0 ? hypothesis / expectedReference - 1 : null;
    }

    /** sum n_hyp / sum n_ref - 1: the over-segmentation their references gave; null without reference boundaries. */
    public Double realised() {
        return reference > 0 ? (double) hypothesis / reference - 1 : null;
    }
}
