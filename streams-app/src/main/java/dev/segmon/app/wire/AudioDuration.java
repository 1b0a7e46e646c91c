package dev.segmon.app.wire;

/**
 * The optional {@code duration} of a hypothesis {@code end} message (docs/contract.md 3.1): the
 * seconds of audio that were decoded, used by the early over-segmentation estimate. A bad duration
 * never refuses its message (the end still ends the utterance, which scores as usual): the
 * duration is left unused and counted under its {@link Refusal}.
 *
 * @param seconds the duration, or NaN when absent or refused
 * @param refusal why a given duration is not used; null when absent or usable
 */
public record AudioDuration(double seconds, Refusal refusal) {
    public static final AudioDuration ABSENT = new AudioDuration(Double.NaN, null);

    /** The {@code reason} label of {@code segmon_durations_refused_total}. */
    public enum Refusal {
        /** Not a JSON number (a string such as "NaN", a boolean, an object). */
        NOT_A_NUMBER("not_a_number"),
        /** A number too large for a double (Jackson reads 1e999 as infinity). */
        NOT_FINITE("not_finite"),
        NEGATIVE("negative"),
        /** Shorter than the hypothesis' last boundary: the audio cannot end before a boundary in it. */
        BEFORE_LAST_BOUNDARY("before_last_boundary");

        private final String label;

        Refusal(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public static Refusal of(String label) {
            for (Refusal r : values()) {
                if (r.label.equals(label)) {
                    return r;
                }
            }
            throw new IllegalArgumentException("unknown duration refusal " + label);
        }
    }

    public static AudioDuration of(double seconds) {
        return new AudioDuration(seconds, null);
    }

    /** The field as the message carries it ({@code node} null when absent). */
    static AudioDuration parse(JsonValue node) {
        if (node == null || node.isNull()) {
            return ABSENT;
        }
        return checked(node.isNumber() ? node.doubleValue() : Double.NaN, node.isNumber());
    }

    /** A present, non-null duration: {@code number} false when it is not a JSON number. */
    static AudioDuration checked(double d, boolean number) {
        if (!number) {
            return refused(Refusal.NOT_A_NUMBER);
        }
        if (!Double.isFinite(d)) {
            return refused(Refusal.NOT_FINITE);
        }
        return d < 0 ? refused(Refusal.NEGATIVE) : of(d);
    }

    private static AudioDuration refused(Refusal r) {
        return new AudioDuration(Double.NaN, r);
    }

    /** A usable duration: present, finite, >= 0 and not refused. */
    public boolean usable() {
        return refusal == null && !Double.isNaN(seconds);
    }

    /**
     * This duration checked against the hypothesis' last boundary ({@code lastBoundaryMicros},
     * {@code Long.MIN_VALUE} when it had none): refused when the audio would end before it.
     */
    public AudioDuration checkedAgainst(long lastBoundaryMicros) {
        if (usable() && lastBoundaryMicros != Long.MIN_VALUE && seconds * 1e6 < lastBoundaryMicros) {
            return refused(Refusal.BEFORE_LAST_BOUNDARY);
        }
        return this;
    }
}
