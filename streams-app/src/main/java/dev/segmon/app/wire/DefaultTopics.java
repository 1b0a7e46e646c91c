package dev.segmon.app.wire;

/** The default topic names (docs/contract.md 3.1); every one can be configured. */
public final class DefaultTopics {
    public static final String HYPOTHESES = "segmon.hypotheses";
    public static final String REFERENCES = "segmon.references";
    public static final String SCORES = "segmon.scores";
    public static final String DEAD_LETTERS = "segmon.dead-letters";
    /** The per-minute windows of each (model, tier): {@link MinuteWindow} records. */
    public static final String METRICS = "segmon.metrics";

    private DefaultTopics() {
    }
}
