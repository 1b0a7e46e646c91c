package dev.segmon.app.web;

import dev.segmon.app.state.WordCounts;
import dev.segmon.app.state.WordState;

import dev.segmon.app.state.IntervalState;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.state.MonitorState;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.UtteranceMoments;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@link WindowSource} over the monitor's state: the minute window store and the moment minute
 * store of this instance's active tasks (both kept 25 h behind stream time), minutes of one start
 * summed across tasks. A minute present in one store only (boundaries decided in it but no
 * utterance closed, or the other way round) gets zeros for the other.
 */
public final class StateWindows implements WindowSource {
    private final MonitorState state;
    private final IntervalState intervals;
    private final WordState words;

    public StateWindows(MonitorState state, IntervalState intervals, WordState words) {
        this.state = state;
        this.intervals = intervals;
        this.words = words;
    }

    @Override
    public List<MinuteWindow> local(String model, String tier, long fromMs, long toMs) {
        long end = toMs == Long.MAX_VALUE ? toMs : toMs + 1;
        ModelTier series = new ModelTier(model, tier);
        SortedMap<Long, MinuteCounts> minutes = state.minutes(fromMs, end).getOrDefault(series, new TreeMap<>());
        SortedMap<Long, UtteranceMoments> moments = intervals.momentMinutes(fromMs, end).getOrDefault(series, new TreeMap<>());
        SortedMap<Long, WordCounts> wordMinutes = words.minutes(fromMs, end).getOrDefault(series, new TreeMap<>());
        TreeSet<Long> starts = new TreeSet<>(minutes.keySet());
        starts.addAll(moments.keySet());
        starts.addAll(wordMinutes.keySet());
        List<MinuteWindow> out = new ArrayList<>(starts.size());
        for (long start : starts) {
            MinuteCounts c = minutes.get(start);
            out.add(new MinuteWindow(start, c == null ? 0 : c.utterances(), c == null ? BoundaryCounts.ZERO : c.counts(),
                    moments.getOrDefault(start, UtteranceMoments.ZERO), wordMinutes.getOrDefault(start, WordCounts.ZERO).edits()));
        }
        return out;
    }
}
