package dev.segmon.app.replay;

/** The names of the monitor's two input topics (INTERFACE.md 3.1 defaults). */
public record InputTopics(String hypotheses, String references) {
    public static final String DEFAULT_HYPOTHESES = "segmon.hypotheses";
    public static final String DEFAULT_REFERENCES = "segmon.references";
    public static final InputTopics DEFAULT = new InputTopics(DEFAULT_HYPOTHESES, DEFAULT_REFERENCES);
}
