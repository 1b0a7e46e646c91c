package dev.segmon.model.boundary;

import dev.segmon.model.Micros;
import dev.segmon.model.Seconds;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The hit tolerance of each tier (docs/contract.md 2.1): {@code word=0.05,phone=0.02} gives those
 * tiers their own window, a bare value ({@code 0.03}) is the window of every tier not named, and
 * with no bare value a tier not named gets {@link BoundaryScorer#DEFAULT_TOLERANCE_SECONDS}.
 * Words and phones are scored against different conventions (200 ms collars for words in
 * WhisperX's evaluation, 20 ms for phones in the phone-segmentation literature), so one window
 * for every tier misjudges at least one of them. Immutable.
 */
public final class Tolerances {
    private final double fallback;
    private final Map<String, Double> byTier;

    private Tolerances(double fallback, Map<String, Double> byTier) {
        this.fallback = fallback;
        this.byTier = Collections.unmodifiableMap(new LinkedHashMap<>(byTier));
    }

    /** One window for every tier. */
    public static Tolerances of(double seconds) {
        return new Tolerances(Seconds.nonNegative(seconds, "tolerance"), Map.of());
    }

    /** {@code fallback} for every tier not in {@code byTier}. */
    public static Tolerances of(double fallback, Map<String, Double> byTier) {
        Map<String, Double> checked = new LinkedHashMap<>();
        byTier.forEach((tier, s) -> checked.put(tier, Seconds.nonNegative(s, "tolerance of tier " + tier)));
        return new Tolerances(Seconds.nonNegative(fallback, "tolerance"), checked);
    }

    /**
     * Reads {@code 0.02}, {@code word=0.05,phone=0.02} or both ({@code 0.03,word=0.05}).
     *
     * @throws IllegalArgumentException naming the part that is wrong: not a number of seconds >= 0,
     *                                  an empty tier name, a tier or a bare value given twice
     */
    public static Tolerances parse(String text) {
        Double fallback = null;
        Map<String, Double> byTier = new LinkedHashMap<>();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            int eq = p.indexOf('=');
            String tier = eq < 0 ? null : p.substring(0, eq).trim();
            double seconds = seconds(eq < 0 ? p : p.substring(eq + 1), p);
            if (tier == null) {
                if (fallback != null) {
                    throw new IllegalArgumentException("tolerance '" + text + "' has two values for every tier");
                }
                fallback = seconds;
            } else if (tier.isEmpty()) {
                throw new IllegalArgumentException("tolerance '" + p + "' names no tier (use TIER=SECONDS)");
            } else if (byTier.put(tier, seconds) != null) {
                throw new IllegalArgumentException("tolerance '" + text + "' names tier " + tier + " twice");
            }
        }
        return of(fallback == null ? BoundaryScorer.DEFAULT_TOLERANCE_SECONDS : fallback, byTier);
    }

    private static double seconds(String number, String part) {
        try {
            double s = Double.parseDouble(number.trim());
            return Seconds.nonNegative(s, "tolerance");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("tolerance '" + part + "' is not a finite number of seconds >= 0");
        }
    }

    /**
     * The window of {@code tier}: its own, else (for a TextGrid's {@code NAME#K}) that of NAME, else
     * the fallback. A null tier (a file without tiers) gets the fallback.
     */
    public double seconds(String tier) {
        if (tier != null) {
            Double own = byTier.get(tier);
            if (own == null && tier.indexOf('#') > 0) {
                own = byTier.get(tier.substring(0, tier.indexOf('#')));
            }
            if (own != null) {
                return own;
            }
        }
        return fallback;
    }

    /** {@link #seconds(String)} on the microsecond grid the matching compares on. */
    public long micros(String tier) {
        return Micros.of(seconds(tier));
    }

    /** The window of every tier not named. */
    public double fallback() {
        return fallback;
    }

    /** The tiers given their own window, in the order given. */
    public Map<String, Double> byTier() {
        return byTier;
    }

    /** The text {@link #parse} reads back: the bare value first, then each tier's. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(Double.toString(fallback));
        byTier.forEach((tier, v) -> s.append(',').append(tier).append('=').append(v));
        return s.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Tolerances t && t.fallback == fallback && t.byTier.equals(byTier);
    }

    @Override
    public int hashCode() {
        return Double.hashCode(fallback) * 31 + byTier.hashCode();
    }
}
