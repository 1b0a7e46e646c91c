package dev.segmon.app.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScores;
import dev.segmon.model.edit.EditCounts;
import dev.segmon.model.interval.Estimate;
import dev.segmon.model.interval.Interval;
import dev.segmon.model.interval.Measure;
import dev.segmon.model.interval.PairedMeasure;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.PairedMoments.Component;
import dev.segmon.model.interval.UtteranceMoments;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The HTTP API's JSON (docs/contract.md 3.3) as trees, read and written, because instances read
 * each other's answers; the Kafka records, written once and never read back here, use {@link
 * dev.segmon.app.wire.RecordJson}. Covers a minute's totals, a comparison's paired moments and a
 * series' change.
 */
final class ApiJson {
    static final ObjectMapper MAPPER = dev.segmon.app.wire.RecordJson.MAPPER;

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

    private ApiJson() {
    }

    /**
     * The contract's fields, plus the ratios of the minute from {@link BoundaryCounts#scores()}
     * (null where a denominator is zero), so that the page never derives a ratio itself; the
     * minute's moment sums ({@code moments}) and, from them, each measure's 95 % interval over
     * the utterances closed in the minute, {@code <measure>_low} and {@code <measure>_high}
     * ({@link UtteranceMoments#confidenceInterval}; null without an estimate, e.g. fewer than two
     * utterances). Called on minutes (or on several minutes added into one window, the
     * overview's last 5) already summed across tasks and instances: intervals are derived from
     * summed moments, never added.
     */
    static ObjectNode window(MinuteTotals w) {
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
    static MinuteTotals window(JsonNode n) {
        long[] m = new long[MOMENTS.size()];
        JsonNode moments = n.path("moments");
        for (int i = 0; i < m.length; i++) {
            m[i] = moments.path(MOMENTS.get(i).key()).asLong(0);
        }
        return new MinuteTotals(Instant.parse(n.get("start").asText()).toEpochMilli(), n.get("utterances").asLong(),
                BoundaryCounts.oneToOne(n.get("n_ref").asLong(), n.get("n_hyp").asLong(), n.get("hits").asLong()),
                new UtteranceMoments(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9]),
                new EditCounts(n.path("words").path("substitutions").asLong(0), n.path("words").path("insertions").asLong(0),
                        n.path("words").path("deletions").asLong(0), n.path("words").path("reference_words").asLong(0)));
    }

    /**
     * A comparison's paired moments over some minutes ({@code moments}: {@code utterances}, the
     * five sums {@code hc}, {@code yc}, {@code hb}, {@code yb}, {@code r} and the 15 distinct
     * products {@code hc_hc}, {@code hc_yc}, ..., {@code r_r}, which instances add up), and from
     * them candidate minus baseline with its 95 % interval for each measure, {@code <measure>},
     * {@code <measure>_low}, {@code <measure>_high} (the paired gauges' estimate and clipping; null
     * without an estimate, e.g. fewer than two utterances scored for both).
     */
    static ObjectNode paired(PairedMoments m) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("utterances", m.utterances());
        for (PairedMeasure measure : PairedMeasure.values()) {
            Estimate e = m.estimate(measure);
            Interval i = e == null ? null : measure.clip(e.confidenceInterval(LEVEL));
            n.put(measure.key(), e == null ? null : e.value());
            n.put(measure.key() + "_low", i == null ? null : i.lower());
            n.put(measure.key() + "_high", i == null ? null : i.upper());
        }
        ObjectNode moments = n.putObject("moments");
        moments.put("utterances", m.utterances());
        for (Component c : Component.values()) {
            moments.put(c.key(), m.sum(c));
        }
        List<String> products = productKeys();
        long[] values = m.distinctProducts();
        for (int i = 0; i < values.length; i++) {
            moments.put(products.get(i), values[i]);
        }
        return n;
    }

    /** The inverse of {@link #paired(PairedMoments)} for the moments. */
    static PairedMoments paired(JsonNode n) {
        JsonNode moments = n.path("moments");
        Component[] cs = Component.values();
        long[] sums = new long[cs.length];
        for (int i = 0; i < cs.length; i++) {
            sums[i] = moments.path(cs[i].key()).asLong(0);
        }
        List<String> keys = productKeys();
        long[] products = new long[keys.size()];
        for (int i = 0; i < products.length; i++) {
            products[i] = moments.path(keys.get(i)).asLong(0);
        }
        return PairedMoments.of(moments.path("utterances").asLong(0), sums, products);
    }

    /** The distinct products' keys in {@link PairedMoments#distinctProducts()}' order: hc_hc, hc_yc, ..., r_r. */
    private static List<String> productKeys() {
        Component[] cs = Component.values();
        List<String> out = new ArrayList<>();
        for (int a = 0; a < cs.length; a++) {
            for (int b = a; b < cs.length; b++) {
                out.add(cs[a].key() + "_" + cs[b].key());
            }
        }
        return out;
    }

    /**
     * A series' change: {@code called}, {@code since} (epoch ms or null), {@code measures} (each
     * {@code measure}, {@code log_statistic}, {@code log_threshold}, {@code called}, {@code since},
     * {@code estimate}) and {@code history} ({@code [[epoch ms, evidence], ...]}). A number that is
     * not finite (a detector still learning has no threshold yet) is null.
     */
    static ObjectNode change(SeriesChange c) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("called", c.called());
        n.put("since", c.since());
        ArrayNode measures = n.putArray("measures");
        for (MeasureChange m : c.measures()) {
            ObjectNode o = measures.addObject();
            o.put("measure", m.measure());
            o.put("log_statistic", finite(m.logStatistic()));
            o.put("log_threshold", finite(m.logThreshold()));
            o.put("called", m.called());
            o.put("since", m.sinceMillis());
            o.put("estimate", finite(m.estimate()));
        }
        ArrayNode history = n.putArray("history");
        for (EvidencePoint p : c.history()) {
            history.addArray().add(p.epochMillis()).add(finite(p.evidence()));
        }
        return n;
    }

    /** The inverse of {@link #change(SeriesChange)}, for a row of (model, baseline, tier); null is NaN again. */
    static SeriesChange change(String model, String baseline, String tier, JsonNode n) {
        List<MeasureChange> measures = new ArrayList<>();
        for (JsonNode m : n.path("measures")) {
            measures.add(new MeasureChange(m.path("measure").asText(), number(m.path("log_statistic")), number(m.path("log_threshold")),
                    m.path("called").asBoolean(), m.path("since").isNumber() ? m.path("since").asLong() : null, number(m.path("estimate"))));
        }
        List<EvidencePoint> history = new ArrayList<>();
        for (JsonNode p : n.path("history")) {
            history.add(new EvidencePoint(p.path(0).asLong(), number(p.path(1))));
        }
        return new SeriesChange(model, baseline, tier, measures, history);
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    private static double number(JsonNode n) {
        return n.isNumber() ? n.asDouble() : Double.NaN;
    }
}
