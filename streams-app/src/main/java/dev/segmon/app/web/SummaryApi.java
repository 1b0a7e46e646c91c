package dev.segmon.app.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Label;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * {@code GET /api/v1/summary}: this instance's {@code segmon_*} counters and gauges as JSON, the
 * very samples {@code /metrics} serves (same collector, same names with {@code _total} on
 * counters, same labels), for the page's latest values, outcomes, dead letters and reference
 * lag. {@code now} (epoch seconds) is the server's clock, against which the page measures how far
 * behind the references are. Histograms are left out: the page does not show them. A
 * non-finite value is null (JSON has no NaN).
 *
 * <p>Slices (docs/slices.md): without a parameter the pooled samples only (those without a
 * {@code slice} label), as before slices existed; {@code ?slice=KEY=VALUE} that slice's samples with
 * its two labels removed, so that a slice reads like a model; {@code ?slice=all} every sample with
 * its labels as {@code /metrics} has them.
 */
final class SummaryApi implements HttpHandler {
    private final PrometheusRegistry segmon;
    private final LongSupplier wallClock;

    SummaryApi(PrometheusRegistry segmon, LongSupplier wallClock) {
        this.segmon = segmon;
        this.wallClock = wallClock;
    }

    @Override
    public void handle(HttpExchange ex) throws IOException {
        String slice = Http.query(ex).get("slice");
        String key = null;
        String value = null;
        if (slice != null && !slice.equals("all")) {
            int eq = slice.indexOf('=');
            if (eq <= 0) {
                Http.error(ex, 400, "slice must be KEY=VALUE or all");
                return;
            }
            key = slice.substring(0, eq);
            value = slice.substring(eq + 1);
        }
        Selection selected = new Selection(slice == null, key, value);
        ObjectNode body = ApiJson.MAPPER.createObjectNode();
        body.put("now", wallClock.getAsLong() / 1000.0);
        ArrayNode samples = body.putArray("samples");
        for (MetricSnapshot m : segmon.scrape()) {
            String name = m.getMetadata().getPrometheusName();
            if (m instanceof CounterSnapshot c) {
                c.getDataPoints().forEach(p -> add(samples, name + "_total", p, p.getValue(), selected));
            } else if (m instanceof GaugeSnapshot g) {
                g.getDataPoints().forEach(p -> add(samples, name, p, p.getValue(), selected));
            }
        }
        Http.respond(ex, 200, Http.JSON, body.toString());
    }

    /** Which samples a request asked for: the pooled ones, one slice's ({@code key} = {@code value}) or all (both null). */
    private record Selection(boolean pooled, String key, String value) {
        boolean wants(DataPointSnapshot p) {
            String sliceKey = p.getLabels().get(SLICE);
            if (pooled) {
                return sliceKey == null;
            }
            return key == null || key.equals(sliceKey) && value.equals(p.getLabels().get(key));
        }

        /** Whether a label is shown: a slice's own two are not when one slice was asked for. */
        boolean shows(String label) {
            return key == null || !label.equals(SLICE) && !label.equals(key);
        }
    }

    private static final String SLICE = dev.segmon.app.metrics.SlicedMetrics.SLICE_LABEL;

    private static void add(ArrayNode samples, String name, DataPointSnapshot p, double value, Selection selected) {
        if (!selected.wants(p)) {
            return;
        }
        ObjectNode s = samples.addObject();
        s.put("name", name);
        ObjectNode labels = s.putObject("labels");
        for (Label l : p.getLabels()) {
            if (selected.shows(l.getName())) {
                labels.put(l.getName(), l.getValue());
            }
        }
        if (Double.isFinite(value)) {
            s.put("value", value);
        } else {
            s.putNull("value"); // JSON has no NaN or infinity; the page shows a dash
        }
    }
}
