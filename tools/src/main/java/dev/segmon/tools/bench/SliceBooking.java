package dev.segmon.tools.bench;

import dev.segmon.app.metrics.PrometheusText;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Proof, from a monitor's {@code /metrics}, that a bench run with slice keys booked its utterances
 * in slices: per key and model, the hits of the key's slices sum to the pooled hits (docs/slices.md,
 * "What is booked"), no label was capped to {@code other}, and which values were booked.
 * {@code valuesBooked}: per key, the distinct values with hits.
 */
public record SliceBooking(List<String> keys, Map<String, Integer> valuesBooked) {
    public static final SliceBooking NONE = new SliceBooking(List.of(), Map.of());
    static final String HITS = "segmon_boundary_hits_total";
    static final String CAPPED = "segmon_slice_values_capped_total";

    public SliceBooking {
        keys = List.copyOf(keys);
        valuesBooked = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(valuesBooked));
    }

    /** Checks a full scrape for {@code keys} (none: {@link #NONE}); throws when the slices do not add up. */
    static SliceBooking of(List<PrometheusText.Sample> samples, List<String> keys) {
        Map<String, Integer> booked = new LinkedHashMap<>();
        for (String key : keys) {
            for (String model : BenchCorpus.MODELS) {
                double pooled = 0;
                double sliced = 0;
                for (PrometheusText.Sample s : samples) {
                    if (s.name().equals(HITS) && model.equals(s.label("model"))) {
                        pooled += MetricsClient.pooled(s) ? s.value() : 0;
                        sliced += key.equals(s.label("slice")) ? s.value() : 0;
                    }
                }
                Bench.failIf(pooled <= 0 || sliced != pooled, String.format(java.util.Locale.ROOT,
                        "%s: the slices of %s hold %.0f hits, the pooled series %.0f", model, key, sliced, pooled));
            }
            Set<String> values = new TreeSet<>();
            for (PrometheusText.Sample s : samples) {
                if (s.name().equals(HITS) && key.equals(s.label("slice")) && s.value() > 0) {
                    values.add(s.label(key));
                }
            }
            double capped = MetricsClient.sum(samples, CAPPED, "key", key);
            Bench.failIf(capped != 0, capped + " labels of " + key + " were booked as other");
            booked.put(key, values.size());
        }
        return new SliceBooking(keys, booked);
    }
}
