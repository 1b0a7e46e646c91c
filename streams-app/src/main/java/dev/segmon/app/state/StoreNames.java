package dev.segmon.app.state;

import java.util.List;

/**
 * The monitor's state stores. The topology creates them under these names and hands the names to
 * the processor and its parts; the metrics exporter and the live page query them by name.
 */
public final class StoreNames {
    /** (utterance, tier) -> {@link ReferenceState}. */
    public static final String REFERENCES = "segmon-references";
    /** (utterance, tier, model) -> {@link HypothesisHead}: a hypothesis' fixed-size state. */
    public static final String HYPOTHESES = "segmon-hypothesis-heads";
    /** (utterance, tier, model, seq) -> {@link HypothesisPart}: the boundaries and words each record added. */
    public static final String HYPOTHESIS_PARTS = "segmon-hypothesis-parts";
    /** (model, tier) -> {@link Totals}. */
    public static final String TOTALS = "segmon-totals";
    /** (reason, model, tier) -> dead-letter count. */
    public static final String DEAD_LETTERS = "segmon-dead-letter-counts";
    /** tier -> the largest record timestamp of an accepted reference chunk. */
    public static final String REFERENCE_CLOCK = "segmon-reference-clock";
    /** Window store: (model, tier) x minute of record time -> {@link MinuteCounts}. */
    public static final String MINUTE_WINDOWS = "segmon-minute-windows";

    /** (model, tier) -> cumulative {@code UtteranceMoments} of the closed utterances. */
    public static final String UTTERANCE_MOMENTS = "segmon-utterance-moments";
    /** Window store: (model, tier) x minute of record time -> {@code UtteranceMoments}. */
    public static final String UTTERANCE_MOMENT_MINUTES = "segmon-utterance-moment-minutes";
    /** (candidate, baseline, tier) -> cumulative {@code PairedMoments}. */
    public static final String PAIRED_MOMENTS = "segmon-paired-moments";
    /** Window store: (candidate, baseline, tier) x minute of record time -> {@code PairedMoments}. */
    public static final String PAIRED_MOMENT_MINUTES = "segmon-paired-moment-minutes";
    /** (utterance, tier, model, partner) -> {@link Moments.Pending}: counts waiting for the partner. */
    public static final String PAIRED_PENDING = "segmon-paired-pending";
    /** (model, tier) -> {@link WordCounts}: word errors and NED of the closed utterances (docs/contract.md 3.2). */
    public static final String WORD_TOTALS = "segmon-word-totals";
    /** Window store: (model, tier) x minute of record time -> {@link WordCounts}. */
    public static final String WORD_MINUTES = "segmon-word-minutes";

    /** The key-value stores. */
    public static final List<String> KEY_VALUE = List.of(REFERENCES, HYPOTHESES, HYPOTHESIS_PARTS, TOTALS, DEAD_LETTERS, REFERENCE_CLOCK);

    private StoreNames() {
    }
}
