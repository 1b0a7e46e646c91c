package dev.segmon.model.timing;

import dev.segmon.model.Ratio;

/**
 * The figures derived from {@link TimingCounts}, never stored: each a quotient of two counts
 * ({@link Ratio}), {@code null} when its denominator is zero. Offsets and errors are in
 * microseconds; shares are fractions. Every offset figure is conditional on recognition: it is
 * taken over matched words only, so it is read beside {@link #matchedShare()}.
 */
public final class TimingScores {
    private final TimingCounts c;

    TimingScores(TimingCounts counts) {
        this.c = counts;
    }

    /** Matched words / reference words: the share of the reference the offsets speak for. */
    public Double matchedShare() {
        return Ratio.of(c.matched(), c.referenceWords());
    }

    /** Mean signed start offset (hypothesis - reference): positive when starts come late. */
    public Double startBias() {
        return Ratio.of(c.startOffsetSum(), c.matched());
    }

    /** Mean signed end offset: positive when ends come late. */
    public Double endBias() {
        return Ratio.of(c.endOffsetSum(), c.matched());
    }

    /** Mean signed offset over starts and ends pooled. */
    public Double boundaryBias() {
        return Ratio.of(c.startOffsetSum() + c.endOffsetSum(), 2 * c.matched());
    }

    /** Mean absolute start offset. */
    public Double startMeanError() {
        return Ratio.of(c.startErrorSum(), c.matched());
    }

    /** Mean absolute end offset. */
    public Double endMeanError() {
        return Ratio.of(c.endErrorSum(), c.matched());
    }

    /**
     * Mean absolute offset over starts and ends pooled: the Montreal Forced Aligner's word boundary
     * error (McAuliffe et al., Interspeech 2017; memcauliffe.com, "Update on Montreal Forced
     * Aligner performance", 2021).
     */
    public Double boundaryMeanError() {
        return Ratio.of(c.startErrorSum() + c.endErrorSum(), 2 * c.matched());
    }

    /** Share of matched words whose start lies within {@code collar}. */
    public Double startsWithin(Collar collar) {
        return Ratio.of(c.within(collar).starts(), c.matched());
    }

    /** Share of matched words whose end lies within {@code collar}. */
    public Double endsWithin(Collar collar) {
        return Ratio.of(c.within(collar).ends(), c.matched());
    }

    /** Share of matched words whose start and end both lie within {@code collar}. */
    public Double wordsWithin(Collar collar) {
        return Ratio.of(c.within(collar).words(), c.matched());
    }

    /**
     * Reference words recognised with start and end within {@code collar}, over all reference
     * words: WhisperX's word-timestamp recall at 200 ms (Bain et al., Interspeech 2023).
     */
    public Double recallWithin(Collar collar) {
        return Ratio.of(c.within(collar).words(), c.referenceWords());
    }

    /** The same words over all hypothesis words: WhisperX's word-timestamp precision at 200 ms. */
    public Double precisionWithin(Collar collar) {
        return Ratio.of(c.within(collar).words(), c.hypothesisWords());
    }
}
