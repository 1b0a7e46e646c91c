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
        ObjectNode body = ApiJson.MAPPER.createObjectNode();
        body.put("now", wallClock.getAsLong() / 1000.0);
        ArrayNode samples = body.putArray("samples");
        for (MetricSnapshot m : segmon.scrape()) {
            String name = m.getMetadata().getPrometheusName();
            if (m instanceof CounterSnapshot c) {
                c.getDataPoints().forEach(p -> add(samples, name + "_total", p, p.getValue()));
            } else if (m instanceof GaugeSnapshot g) {
                g.getDataPoints().forEach(p -> add(samples, name, p, p.getValue()));
            }
        }
        Http.respond(ex, 200, Http.JSON, body.toString());
    }

    private static void add(ArrayNode samples, String name, DataPointSnapshot p, double value) {
        ObjectNode s = samples.addObject();
        s.put("name", name);
        ObjectNode labels = s.putObject("labels");
        for (Label l : p.getLabels()) {
            labels.put(l.getName(), l.getValue());
        }
        if (Double.isFinite(value)) {
            s.put("value", value);
        } else {
            s.putNull("value"); // JSON has no NaN or infinity; the page shows a dash
        }
    }
}
