package dev.segmon.app.replay;

/**
 * The Kafka record timestamps of a replay: every message of the n-th utterance sent (0-based; its
 * reference included) is stamped {@code startMillis + n × spacing}, so that a corpus replayed in
 * seconds can span the hours of record time the monitor's windows and expiry run on.
 */
public record RecordTimes(long startMillis, double spacingSeconds) {
    public RecordTimes {
        if (startMillis < 0) {
            throw new IllegalArgumentException("record times start at epoch ms >= 0, not " + startMillis);
        }
        if (!(spacingSeconds >= 0) || Double.isInfinite(spacingSeconds)) {
            throw new IllegalArgumentException("utterance spacing must be a finite number of seconds >= 0, not " + spacingSeconds);
        }
    }

    /** The record time (epoch ms) of the messages of utterance {@code n}. */
    public long of(long n) {
        return startMillis + Math.round(n * spacingSeconds * 1000.0);
    }
}
