package dev.segmon.app.web;

import dev.segmon.model.edit.EditCounts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScores;
import dev.segmon.model.interval.Interval;
import dev.segmon.model.interval.Measure;
import dev.segmon.model.interval.UtteranceMoments;
import java.time.Instant;
import java.util.List;
import java.util.function.ToLongFunction;

/** The JSON of a minute window (docs/contract.md 3.3), both ways: what instances send each other is the public format. */
final class Json {
    static final ObjectMapper MAPPER = dev.segmon.app.wire.Json.MAPPER;

    /** Two-sided 95 %, the level of the interval gauges on /metrics. */
    static final double LEVEL = 0.95;

    /**
     * The moment sums' keys in the window's {@code moments} object, in {@link UtteranceMoments}'
     * component order (the counters' names of docs/intervals.md without {@code segmon_utterance_}).
     */
    private record Field(String key, ToLongFunction<UtteranceMoments> value) {
    }

    private static final List<Field> MOMENTS = List.of(
            new Field("utterances", UtteranceMoments::utterances), new Field("hits", UtteranceMoments::hits),
            new Field("hypothesis", UtteranceMoments::hypothesis), new Field("reference", UtteranceMoments::reference),
            new Field("hits_squared", UtteranceMoments::hitsSquared), new Field("hypothesis_squared", UtteranceMoments::hypothesisSquared),
            new Field("reference_squared", UtteranceMoments::referenceSquared), new Field("hits_hypothesis", UtteranceMoments::hitsHypothesis),
            new Field("hits_reference", UtteranceMoments::hitsReference), new Field("hypothesis_reference", UtteranceMoments::hypothesisReference));

    private Json() {
    }

    /**
     * The contract's fields, plus the ratios of the minute from {@link BoundaryCounts#scores()}
     * (null where a denominator is zero), so that the page never derives a ratio itself; the
     * minute's moment sums ({@code moments}) and, from them, each measure's 95 % interval over
     * the utterances closed in the minute, {@code <measure>_low} and {@code <measure>_high}
     * ({@link UtteranceMoments#confidenceInterval}; null without an estimate, e.g. fewer than two
     * utterances). Called on minutes already summed across tasks and instances: intervals are
     * derived from summed moments, never added.
     */
    static ObjectNode window(MinuteWindow w) {
        BoundaryCounts c = w.counts();
        BoundaryScores s = c.scores();
        ObjectNode n = MAPPER.createObjectNode();
        n.put("start", Instant.ofEpochMilli(w.startMs()).toString());
        n.put("utterances", w.utterances());
        n.put("hits", c.hits());
        n.put("n_ref", c.reference());
        n.put("n_hyp", c.hypothesis());
        n.put("precision", s.precision());
        n.put("recall", s.recall());
        n.put("f1", s.f1());
        n.put("os", s.overSegmentation());
        n.put("r_value", s.rValue());
        for (Measure m : Measure.values()) {
            Interval i = w.moments().confidenceInterval(m, LEVEL);
            n.put(m.key() + "_low", i == null ? null : i.lower());
            n.put(m.key() + "_high", i == null ? null : i.upper());
        }
        ObjectNode moments = n.putObject("moments");
        for (Field f : MOMENTS) {
            moments.put(f.key(), f.value().applyAsLong(w.moments()));
        }
        // Word errors: the counts (which add across instances) and the rate derived from them.
        EditCounts e = w.words();
        n.put("wer", e.wer());
        ObjectNode words = n.putObject("words");
        words.put("substitutions", e.substitutions());
        words.put("insertions", e.insertions());
        words.put("deletions", e.deletions());
        words.put("reference_words", e.referenceTokens());
        return n;
    }

    /** The inverse of {@link #window} for the counts and moments (the ratios and intervals are derived again from them). */
    static MinuteWindow window(JsonNode n) {
        long[] m = new long[MOMENTS.size()];
        JsonNode moments = n.path("moments");
        for (int i = 0; i < m.length; i++) {
            m[i] = moments.path(MOMENTS.get(i).key()).asLong(0);
        }
        return new MinuteWindow(Instant.parse(n.get("start").asText()).toEpochMilli(), n.get("utterances").asLong(),
                BoundaryCounts.oneToOne(n.get("n_ref").asLong(), n.get("n_hyp").asLong(), n.get("hits").asLong()),
                new UtteranceMoments(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9]),
                new EditCounts(n.path("words").path("substitutions").asLong(0), n.path("words").path("insertions").asLong(0),
                        n.path("words").path("deletions").asLong(0), n.path("words").path("reference_words").asLong(0)));
    }
}
