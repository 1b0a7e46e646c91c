package dev.segmon.app.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.metrics.MetricsServer;
import dev.segmon.app.state.Keys.PairTier;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page's overview in headless Chromium, over the real handlers with made-up figures of
 * 20 models and a comparison ({@link SyntheticMonitor}) and a detector ({@link FakeChanges}) that
 * calls a drop in recall of one model, watches ten others and holds nothing of the rest: the page
 * opens on the overview; it lists all 20 models and the comparison in {@code /api/v1/overview}'s
 * order, the troubled model first, marked by colour and by text; every figure, interval, change
 * and evidence line shown is the API's; a click on the troubled row opens its per-model view, and
 * its link leads back. Leaves a screenshot in target/overview.png.
 */
class OverviewBrowserTest {
    private static final String TROUBLED = "asr-13";
    private static final String[] FIGURES = {"precision", "recall", "f1", "os", "wer"};

    @TempDir
    Path tmp;

    @Test
    void theModelInTroubleIsFirstMarkedAndOneClickAway() throws Exception {
        Chromium.require();
        long now = System.currentTimeMillis();
        List<SyntheticMonitor.Model> models = new ArrayList<>();
        FakeChanges changes = new FakeChanges();
        for (int i = 0; i < 20; i++) {
            String name = String.format(Locale.ROOT, "asr-%02d", i);
            if (name.equals(TROUBLED)) {
                // Recall down by about 6 points and a few boundaries missing (OS below 0).
                models.add(new SyntheticMonitor.Model(name, 0.90, -0.03, 0.12));
                changes.add(new SeriesChange(name, null, SyntheticMonitor.TIER, List.of(
                        new MeasureChange("recall", 11.5, 9.2, true, now - 17 * 60_000L, -0.062),
                        new MeasureChange("f1", 6.1, 9.2, false, null, -0.031)), evidence(now, 17)));
            } else {
                models.add(new SyntheticMonitor.Model(name, 0.955 + 0.003 * (i % 7), 0.004 * (i % 5 - 2) + 0.002, 0.05 + 0.006 * (i % 6)));
                if (i < 10) {
                    changes.add(new SeriesChange(name, null, SyntheticMonitor.TIER,
                            List.of(new MeasureChange("recall", 0.8 + 0.1 * i, 9.2, false, null, 0.002)), evidence(now, -1)));
                }
            }
        }
        SyntheticMonitor figures = new SyntheticMonitor(models, List.of(new PairTier(TROUBLED, "asr-12", SyntheticMonitor.TIER)), 60,
                System::currentTimeMillis);
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        figures.register(registry);
        try (MetricsServer server = MetricsServer.start(0, registry, () -> true);
             Chromium browser = new Chromium(tmp.resolve("profile"), 1400, 1000)) {
            WebRoutes.handlers(figures, figures, changes, new Peers(List::of), registry.getPrometheusRegistry()).forEach(server::handle);
            String base = "http://127.0.0.1:" + server.port();
            browser.navigate(base + "/");
            browser.await("document.querySelectorAll('#overview-table tr.row').length === 21 && document.body.dataset.refreshes >= 1",
                    Duration.ofSeconds(30));
            assertEquals(false, browser.eval("document.getElementById('overview').hidden").asBoolean(), "the page opens on the overview");
            assertEquals(true, browser.eval("document.getElementById('model-view').hidden").asBoolean());

            JsonNode api = assertPageMatchesApi(browser, base);
            JsonNode rows = api.get("rows");
            assertEquals(21, rows.size(), "20 models and the comparison");
            assertEquals(TROUBLED, rows.get(0).get("model").asText(), "the called change first");
            assertTrue(rows.get(0).get("baseline").isNull());
            // Marked by text and by colour: the mark says "change", the row's background and its
            // left edge are not those of an unmarked row.
            String first = "#overview-table tr.row:nth-child(1)";
            String other = "#overview-table tr.row:nth-child(2)";
            assertEquals("⚠ change", browser.eval("document.querySelector('" + first + " td.mark').textContent").asText());
            assertEquals("", browser.eval("document.querySelector('" + other + " td.mark').textContent").asText());
            for (String style : List.of("backgroundColor", "borderLeftColor")) {
                assertNotEquals(browser.eval("getComputedStyle(document.querySelector('" + other + " td.mark'))." + style).asText(),
                        browser.eval("getComputedStyle(document.querySelector('" + first + " td.mark'))." + style).asText(), style);
            }
            String hhmm = browser.eval("new Date(" + (now - 17 * 60_000L) + ").toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })").asText();
            assertEquals("change called since " + hhmm + " · recall −0.062",
                    browser.eval("document.querySelector('" + first + " .change').textContent").asText());
            assertEquals(1, browser.eval("document.querySelectorAll('#overview-table tr.called').length").asInt(), "one row marked");
            browser.screenshot(Path.of("target", "overview.png"));

            // One click on the row (not on its link) opens the model's view; its link leads back.
            browser.click(first + " td.num");
            browser.await("location.hash.includes('model=" + TROUBLED + "') && document.getElementById('tiles').dataset.model === '" + TROUBLED
                    + "' && document.querySelectorAll('.uplot').length === 5", Duration.ofSeconds(30));
            assertEquals(true, browser.eval("document.getElementById('overview').hidden").asBoolean());
            assertEquals(TROUBLED, browser.eval("document.getElementById('model').value").asText());
            browser.click("#to-overview");
            browser.await("!document.getElementById('overview').hidden && document.querySelector('#overview-table tr.row').dataset.model === '"
                    + TROUBLED + "'", Duration.ofSeconds(30));

            for (String url : browser.requestedUrls()) {
                assertTrue(url.startsWith(base + "/") || url.startsWith("data:"), "request to another host: " + url);
            }
            assertEquals(List.of(), browser.errors(), "console errors and exceptions");
        } finally {
            registry.close();
        }
    }

    /**
     * The overview shows {@code /api/v1/overview}: the rows in its order, each figure (raw value and
     * the three decimals shown) and interval, each change and the points of each evidence line. The
     * figures move with the minute, so the page is refreshed between two reads that agree.
     */
    private static JsonNode assertPageMatchesApi(Chromium browser, String base) throws Exception {
        for (int attempt = 0; attempt < 5; attempt++) {
            String before = LivePageBrowserTest.get(base + "/api/v1/overview");
            int refreshes = browser.eval("Number(document.body.dataset.refreshes)").asInt();
            browser.eval("window.dispatchEvent(new HashChangeEvent('hashchange'))");
            browser.await("Number(document.body.dataset.refreshes) > " + refreshes, Duration.ofSeconds(30));
            if (!before.equals(LivePageBrowserTest.get(base + "/api/v1/overview"))) {
                continue; // a minute turned between the reads
            }
            JsonNode rows = ApiJson.MAPPER.readTree(before).get("rows");
            JsonNode shown = browser.eval("[...document.querySelectorAll('#overview-table tr.row')].map(tr => ({"
                    + " model: tr.dataset.model, baseline: tr.dataset.baseline, tier: tr.dataset.tier, called: tr.dataset.called,"
                    + " change: tr.querySelector('.change').textContent, since: tr.querySelector('.change').dataset.since ?? null,"
                    + " points: tr.querySelector('.spark svg') ? Number(tr.querySelector('.spark svg').dataset.points) : null,"
                    + " figures: Object.fromEntries([...tr.querySelectorAll('td.fig')].map(td => [td.dataset.metric, td.querySelector('.v') ? {"
                    + "   raw: td.querySelector('.v').dataset.raw, text: td.querySelector('.v').textContent,"
                    + "   low: td.querySelector('.ci') ? td.querySelector('.ci').dataset.low : null,"
                    + "   high: td.querySelector('.ci') ? td.querySelector('.ci').dataset.high : null } : null])) }))");
            assertEquals(rows.size(), shown.size(), "one line per row of the API");
            for (int i = 0; i < rows.size(); i++) {
                assertRow(rows.get(i), shown.get(i));
            }
            return ApiJson.MAPPER.readTree(before);
        }
        throw new AssertionError("the overview's figures changed between every two reads");
    }

    private static void assertRow(JsonNode row, JsonNode shown) {
        boolean paired = !row.get("baseline").isNull();
        String what = row.get("model").asText() + (paired ? " vs " + row.get("baseline").asText() : "");
        assertEquals(row.get("model").asText(), shown.get("model").asText(), what);
        assertEquals(paired ? row.get("baseline").asText() : "", shown.get("baseline").asText(), what);
        assertEquals(row.get("tier").asText(), shown.get("tier").asText(), what);
        for (String f : FIGURES) {
            JsonNode cell = shown.get("figures").get(f);
            if (paired && f.equals("wer")) {
                assertTrue(cell.isNull(), what + ": a comparison has no WER");
                continue;
            }
            double v = row.get(f).asDouble();
            assertEquals(v, Double.parseDouble(cell.get("raw").asText()), 1e-12, what + " " + f);
            String text = String.format(Locale.ROOT, "%.3f", Math.abs(v));
            assertEquals(paired ? (v > 0 ? "+" : v < 0 ? "−" : "") + text : String.format(Locale.ROOT, "%.3f", v), cell.get("text").asText(), what + " " + f);
            if (!f.equals("wer")) {
                assertEquals(row.get(f + "_low").asDouble(), Double.parseDouble(cell.get("low").asText()), 1e-12, what + " " + f + " low");
                assertEquals(row.get(f + "_high").asDouble(), Double.parseDouble(cell.get("high").asText()), 1e-12, what + " " + f + " high");
            }
        }
        JsonNode change = row.get("change");
        if (change.isNull()) {
            assertEquals("no detector figures yet", shown.get("change").asText(), what);
            assertTrue(shown.get("points").isNull(), what + ": no evidence line without a detector");
            return;
        }
        assertEquals(change.get("called").asText(), shown.get("called").asText(), what);
        assertEquals(change.get("since").isNull() ? "" : change.get("since").asText(), shown.get("since").asText(), what);
        assertEquals(change.get("history").size(), shown.get("points").asInt(), what + ": one point per minute of evidence");
        if (!change.get("called").asBoolean()) {
            assertEquals("no change", shown.get("change").asText(), what);
        }
    }

    /** A detector's evidence per minute over the last hour: quiet, then climbing past 1 from {@code minutesAgo} (none: -1). */
    private static List<EvidencePoint> evidence(long now, int minutesAgo) {
        List<EvidencePoint> out = new ArrayList<>();
        for (int m = 59; m >= 0; m--) {
            double quiet = 0.08 + 0.06 * Math.abs(Math.sin(m * 1.7));
            double climbing = minutesAgo < 0 || m > minutesAgo ? quiet : quiet + Math.min(1.15, 0.12 * (minutesAgo - m + 1));
            out.add(new EvidencePoint(now - m * 60_000L, climbing));
        }
        return out;
    }
}
