package dev.segmon.app.web;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;

/**
 * Where {@code /api/v1/windows} reads per-minute counts: this instance's minutes only (its active
 * tasks), the fan-out to the other instances is {@link Peers}'s job. The one place the web code
 * depends on how the processor stores minutes, so that the store can change behind it.
 */
public interface WindowSource {

    /** The minutes of (model, tier) starting in {@code [fromMs, toMs]}, summed over this instance's active tasks, ascending. */
    List<MinuteTotals> local(String model, String tier, long fromMs, long toMs);

    /** Minute lists summed per start, ascending: the union of tasks' or instances' minutes. */
    static List<MinuteTotals> merge(Collection<? extends Collection<MinuteTotals>> parts) {
        TreeMap<Long, MinuteTotals> byStart = new TreeMap<>();
        for (Collection<MinuteTotals> part : parts) {
            for (MinuteTotals w : part) {
                byStart.merge(w.startMs(), w, MinuteTotals::plus);
            }
        }
        return new ArrayList<>(byStart.values());
    }
}
