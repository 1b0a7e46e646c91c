package dev.segmon.app.web;

import java.util.List;

/** One detected series: a model (baseline == null) or a comparison candidate vs baseline, on a tier. */
public record SeriesChange(String model, String baseline, String tier, List<MeasureChange> measures, List<EvidencePoint> history) {

    /** Kept as given, unmodifiable; a null list is an empty one. */
    public SeriesChange {
        measures = measures == null ? List.of() : List.copyOf(measures);
        history = history == null ? List.of() : List.copyOf(history);
    }

    /** Called when any measure's statistic is at or above its threshold. */
    public boolean called() {
        return measures.stream().anyMatch(SeriesChange::atThreshold);
    }

    /** The earliest estimated start (epoch ms) among the called measures, or null. */
    public Long since() {
        return measures.stream().filter(m -> atThreshold(m) && m.sinceMillis() != null).map(MeasureChange::sinceMillis)
                .min(Long::compare).orElse(null);
    }

    /** A statistic at or above its threshold; false while either is not a number (a detector still learning). */
    private static boolean atThreshold(MeasureChange m) {
        return m.logStatistic() >= m.logThreshold();
    }
}
