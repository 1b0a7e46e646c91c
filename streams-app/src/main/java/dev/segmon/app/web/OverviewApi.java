package dev.segmon.app.web;

import dev.segmon.app.metrics.Points;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.PairTier;
import dev.segmon.model.interval.PairedMoments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * {@code GET /api/v1/overview?minutes=N} (docs/contract.md 3.3): one row per model and tier and one
 * per comparison, for the whole application: the figures of the last 5 minutes (the {@code 5m}
 * gauges' window) with their 95 % intervals, and what the change detectors hold of the series
 * ({@link ChangeSource}), its evidence the last {@code N} minutes back (default 60). Rows with a
 * called change come first.
 *
 * <p>Every instance's sums are added up first ({@link Peers}, each asked for its
 * {@code scope=local} rows with the asker's clock as {@code now}, so that all cut at the same
 * minutes), then each row's figures and intervals are derived from the sum, as
 * {@code /api/v1/windows} does: an interval does not add up.
 */
final class OverviewApi implements HttpHandler {
    private final OverviewSource source;
    private final ChangeSource changes;
    private final Peers peers;
    private final LongSupplier wallClock;

    OverviewApi(OverviewSource source, ChangeSource changes, Peers peers, LongSupplier wallClock) {
        this.source = source;
        this.changes = changes;
        this.peers = peers;
        this.wallClock = wallClock;
    }

    @Override
    public void handle(HttpExchange ex) throws IOException {
        Map<String, String> q = Http.query(ex);
        long now;
        long minutes;
        try {
            now = q.containsKey("now") ? Http.number(q.get("now"), "now", 0, Long.MAX_VALUE) : wallClock.getAsLong();
            minutes = q.containsKey("minutes") ? Http.number(q.get("minutes"), "minutes", 1, WindowsApi.MAX_MINUTES) : WindowsApi.DEFAULT_MINUTES;
        } catch (IllegalArgumentException e) {
            Http.error(ex, 400, e.getMessage());
            return;
        }
        long from = Points.slidingStart(now);
        long historyFrom = WindowsApi.firstMinute(now, minutes);
        Part sum = local(from, historyFrom);
        Peers.Answers<Part> others = "local".equals(q.get("scope")) ? Peers.Answers.none()
                : peers.ask("/api/v1/overview?scope=local&now=" + now + "&minutes=" + minutes, ex.getRequestHeaders().getFirst("Authorization"),
                        body -> Part.read(body, from));
        for (Part p : others.answers()) {
            sum = sum.plus(p);
        }

        ObjectNode body = ApiJson.MAPPER.createObjectNode();
        body.put("from", Instant.ofEpochMilli(from).toString());
        body.put("window", "5m");
        body.put("history_from", Instant.ofEpochMilli(historyFrom).toString());
        body.put("instances", 1 + others.answers().size());
        ArrayNode unreachable = body.putArray("unreachable");
        others.unreachable().forEach(unreachable::add);
        body.set("rows", sum.rows());
        Http.respond(ex, 200, Http.JSON, body.toString());
    }

    /** This instance's part: its sums from {@code from} on, and its detectors' entries with the evidence from {@code historyFrom} on. */
    private Part local(long from, long historyFrom) {
        OverviewSource.Sums sums = source.sums(from);
        Map<Key, SeriesChange> detected = new TreeMap<>();
        for (SeriesChange c : changes.local()) {
            detected.merge(Key.of(c), new SeriesChange(c.model(), c.baseline(), c.tier(), c.measures(),
                    c.history().stream().filter(p -> p.epochMillis() >= historyFrom).toList()), OverviewApi::newer);
        }
        return new Part(from, new TreeMap<>(sums.models()), new TreeMap<>(sums.comparisons()), detected);
    }

    /** Of two instances' entries for one series (a task moving between them), the one whose evidence reaches later. */
    private static SeriesChange newer(SeriesChange a, SeriesChange b) {
        return last(b) > last(a) ? b : a;
    }

    private static long last(SeriesChange c) {
        return c.history().isEmpty() ? Long.MIN_VALUE : c.history().get(c.history().size() - 1).epochMillis();
    }

    /** A row's series: a model (baseline null) or a comparison, on a tier. */
    record Key(String model, String baseline, String tier) implements Comparable<Key> {
        private static final Comparator<Key> ORDER = Comparator.comparing(Key::model)
                .thenComparing(Key::baseline, Comparator.nullsFirst(Comparator.naturalOrder())).thenComparing(Key::tier);

        static Key of(SeriesChange c) {
            return new Key(c.model(), c.baseline(), c.tier());
        }

        /** Models before comparisons, then by model (candidate), baseline, tier. */
        @Override
        public int compareTo(Key o) {
            int kind = Boolean.compare(baseline != null, o.baseline != null);
            return kind != 0 ? kind : ORDER.compare(this, o);
        }
    }

    /** One instance's rows, or several instances' added up: sums add, a series' change is taken from the instance that has it. */
    record Part(long from, SortedMap<ModelTier, MinuteTotals> models, SortedMap<PairTier, PairedMoments> comparisons,
                Map<Key, SeriesChange> changes) {

        Part plus(Part o) {
            SortedMap<ModelTier, MinuteTotals> m = new TreeMap<>(models);
            o.models.forEach((k, v) -> m.merge(k, v, MinuteTotals::plus));
            SortedMap<PairTier, PairedMoments> c = new TreeMap<>(comparisons);
            o.comparisons.forEach((k, v) -> c.merge(k, v, PairedMoments::plus));
            Map<Key, SeriesChange> d = new TreeMap<>(changes);
            o.changes.forEach((k, v) -> d.merge(k, v, OverviewApi::newer));
            return new Part(from, m, c, d);
        }

        /** An instance's {@code scope=local} answer: its sums (the figures it derived are ignored) and its changes. */
        static Part read(JsonNode body, long from) {
            SortedMap<ModelTier, MinuteTotals> m = new TreeMap<>();
            SortedMap<PairTier, PairedMoments> c = new TreeMap<>();
            Map<Key, SeriesChange> d = new TreeMap<>();
            for (JsonNode row : body.get("rows")) {
                String model = row.get("model").asText();
                String baseline = row.path("baseline").isTextual() ? row.get("baseline").asText() : null;
                String tier = row.get("tier").asText();
                if (!row.path("start").isMissingNode()) {
                    if (baseline == null) {
                        m.merge(new ModelTier(model, tier), ApiJson.window(row).at(from), MinuteTotals::plus);
                    } else {
                        c.merge(new PairTier(model, baseline, tier), ApiJson.paired(row), PairedMoments::plus);
                    }
                }
                if (row.path("change").isObject()) {
                    d.merge(new Key(model, baseline, tier), ApiJson.change(model, baseline, tier, row.get("change")), OverviewApi::newer);
                }
            }
            return new Part(from, m, c, d);
        }

        /**
         * The rows: every series with figures or a change, called changes first (earliest start
         * first, a call without a start after those with one), then models before comparisons, by
         * name. A series without figures has only its key and change; one without a detector entry
         * has {@code "change": null}.
         */
        ArrayNode rows() {
            Map<Key, ObjectNode> byKey = new TreeMap<>();
            models.forEach((s, w) -> byKey.put(new Key(s.model(), null, s.tier()), figures(s.model(), null, s.tier(), ApiJson.window(w))));
            comparisons.forEach((p, pm) -> byKey.put(new Key(p.candidate(), p.baseline(), p.tier()),
                    figures(p.candidate(), p.baseline(), p.tier(), ApiJson.paired(pm))));
            changes.keySet().forEach(k -> byKey.computeIfAbsent(k, x -> figures(k.model(), k.baseline(), k.tier(), null)));
            List<Key> order = new ArrayList<>(byKey.keySet());
            order.sort(Comparator.comparing((Key k) -> !called(k)).thenComparing(k -> since(k), Comparator.nullsLast(Comparator.naturalOrder()))
                    .thenComparing(Comparator.naturalOrder()));
            ArrayNode out = ApiJson.MAPPER.createArrayNode();
            for (Key k : order) {
                ObjectNode row = byKey.get(k);
                SeriesChange c = changes.get(k);
                row.set("change", c == null ? null : ApiJson.change(c));
                out.add(row);
            }
            return out;
        }

        private boolean called(Key k) {
            SeriesChange c = changes.get(k);
            return c != null && c.called();
        }

        private Long since(Key k) {
            return called(k) ? changes.get(k).since() : null;
        }

        /** A row: its series, then (when it has them) the figures' window start and the figures. */
        private ObjectNode figures(String model, String baseline, String tier, ObjectNode figures) {
            ObjectNode row = ApiJson.MAPPER.createObjectNode();
            row.put("model", model);
            row.put("baseline", baseline);
            row.put("tier", tier);
            if (figures != null) {
                row.put("start", Instant.ofEpochMilli(from).toString());
                row.setAll(figures);
            }
            return row;
        }
    }
}
