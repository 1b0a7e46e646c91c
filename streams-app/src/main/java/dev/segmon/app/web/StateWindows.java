package dev.segmon.app.web;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.state.MonitorState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * {@link WindowSource} over the monitor's state: the minute window store of this instance's
 * active tasks (kept 25 h behind stream time), minutes of one start summed across tasks.
 */
public final class StateWindows implements WindowSource {
    private final MonitorState state;

    public StateWindows(MonitorState state) {
        this.state = state;
    }

    @Override
    public List<MinuteWindow> local(String model, String tier, long fromMs, long toMs) {
        SortedMap<Long, MinuteCounts> minutes = state.minutes(fromMs, toMs == Long.MAX_VALUE ? toMs : toMs + 1)
                .getOrDefault(new ModelTier(model, tier), new java.util.TreeMap<>());
        List<MinuteWindow> out = new ArrayList<>(minutes.size());
        for (Map.Entry<Long, MinuteCounts> e : minutes.entrySet()) {
            out.add(new MinuteWindow(e.getKey(), e.getValue().utterances(), e.getValue().counts()));
        }
        return out;
    }
}
