package dev.segmon.app.wire;

/** What a record of an input topic is: a hypothesis event, a reference chunk, or refused with a reason. */
public sealed interface InputEvent permits HypothesisEvent, ReferenceChunk, InputEvent.Rejected {
    /** The model label of reference-side records and utterances, which belong to no model. */
    String NO_MODEL = "none";
    /** The label of a model or tier a refused record did not say. */
    String UNKNOWN = "unknown";

    /**
     * At most this many times in one hypothesis record, or segments in one reference chunk. Far
     * above what a record of one utterance needs (an hour of words is about 10 000 boundaries),
     * and it bounds the dead letters one record can cause (a refused time is one dead letter).
     */
    int MAX_ARRAY = 10_000;

    /** A record that cannot be used, with what could be read of its labels. */
    record Rejected(DeadLetterReason reason, String model, String tier, String detail) implements InputEvent {
    }
}
