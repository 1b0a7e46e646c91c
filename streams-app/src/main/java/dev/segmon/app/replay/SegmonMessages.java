package dev.segmon.app.replay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.model.alignment.Segment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON values of the monitor's input topics, exactly as INTERFACE.md 3.1 spells them. */
public final class SegmonMessages {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SegmonMessages() {
    }

    /** {@code {"utterance": "u1", "model": "asr-v7", "tier": "word", "time": 0.31}}. */
    public static String boundary(String utterance, String model, String tier, double time) {
        Map<String, Object> m = hypothesisHeader(utterance, model, tier);
        m.put("time", time);
        return write(m);
    }

    /** {@code {"utterance": "u1", "model": "asr-v7", "tier": "word", "end": true}}. */
    public static String end(String utterance, String model, String tier) {
        Map<String, Object> m = hypothesisHeader(utterance, model, tier);
        m.put("end", true);
        return write(m);
    }

    /** {@code {"utterance": "u1", "tier": "word", "segments": [{"start", "end", "label"}], "final": true}}. */
    public static String reference(String utterance, String tier, List<Segment> segments) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("utterance", utterance);
        m.put("tier", tier);
        List<Map<String, Object>> list = new ArrayList<>(segments.size());
        for (Segment s : segments) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("start", s.start());
            one.put("end", s.end());
            one.put("label", s.label());
            list.add(one);
        }
        m.put("segments", list);
        m.put("final", true);
        return write(m);
    }

    private static Map<String, Object> hypothesisHeader(String utterance, String model, String tier) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("utterance", utterance);
        m.put("model", model);
        m.put("tier", tier);
        return m;
    }

    private static String write(Map<String, Object> value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value, e);
        }
    }
}
