package dev.segmon.model.timing;

/**
 * The collars word timing is reported at: a word's start (or end) is within a collar when
 * |hypothesis - reference| <= the collar, compared exactly on the microsecond grid as
 * {@code eval boundaries} compares (docs/contract.md 2.1). 20 ms is the phone-boundary tolerance
 * of segmentation work; 200 ms is WhisperX's word-timestamp collar (Bain et al., Interspeech 2023).
 */
public enum Collar {
    MS_20(20_000), MS_50(50_000), MS_100(100_000), MS_200(200_000);

    private final long micros;

    Collar(long micros) {
        this.micros = micros;
    }

    public long micros() {
        return micros;
    }

    /** The name in reports and JSON keys: "20ms", "50ms", "100ms", "200ms". */
    public String key() {
        return micros / 1000 + "ms";
    }

    /** Whether an offset in microseconds lies within the collar (the edge included). */
    public boolean holds(long offsetMicros) {
        return Math.abs(offsetMicros) <= micros;
    }
}
