package dev.segmon.app.web;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A {@link ChangeSource} for tests: the entries a test puts in, as a detector of this instance would hold them. */
final class FakeChanges implements ChangeSource {
    private final List<SeriesChange> entries = new CopyOnWriteArrayList<>();

    FakeChanges add(SeriesChange c) {
        entries.add(c);
        return this;
    }

    @Override
    public List<SeriesChange> local() {
        return List.copyOf(entries);
    }

    /** A model's (baseline null) or a comparison's detector with one measure and its evidence, one point a minute from {@code firstMs}. */
    static SeriesChange one(String model, String baseline, String tier, MeasureChange measure, long firstMs, double... evidence) {
        List<EvidencePoint> history = new java.util.ArrayList<>();
        for (int i = 0; i < evidence.length; i++) {
            history.add(new EvidencePoint(firstMs + i * 60_000L, evidence[i]));
        }
        return new SeriesChange(model, baseline, tier, List.of(measure), history);
    }
}
