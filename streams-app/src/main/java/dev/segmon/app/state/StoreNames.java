package dev.segmon.app.state;

import java.util.List;

/**
 * The monitor's state stores. The topology creates them under these names and hands the names to
 * the processor and its parts; the metrics exporter and the live page query them by name.
 */
public final class StoreNames {
    /**
     * (utterance, tier) -> {@link UtteranceHead}: the heads of an utterance's reference (its
     * fixed-size state and latest chunks) and of each model's hypothesis, in one value.
     */
    public static final String UTTERANCES = "segmon-utterance-heads";
    /** (utterance, tier, "", seq) -> {@link ReferencePart}: a reference's sealed chunks. */
    public static final String REFERENCE_PARTS = "segmon-reference-parts";
    /** (utterance, tier, model, seq) -> {@link HypothesisPart}: the boundaries and words each record added. */
    public static final String HYPOTHESIS_PARTS = "segmon-hypothesis-parts";
    /**
     * (model, tier) -> {@link SeriesFigures}: every measure's cumulative figures of the series in
     * one value (boundary totals, moments, word errors, the estimate's sums, comparisons).
     */
    public static final String SERIES = "segmon-series";
    /** Window store: (model, tier) x minute of record time -> {@link MinuteFigures}. */
    public static final String SERIES_MINUTES = "segmon-series-minutes";
    /** (reason, model, tier) -> dead-letter count. */
    public static final String DEAD_LETTERS = "segmon-dead-letter-counts";
    /** tier -> the largest record timestamp of an accepted reference chunk. */
    public static final String REFERENCE_CLOCK = "segmon-reference-clock";
    /** (utterance, tier, model, partner) -> {@link Moments.Pending}: counts waiting for the partner. */
    public static final String PAIRED_PENDING = "segmon-paired-pending";
    /** (model, baseline, tier) -> {@link DetectorSeries}: a series' change detectors, in the detection sub-topology. */
    public static final String DETECTORS = "segmon-detectors";

    /**
     * A store without data that writes the boundary processor's open states once per commit
     * ({@link CommitFlushStore}); one per task.
     */
    public static final String COMMIT_FLUSH = "segmon-commit-flush";
    /** As {@link #COMMIT_FLUSH}, for the change detectors' task. */
    public static final String DETECTOR_COMMIT_FLUSH = "segmon-detector-commit-flush";

    /**
     * The stores of the earlier layouts: before the series aggregates and hypothesis parts, and the
     * separate reference and hypothesis heads before {@link #UTTERANCES}. A monitor that
     * finds one of them (in its state directory or as a changelog topic of its application id)
     * stops with one line: their bytes are not the new layout's ({@code StateLayoutCheck}).
     */
    public static final List<String> RETIRED = List.of("segmon-references", "segmon-hypotheses", "segmon-totals", "segmon-minute-windows",
            "segmon-utterance-moments", "segmon-utterance-moment-minutes", "segmon-paired-moments", "segmon-paired-moment-minutes",
            "segmon-word-totals", "segmon-word-minutes", "segmon-estimate-hypothesis-rates", "segmon-estimate-hypothesis-minutes",
            "segmon-estimate-reference-rates", "segmon-estimate-backtest", "segmon-estimate-durations-refused",
            "segmon-reference-heads", "segmon-hypothesis-heads");

    /** The key-value stores. */
    public static final List<String> KEY_VALUE = List.of(UTTERANCES, REFERENCE_PARTS, HYPOTHESIS_PARTS, SERIES, DEAD_LETTERS, REFERENCE_CLOCK,
            PAIRED_PENDING, DETECTORS);

    private StoreNames() {
    }
}
