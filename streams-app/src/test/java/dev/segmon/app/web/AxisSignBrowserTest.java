package dev.segmon.app.web;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.metrics.MetricsServer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every tick label of the per-model charts' value axes is drawn whole, sign included, in headless
 * Chromium: a model that under-segments (OS near -0.03) puts ticks such as "-0.025" on the OS
 * chart's axis, wider than the space uPlot leaves by default (50 px less tick and gap), which cut
 * off the minus sign and left "0.025".
 */
class AxisSignBrowserTest {
    @TempDir
    Path tmp;

    @Test
    void everyValueAxisKeepsItsSign() throws Exception {
        Chromium.require();
        SyntheticMonitor figures = new SyntheticMonitor(List.of(new SyntheticMonitor.Model("under", 0.97, -0.03, 0.1)), List.of(), 30,
                System::currentTimeMillis);
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        figures.register(registry);
        try (MetricsServer server = MetricsServer.start(0, registry, () -> true);
             Chromium browser = new Chromium(tmp.resolve("profile"), 1400, 1130)) {
            WebRoutes.handlers(figures, figures, ChangeSource.none(), new Peers(List::of), registry.getPrometheusRegistry())
                    .forEach(server::handle);
            browser.navigate("http://127.0.0.1:" + server.port() + "/#model=under&tier=word&range=60");
            browser.await("document.querySelectorAll('.uplot').length === 5 && document.body.dataset.refreshes >= 1", Duration.ofSeconds(30));
            // uPlot draws axes on the canvas after a frame: wait until the OS axis has its labels.
            browser.await("segmonPage.charts['chart-os'].plot.axes[1]._values", Duration.ofSeconds(10));
            // Per chart: the value axis' labels and where each one's left edge falls on the canvas
            // (labels are right-aligned at the axis' edge less tick and gap), in CSS pixels.
            JsonNode axes = browser.eval("Object.fromEntries(Object.entries(segmonPage.charts).map(([id, c]) => {"
                    + " const u = c.plot, a = u.axes[1]; u.ctx.font = a.font[0];"
                    + " return [id, a._values.map(v => ({ label: String(v),"
                    + "   left: a._pos - a.ticks.size - a.gap - u.ctx.measureText(String(v)).width / uPlot.pxRatio }))]; }))");
            boolean negative = false;
            for (JsonNode tick : axes.get("chart-os")) {
                negative |= tick.get("label").asText().matches("[-\u2212]0\\.\\d+");
            }
            assertTrue(negative, "the OS axis of a model with OS near -0.03 shows a negative tick with its sign: " + axes.get("chart-os"));
            axes.fields().forEachRemaining(chart -> chart.getValue().forEach(tick -> assertTrue(tick.get("left").asDouble() >= 0,
                    chart.getKey() + ": tick " + tick.get("label") + " starts " + tick.get("left") + " px left of the canvas: " + chart.getValue())));
            browser.screenshot(Path.of("target", "axis-sign.png"));
        } finally {
            registry.close();
        }
    }
}
