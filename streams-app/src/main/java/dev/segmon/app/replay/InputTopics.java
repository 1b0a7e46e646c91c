package dev.segmon.app.replay;

import dev.segmon.app.wire.DefaultTopics;

/** The names of the monitor's two input topics (docs/contract.md 3.1 defaults). */
public record InputTopics(String hypotheses, String references) {
    public static final InputTopics DEFAULT = new InputTopics(DefaultTopics.HYPOTHESES, DefaultTopics.REFERENCES);
}
