package dev.segmon.app.processors;

import java.util.List;

/** The processor's state stores (all key-value, persistent, changelogged). */
public final class StoreNames {
    /** (utterance, tier) -> the reference so far: boundaries, chunk spans, final flag, wall-clock times. */
    public static final String REFERENCES = "segmon-references";
    /** (utterance, tier, model) -> the incremental matcher and the utterance's decided counts. */
    public static final String HYPOTHESES = "segmon-hypotheses";
    /** (model, tier) -> cumulative counts, offset histogram, utterances by outcome, open utterances. */
    public static final String TOTALS = "segmon-totals";
    /** (reason, model, tier) -> dead-letter count. */
    public static final String DEAD_LETTERS = "segmon-dead-letter-counts";
    /** (model, tier, minute) -> counts decided in that minute of record time. */
    public static final String MINUTES = "segmon-minutes";

    /** tier -> the largest record timestamp of an accepted reference chunk. */
    public static final String REFERENCE_CLOCK = "segmon-reference-clock";

    public static final List<String> ALL = List.of(REFERENCES, HYPOTHESES, TOTALS, DEAD_LETTERS, MINUTES, REFERENCE_CLOCK);

    private StoreNames() {
    }
}
