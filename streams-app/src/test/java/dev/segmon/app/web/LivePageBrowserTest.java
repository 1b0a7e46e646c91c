package dev.segmon.app.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.app.config.Comparison;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.demo.Demo;
import dev.segmon.app.demo.MonitorDemoAdapter;
import dev.segmon.app.demo.SimulatedModel;
import dev.segmon.app.metrics.PrometheusText;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page in headless Chromium against the demo (broker, real monitor, two simulated
 * models, one over-segmenting and compared with the healthy one): the charts appear with their
 * interval bands, the numbers the page shows (tiles, intervals, the paired comparison, chart points
 * and bands) are those of {@code /metrics} and {@code /api/v1/windows}, the model picker switches, the page asks no other
 * host for anything and logs no error. Leaves a screenshot in target/live-page.png.
 *
 * <p>{@code -Dsegmon.livepage.run=8m} keeps traffic flowing that long (the regression starting
 * half-way) before the screenshot, for a picture with a history (the README's).
 */
class LivePageBrowserTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] RATIO_GAUGES = {"precision", "segmon_boundary_precision_ratio", "recall", "segmon_boundary_recall_ratio",
            "f1", "segmon_boundary_f1_ratio", "os", "segmon_boundary_over_segmentation_ratio", "r_value", "segmon_boundary_r_value",
            // The demo's models send words, so the word error rate's tile is shown too.
            "wer", "segmon_word_error_rate_ratio"};
    /** The word timing table's bias column (the demo's models send words; docs/timing.md, "Live"). */
    private static final String TIMING_BIAS_GAUGE = "segmon_word_timing_bias_seconds";
    /** The early estimate, shown under the OS tile (the demo's end messages carry durations). */
    private static final String ESTIMATE_GAUGE = "segmon_boundary_over_segmentation_estimated_ratio";
    /** Tile -> the stem of its interval gauges NAME_lower_ratio and NAME_upper_ratio (docs/contract.md appendix C). */
    private static final String[] INTERVAL_GAUGES = {"precision", "segmon_boundary_precision", "recall", "segmon_boundary_recall",
            "f1", "segmon_boundary_f1", "os", "segmon_boundary_over_segmentation"};
    /** Paired panel cell -> the stem of its gauges NAME_ratio, NAME_lower_ratio, NAME_upper_ratio. */
    private static final String[] PAIRED_GAUGES = {"precision", "segmon_paired_precision_difference", "recall", "segmon_paired_recall_difference",
            "f1", "segmon_paired_f1_difference", "os", "segmon_paired_over_segmentation_difference"};
    private static final String[] CHARTS = {"chart-prf", "chart-r", "chart-os", "chart-n"};

    @TempDir
    Path tmp;

    @Test
    void pageShowsTheMonitorsNumbersAndNothingElse() throws Exception {
        Chromium.require();
        Duration run = MonitorConfig.parseDuration(System.getProperty("segmon.livepage.run", "0s"));
        SimulatedModel healthy = SimulatedModel.healthy("healthy", 0.008, 0.01, 0.01);
        SimulatedModel regressing = healthy.named("regressing").regressing(run.dividedBy(2), run.dividedBy(4), 0.5);
        // As the demo: references for a random tenth of the utterances, the rest declared "none".
        Demo.Options options = new Demo.Options(null, 20, 1, List.of(healthy, regressing), Duration.ofSeconds(1), "cumulative",
                Duration.ZERO, 0.1);
        // As the demo: the regressing model compared with the healthy one on the same utterances. An
        // unreferenced hypothesis is held a minute (longer than the monitor lags behind the sender on
        // a loaded machine, else a reference would come after its hypothesis closed), so that every
        // utterance has closed a minute after the traffic stops, whether or not the ends'
        // declarations are read, and the shares on the page are of all of them.
        Duration hold = Duration.ofMinutes(1);
        MonitorConfig.Builder monitor = MonitorConfig.builder().bootstrapServers("set by the demo").applicationId("page-test").metricsPort(0)
                .compare(new Comparison("regressing", "healthy")).referenceMaxDelay(hold).expiryInterval(Duration.ofSeconds(1));
        try (Demo demo = Demo.start(options, MonitorDemoAdapter.factory(monitor), new PrintWriter(new StringWriter()));
             Chromium browser = new Chromium(tmp.resolve("profile"), 1400, 1130)) {
            String base = "http://127.0.0.1:" + demo.metricsPort();
            awaitUtterances(demo, 20, Duration.ofSeconds(90));
            Thread.sleep(run.toMillis());
            // The page and the monitor are compared one read after the other: with traffic still
            // flowing they seldom agree on a loaded machine, so the traffic stops first and the
            // monitor is given until its figures hold still.
            demo.stopTraffic();
            Thread.sleep(hold.toMillis());
            awaitStill(base);
            browser.navigate(base + "/#model=healthy&tier=word&range=" + (run.compareTo(Duration.ofMinutes(14)) < 0 ? 15 : 60));
            // P/R/F1, R-value, OS, boundary counts, and WER (the demo's models send words).
            browser.await("document.querySelectorAll('.uplot').length === 5 && document.body.dataset.refreshes >= 1", Duration.ofSeconds(30));

            assertPageMatches(browser, base, "healthy");
            // Healthy by construction (SimulatedModel): P, R near 0.99 x P(|Z| <= 2.5) = 0.978, OS near 0.
            assertTrue(Math.abs(tile(browser, "os")) < 0.1, "healthy OS near 0: " + tile(browser, "os"));
            assertEquals(0, browser.eval("document.querySelectorAll('#paired .pair').length").asInt(), "healthy is no candidate");

            browser.eval("(() => { const s = document.getElementById('model'); s.value = 'regressing'; s.dispatchEvent(new Event('change')); })()");
            browser.await("document.getElementById('tiles').dataset.model === 'regressing'", Duration.ofSeconds(30));
            assertPageMatches(browser, base, "regressing");
            // The regression inserts boundaries (SimulatedModel): regressing minus healthy OS on the
            // same utterances is above 0 with an interval that leaves 0 out, shown as worse.
            String os = "#paired .pair[data-baseline=healthy] .delta[data-metric=os] ";
            assertTrue(browser.eval("Number(document.querySelector('" + os + ".since .ci').dataset.low)").asDouble() > 0, "ΔOS interval above 0");
            assertEquals("bad", browser.eval("document.querySelector('" + os + ".since').className.split(' ').pop()").asText());
            if (run.isZero()) {
                // Regressed from the start: 0.5 spurious boundaries per reference boundary, so OS near +0.5.
                assertTrue(tile(browser, "os") > 0.35 && tile(browser, "os") < 0.65, "regressing OS " + tile(browser, "os"));
                assertTrue(browser.eval("Number(document.querySelector('" + os + ".recent .ci').dataset.low)").asDouble() > 0, "ΔOS 5m above 0");
            }
            // The demo's producers are Java clients: every input record on its key's murmur2 partition, no note.
            assertEquals("{}", browser.eval("JSON.stringify(segmonPage.partitioning)").asText());
            assertEquals(true, browser.eval("document.getElementById('partitioning').hidden").asBoolean());
            browser.screenshot(Path.of("target", "live-page.png"));
            browser.screenshot(Path.of("target", "scored-and-estimated.png"), "section.tables > div:first-child");
            assertOverviewEqualsMetrics(base);

            List<String> urls = browser.requestedUrls();
            assertTrue(urls.size() >= 7, "page, app.js, app.css, uPlot's js and css, summary, windows: " + urls);
            for (String url : urls) {
                assertTrue(url.startsWith(base + "/") || url.startsWith("data:"), "request to another host: " + url);
            }
            assertEquals(List.of(), browser.errors(), "console errors and exceptions");
        }
    }

    /**
     * The page's numbers equal the monitor's: the tiles equal {@code /metrics}' gauges and the
     * charts {@code /api/v1/windows}. Both move with traffic, so the page is refreshed between two
     * reads of the monitor that agree, until that happens once.
     */
    private static void assertPageMatches(Chromium browser, String base, String model) throws Exception {
        boolean tiles = false;
        boolean charts = false;
        for (int attempt = 0; attempt < 60 && !(tiles && charts); attempt++) {
            String metricsBefore = ratios(base, model);
            String windowsBefore = windowsCounts(base, model, browser);
            int refreshes = browser.eval("Number(document.body.dataset.refreshes)").asInt();
            browser.eval("document.getElementById('model').dispatchEvent(new Event('change'))");
            browser.await("Number(document.body.dataset.refreshes) > " + refreshes, Duration.ofSeconds(30));
            // The monitor commits every second: compare only what held still across the refresh.
            if (!tiles && metricsBefore.equals(ratios(base, model))) {
                assertTilesEqualMetrics(browser, PrometheusText.parse(metricsBefore), model);
                assertPairedEqualsMetrics(browser, PrometheusText.parse(metricsBefore), model);
                tiles = true;
            }
            if (!charts && windowsBefore.equals(windowsCounts(base, model, browser))) {
                assertChartsEqualWindows(browser, JSON.readTree(windowsBefore), model);
                charts = true;
            }
        }
        assertTrue(tiles && charts, "the monitor never held still for a page refresh (tiles " + tiles + ", charts " + charts + ")");
    }

    /** The tiles show {@code /metrics}' ratio gauges: the 5-minute window large, the cumulative one small. */
    private static void assertTilesEqualMetrics(Chromium browser, List<PrometheusText.Sample> samples, String model) throws Exception {
        for (int i = 0; i < RATIO_GAUGES.length; i += 2) {
            for (String window : List.of("5m", "cumulative")) {
                double expected = gauge(samples, RATIO_GAUGES[i + 1], model, window);
                String selector = "#tiles [data-metric=" + RATIO_GAUGES[i] + "] " + (window.equals("5m") ? ".value" : ".since");
                assertEquals(expected, browser.eval("Number(document.querySelector('" + selector + "').dataset.raw)").asDouble(),
                        1e-12, model + " " + RATIO_GAUGES[i] + " " + window);
                String shown = browser.eval("document.querySelector('" + selector + "').textContent").asText();
                assertTrue(shown.endsWith(String.format(Locale.ROOT, "%.3f", expected)), selector + " shows " + shown + ", /metrics " + expected);
            }
        }
        // The word timing table: row 1 start, row 2 end; column 1 the 5 m bias in ms, signed with a minus sign.
        for (int row = 1; row <= 2; row++) {
            String edge = row == 1 ? "start" : "end";
            double bias = samples.stream().filter(x -> x.name().equals(TIMING_BIAS_GAUGE) && model.equals(x.label("model"))
                    && "5m".equals(x.label("window")) && edge.equals(x.label("edge"))).mapToDouble(PrometheusText.Sample::value).findFirst().orElseThrow();
            String ms = String.format(Locale.ROOT, "%.1f", Math.abs(1000 * bias));
            String expected = (bias > 0 ? "+" : bias < 0 ? "\u2212" : "") + ms;
            assertEquals(expected, browser.eval("document.getElementById('timing-table').rows[" + row + "].cells[1].textContent").asText(),
                    model + " word timing " + edge + " bias");
        }
        // Under OS, the 5 m estimate from the hypotheses alone.
        double estimate = gauge(samples, ESTIMATE_GAUGE, model, "5m");
        assertTrue(!Double.isNaN(estimate), model + ": the demo's durations give an estimate on /metrics");
        assertEquals(estimate, browser.eval("Number(document.querySelector('#tiles [data-metric=os] .estimate').dataset.raw)").asDouble(),
                1e-12, model + " estimated OS");
        // Beside the outcomes, the OS since start and the share of closed utterances it stands on:
        // scored (those with a reference) and estimated (those whose end had a duration).
        String coverage = "#referenced .coverage[data-model=" + model + "] ";
        for (String[] kind : new String[][] {{"scored", "segmon_boundary_over_segmentation_ratio", "segmon_referenced_utterances_ratio"},
                {"estimated", ESTIMATE_GAUGE, "segmon_estimated_utterances_ratio"}}) {
            String span = coverage + "." + kind[0];
            assertEquals(gauge(samples, kind[1], model, "cumulative"),
                    browser.eval("Number(document.querySelector('" + span + "').dataset.os)").asDouble(), 1e-12, model + " " + kind[0] + " OS");
            double share = gauge(samples, kind[2], model, null);
            assertEquals(share, browser.eval("Number(document.querySelector('" + span + "').dataset.share)").asDouble(), 1e-12,
                    model + " " + kind[0] + " share");
            String shown = browser.eval("document.querySelector('" + span + "').textContent").asText();
            assertTrue(shown.contains(kind[0] + " on " + (share < 0.1 ? String.format(Locale.ROOT, "%.1f", 100 * share)
                    : String.valueOf(Math.round(100 * share))) + " %"), span + " shows " + shown + ", /metrics " + share);
        }
        // Under each large number, the 5 m interval of /metrics' interval gauges.
        for (int i = 0; i < INTERVAL_GAUGES.length; i += 2) {
            String selector = "#tiles [data-metric=" + INTERVAL_GAUGES[i] + "] .interval";
            for (String end : List.of("lower", "upper")) {
                double expected = gauge(samples, INTERVAL_GAUGES[i + 1] + "_" + end + "_ratio", model, "5m");
                assertEquals(expected, browser.eval("Number(document.querySelector('" + selector + "').dataset." + (end.equals("lower") ? "low" : "high") + ")")
                        .asDouble(), 1e-12, model + " " + INTERVAL_GAUGES[i] + " 5m " + end);
                String shown = browser.eval("document.querySelector('" + selector + "').textContent").asText();
                assertTrue(shown.contains(String.format(Locale.ROOT, "%.3f", expected)), selector + " shows " + shown + ", /metrics " + expected);
            }
        }
    }

    /** The comparison panel shows {@code /metrics}' paired gauges of every comparison with the model as candidate. */
    private static void assertPairedEqualsMetrics(Chromium browser, List<PrometheusText.Sample> samples, String model) throws Exception {
        List<String> baselines = samples.stream().filter(s -> s.name().equals(PAIRED_GAUGES[1] + "_ratio") && model.equals(s.label("candidate")))
                .map(s -> s.label("baseline")).distinct().toList();
        assertEquals(baselines.size(), browser.eval("document.querySelectorAll('#paired .pair').length").asInt(), model + " compared with " + baselines);
        for (String baseline : baselines) {
            for (int i = 0; i < PAIRED_GAUGES.length; i += 2) {
                for (String window : List.of("5m", "cumulative")) {
                    String line = "#paired .pair[data-baseline=" + baseline + "] .delta[data-metric=" + PAIRED_GAUGES[i] + "] [data-window=\"" + window + "\"]";
                    String what = model + " - " + baseline + " " + PAIRED_GAUGES[i] + " " + window;
                    assertEquals(paired(samples, PAIRED_GAUGES[i + 1] + "_ratio", model, baseline, window),
                            browser.eval("Number(document.querySelector('" + line + "').dataset.raw)").asDouble(), 1e-12, what);
                    assertEquals(paired(samples, PAIRED_GAUGES[i + 1] + "_lower_ratio", model, baseline, window),
                            browser.eval("Number(document.querySelector('" + line + " .ci').dataset.low)").asDouble(), 1e-12, what + " lower");
                    assertEquals(paired(samples, PAIRED_GAUGES[i + 1] + "_upper_ratio", model, baseline, window),
                            browser.eval("Number(document.querySelector('" + line + " .ci').dataset.high)").asDouble(), 1e-12, what + " upper");
                }
            }
        }
    }

    /**
     * {@code /api/v1/overview} of the real monitor: a row per model and one for the comparison,
     * whose figures and intervals are {@code /metrics}' 5 m gauges (the same minutes, summed and
     * derived the same way), and each series' change as its detector's gauges say (a measure is
     * called on the page when {@code segmon_change_called} / {@code segmon_paired_change_called}
     * is 1; a measure still learning is not listed). Read between two scrapes that agree, so that
     * no minute turned in between.
     */
    private static void assertOverviewEqualsMetrics(String base) throws Exception {
        for (int attempt = 0; attempt < 5; attempt++) {
            String before = ratios(base, "healthy") + ratios(base, "regressing");
            JsonNode rows = JSON.readTree(get(base + "/api/v1/overview")).get("rows");
            if (!before.equals(ratios(base, "healthy") + ratios(base, "regressing"))) {
                continue;
            }
            List<PrometheusText.Sample> samples = PrometheusText.parse(before);
            List<PrometheusText.Sample> detectors = PrometheusText.parse(get(base + "/metrics"));
            List<String> keys = new java.util.ArrayList<>();
            for (JsonNode row : rows) {
                String model = row.get("model").asText();
                String baseline = row.get("baseline").isNull() ? null : row.get("baseline").asText();
                keys.add(model + (baseline == null ? "" : " vs " + baseline));
                JsonNode change = row.get("change");
                for (JsonNode m : change.isNull() ? List.<JsonNode>of() : (Iterable<JsonNode>) change.get("measures")) {
                    String measure = m.get("measure").asText();
                    double called = detectors.stream().filter(x -> x.name().equals(baseline == null ? "segmon_change_called" : "segmon_paired_change_called")
                                    && measure.equals(x.label("measure")) && model.equals(x.label(baseline == null ? "model" : "candidate"))
                                    && (baseline == null || baseline.equals(x.label("baseline"))))
                            .mapToDouble(PrometheusText.Sample::value).findFirst().orElse(Double.NaN);
                    assertEquals(called == 1.0, m.get("called").asBoolean(), keys + " " + measure + " called");
                }
                for (int i = 0; i < (baseline == null ? RATIO_GAUGES.length : PAIRED_GAUGES.length); i += 2) {
                    String measure = baseline == null ? RATIO_GAUGES[i] : PAIRED_GAUGES[i];
                    double expected = baseline == null ? gauge(samples, RATIO_GAUGES[i + 1], model, "5m")
                            : paired(samples, PAIRED_GAUGES[i + 1] + "_ratio", model, baseline, "5m");
                    assertEquals(expected, row.get(measure).isNull() ? Double.NaN : row.get(measure).asDouble(), 1e-12, keys + " " + measure);
                }
                String[] intervals = baseline == null ? INTERVAL_GAUGES : PAIRED_GAUGES;
                for (int i = 0; i < intervals.length; i += 2) {
                    for (String end : List.of("lower", "upper")) {
                        double expected = baseline == null ? gauge(samples, intervals[i + 1] + "_" + end + "_ratio", model, "5m")
                                : paired(samples, intervals[i + 1] + "_" + end + "_ratio", model, baseline, "5m");
                        JsonNode shown = row.get(intervals[i] + (end.equals("lower") ? "_low" : "_high"));
                        assertEquals(expected, shown.isNull() ? Double.NaN : shown.asDouble(), 1e-12, keys + " " + intervals[i] + " " + end);
                    }
                }
            }
            assertEquals(List.of("healthy", "regressing", "regressing vs healthy"), keys, "/api/v1/overview's rows");
            return;
        }
        throw new AssertionError("the 5 m gauges changed between every two scrapes");
    }

    private static double paired(List<PrometheusText.Sample> samples, String name, String candidate, String baseline, String window) {
        return samples.stream().filter(s -> s.name().equals(name) && candidate.equals(s.label("candidate")) && baseline.equals(s.label("baseline"))
                && window.equals(s.label("window"))).mapToDouble(PrometheusText.Sample::value).findFirst().orElse(Double.NaN);
    }

    /**
     * Every minute the API holds is a point of every chart with the API's value of each field the
     * chart draws (lines and their bands' ends); the rest of the x axis is empty. The P/R/F1 and
     * OS charts draw their bands, and some minute has one.
     */
    private static void assertChartsEqualWindows(Chromium browser, JsonNode api, String model) throws Exception {
        assertTrue(api.get("windows").size() >= 1, api.toString());
        for (String chart : CHARTS) {
            List<String> fields = List.of(browser.eval("segmonPage.charts['" + chart + "'].key").asText().split(","));
            JsonNode data = browser.eval("segmonPage.charts['" + chart + "'].plot.data");
            int points = 0;
            for (int i = 0; i < data.get(0).size(); i++) {
                long minute = data.get(0).get(i).asLong();
                JsonNode w = null;
                for (JsonNode x : api.get("windows")) {
                    if (java.time.Instant.parse(x.get("start").asText()).getEpochSecond() == minute) {
                        w = x;
                    }
                }
                for (int f = 0; f < fields.size(); f++) {
                    JsonNode shown = data.get(f + 1).get(i);
                    if (w == null || w.get(fields.get(f)).isNull()) {
                        assertTrue(shown.isNull(), chart + " " + fields.get(f) + " at " + minute + ": no value, shows " + shown);
                    } else {
                        assertEquals(w.get(fields.get(f)).asDouble(), shown.asDouble(), 1e-12, chart + " " + fields.get(f) + " at " + minute);
                    }
                }
                points += w == null ? 0 : 1;
            }
            assertEquals(api.get("windows").size(), points, "every minute of the API is on " + chart);
        }
        for (String band : List.of("precision_low", "precision_high", "recall_low", "recall_high", "f1_low", "f1_high", "os_low", "os_high")) {
            String chart = band.startsWith("os") ? "chart-os" : "chart-prf";
            assertTrue(browser.eval("segmonPage.charts['" + chart + "'].key").asText().contains(band), chart + " draws " + band);
            boolean some = false;
            for (JsonNode w : api.get("windows")) {
                some |= !w.get(band).isNull();
            }
            assertTrue(some, model + ": some minute has " + band + ": " + api);
        }
    }

    private static double tile(Chromium browser, String metric) throws Exception {
        return browser.eval("Number(document.querySelector('#tiles [data-metric=" + metric + "] .value').dataset.raw)").asDouble();
    }

    /** The model's ratio gauges from {@code /metrics} (selected families: a full scrape takes too long to compare twice within a commit). */
    private static String ratios(String base, String model) throws Exception {
        StringBuilder query = new StringBuilder();
        List<String> names = new java.util.ArrayList<>();
        for (int i = 1; i < RATIO_GAUGES.length; i += 2) {
            names.add(RATIO_GAUGES[i]);
        }
        for (int i = 1; i < INTERVAL_GAUGES.length; i += 2) {
            names.add(INTERVAL_GAUGES[i] + "_lower_ratio");
            names.add(INTERVAL_GAUGES[i] + "_upper_ratio");
            names.add(PAIRED_GAUGES[i] + "_ratio");
            names.add(PAIRED_GAUGES[i] + "_lower_ratio");
            names.add(PAIRED_GAUGES[i] + "_upper_ratio");
        }
        names.add(ESTIMATE_GAUGE);
        names.add(TIMING_BIAS_GAUGE);
        names.add("segmon_referenced_utterances_ratio");
        names.add("segmon_estimated_utterances_ratio");
        for (String name : names) {
            query.append(query.isEmpty() ? "?" : "&").append("name%5B%5D=").append(name);
        }
        StringBuilder out = new StringBuilder();
        for (String line : get(base + "/metrics" + query).split("\n")) {
            if (line.contains("model=\"" + model + "\"") || line.contains("candidate=\"" + model + "\"")) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    private static String windowsCounts(String base, String model, Chromium browser) throws Exception {
        return get(base + "/api/v1/windows?model=" + model + "&tier=word&minutes=" + browser.eval("segmonPage.range").asInt());
    }

    /** A gauge of the model on tier word; {@code window} null: one without a window label. */
    private static double gauge(List<PrometheusText.Sample> samples, String name, String model, String window) {
        return samples.stream().filter(s -> s.name().equals(name) && model.equals(s.label("model"))
                        && java.util.Objects.equals(window, s.label("window")))
                .mapToDouble(PrometheusText.Sample::value).findFirst().orElse(Double.NaN);
    }

    private static void awaitUtterances(Demo demo, int each, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            List<PrometheusText.Sample> samples = PrometheusText.parse(get("http://127.0.0.1:" + demo.metricsPort() + "/metrics"));
            if (utterances(samples, "healthy") >= each && utterances(samples, "regressing") >= each) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("fewer than " + each + " utterances per model scored within " + timeout);
    }

    /** Waits until two reads of the monitor's utterance counts 3 s apart agree (at most 60 s). */
    private static void awaitStill(String base) throws Exception {
        String before = "";
        for (int i = 0; i < 20; i++) {
            String now = get(base + "/metrics?name[]=segmon_utterances_total");
            if (now.equals(before)) {
                return;
            }
            before = now;
            Thread.sleep(3000);
        }
        throw new AssertionError("the monitor's figures did not hold still within 60 s");
    }

    /** The model's utterances closed scored (with a reference). */
    private static double utterances(List<PrometheusText.Sample> samples, String model) {
        return samples.stream().filter(s -> s.name().equals("segmon_utterances_total") && model.equals(s.label("model"))
                        && "scored".equals(s.label("outcome")))
                .mapToDouble(PrometheusText.Sample::value).sum();
    }

    static String get(String url) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), url + ": " + r.body());
        return r.body();
    }
}
