package dev.segmon.app.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.cli.SegmonCommand;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard and the alerts against the real thing: {@code segmon demo} (embedded broker,
 * monitor, simulated models {@code healthy} and {@code regressing}) scraped every second by
 * Debian's Prometheus 2.42 running the test variant of the rules ({@link PrometheusTestVariant}).
 * Every recording rule, every dashboard query and every alert's expression (its comparisons
 * turned into {@code bool} so that it returns the series it decides on) must return data, and
 * the over-segmentation alert must fire for {@code regressing} and not for {@code healthy}.
 * Needs the {@code prometheus} binary: skipped without it unless SEGMON_REQUIRE_TOOLS=1.
 */
class PrometheusLiveTest {
  private static final Duration DEADLINE = Duration.ofSeconds(170);
  /** Data the offset and 40s/60s windows of the test variant need before every series exists. */
  private static final Duration MIN_HISTORY = Duration.ofSeconds(50);
  private static final Pattern METRICS_URL = Pattern.compile("metrics: http://[^:/]+:(\\d+)/metrics");
  private static final Pattern BOOTSTRAP = Pattern.compile("bootstrap\\.servers=(\\S+)");
  private static final Pattern COMPARISON = Pattern.compile("(?<![=!<>~])(==|!=|>=|<=|>|<)(?!=)(?!\\s*bool)");

  private final List<Process> started = new ArrayList<>();
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  @TempDir
  Path tmp;

  @AfterEach
  void stopProcesses() throws InterruptedException {
    for (Process p : started) p.destroy();
    for (Process p : started) {
      if (!p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) p.destroyForcibly().waitFor();
    }
  }

  @Test
  void dashboardQueriesAndAlertsWorkAgainstTheDemo() throws Exception {
    Path prometheusBinary = ExternalTool.require("prometheus");
    Assumptions.assumeTrue(SegmonCommand.commandLine().getSubcommands().containsKey("demo"),
        "segmon has no demo command on this branch yet");
    long start = System.nanoTime();

    // 1. The demo, in its own JVM on this test's class path; it prints its ports. Every utterance
    // referenced at 4 a second: as many scored utterances as the default sampled tenth of 40 a
    // second, for a tenth of the load beside Prometheus (the rules see the same scored traffic).
    Path demoLog = tmp.resolve("demo.log");
    Process demo = startProcess(List.of(javaBinary(), "-cp", testClassPath(), SegmonCommand.class.getName(),
        "demo", "--regress-after", "20s", "--regress-ramp", "20s", "--rate", "4", "--reference-share", "1",
        "--metrics-port", "0", "--data-dir", tmp.resolve("demo").toString()), demoLog);
    Matcher metricsUrl = awaitLine(demo, demoLog, METRICS_URL, Duration.ofSeconds(120));
    int metricsPort = Integer.parseInt(metricsUrl.group(1));
    Matcher bootstrap = BOOTSTRAP.matcher(Files.readString(demoLog));
    String bootstrapServers = bootstrap.find() ? bootstrap.group(1) : null;

    // 2. Prometheus on a free loopback port, scraping the demo every second with the test rules.
    int prometheusPort = freePort();
    List<Path> rules = PrometheusTestVariant.writeAll(tmp.resolve("rules"));
    Path config = tmp.resolve("prometheus.yml");
    Files.writeString(config, prometheusConfig(metricsPort, rules));
    startProcess(List.of(prometheusBinary.toString(), "--config.file=" + config,
        "--storage.tsdb.path=" + tmp.resolve("tsdb"), "--web.listen-address=127.0.0.1:" + prometheusPort), tmp.resolve("prometheus.log"));
    String api = "http://127.0.0.1:" + prometheusPort;
    awaitHttp200(api + "/-/ready", Duration.ofSeconds(30));
    long scrapingSince = System.nanoTime();

    // 3. One record the monitor cannot parse, so that the dead-letter series exist.
    if (bootstrapServers != null) sendUnparseableHypothesis(bootstrapServers);

    // 4. Wait for the regression to page, then for enough history for every window.
    String overSegmentation = "ALERTS{alertname=\"SegmonOverSegmentationOutOfBand\", alertstate=\"firing\"";
    while (query(api, overSegmentation + ", model=\"regressing\"}").isEmpty()
        || System.nanoTime() - scrapingSince < MIN_HISTORY.toNanos()) {
      if (System.nanoTime() - start > DEADLINE.toNanos()) {
        fail("SegmonOverSegmentationOutOfBand did not fire for model regressing within " + DEADLINE
            + "; OS 5m: " + query(api, "segmon:boundary_over_segmentation:rate5m")
            + "\ndemo log tail:\n" + tail(demoLog));
      }
      if (!demo.isAlive()) fail("the demo exited early:\n" + tail(demoLog));
      Thread.sleep(2000);
    }
    long firedAfter = Duration.ofNanos(System.nanoTime() - start).toSeconds();
    assertEquals(List.of(), query(api, overSegmentation + ", model=\"healthy\"}"),
        "the over-segmentation alert fired for the healthy model");
    // The paired anytime alert (docs/intervals.md, "Alerts"): the demo compares regressing=healthy
    // and the A/A pair healthy-b=healthy; it must fire for the first and never for the second.
    String worse = "ALERTS{alertname=\"SegmonCandidateWorseThanBaseline\", alertstate=\"firing\"";
    while (query(api, worse + ", candidate=\"regressing\", baseline=\"healthy\"}").isEmpty()) {
      if (System.nanoTime() - start > DEADLINE.toNanos()) {
        fail("SegmonCandidateWorseThanBaseline did not fire for regressing vs healthy within " + DEADLINE
            + "; F1 difference 5m: " + query(api, "segmon:paired_f1_difference:rate5m") + "\ndemo log tail:\n" + tail(demoLog));
      }
      if (!demo.isAlive()) fail("the demo exited early:\n" + tail(demoLog));
      Thread.sleep(2000);
    }
    long pairedFiredAfter = Duration.ofNanos(System.nanoTime() - start).toSeconds();

    // 5. Every query returns data.
    Map<String, String> empty = new LinkedHashMap<>();
    for (RuleFiles.Rule rule : RuleFiles.recordings()) check(api, "record " + rule.record(), rule.record(), empty);
    // The slice row needs slice series: checked for the first key the demo's traffic has, if any.
    List<JsonNode> keys = query(api, "count by (slice) (segmon_boundary_hits_total{slice!=\"\"})");
    String sliceKey = keys.isEmpty() ? null : keys.get(0).path("metric").path("slice").asText();
    for (String expr : DashboardTest.queries(DashboardTest.committed())) {
      if (sliceKey == null && expr.contains("$" + SlicePanels.VARIABLE)) continue;
      check(api, "panel", withGrafanaVariables(expr).replace("$" + SlicePanels.VARIABLE, String.valueOf(sliceKey)), empty);
    }
    for (RuleFiles.Rule alert : RuleFiles.alerts()) {
      // The slice alerts read slice detectors, which within this run are still learning their
      // baselines (each language has 10-40 % of 4 utterances a second, the demo's detectors learn
      // from 200) and export only _learning: Prometheus must accept the expression; promtool's
      // tests (slices.test.yml) check what it returns.
      if (alert.expr().contains("slice!=\"\"")) {
        check(api, "slice detectors of " + alert.alert(), (alert.expr().contains("paired") ? "segmon_paired_change_learning" : "segmon_change_learning")
            + "{slice!=\"\"}", empty);
        query(api, asBool(PrometheusTestVariant.rewrite(alert.expr()).replaceFirst("^#.*\\n", "")));
        continue;
      }
      check(api, "alert " + alert.alert(), asBool(PrometheusTestVariant.rewrite(alert.expr()).replaceFirst("^#.*\\n", "")), empty);
    }
    assertEquals(List.of(), query(api, "max_over_time(" + worse.replace("ALERTS{", "ALERTS{candidate=\"healthy-b\", ") + "}[15m])"),
        "the paired alert fired for the A/A pair healthy-b vs healthy");
    System.out.printf("live test: over-segmentation alert firing for regressing (not healthy) %d s after start;"
        + " paired alert firing for regressing vs healthy (never for healthy-b vs healthy) %d s after start;"
        + " checked %d recording rules, %d dashboard queries, %d alert expressions%n", firedAfter, pairedFiredAfter,
        RuleFiles.recordings().size(), DashboardTest.queries(DashboardTest.committed()).size(), RuleFiles.alerts().size());
    assertTrue(empty.isEmpty(), "queries without any series after " + Duration.ofNanos(System.nanoTime() - start).toSeconds()
        + " s:\n" + String.join("\n", empty.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList()));
  }

  /**
   * The alert's expression with every comparison as {@code bool}: the series it decides on. Label
   * matchers ({@code {slice!=""}}) are not comparisons and stay as they are.
   */
  static String asBool(String expr) {
    StringBuilder out = new StringBuilder();
    Matcher matchers = LABEL_MATCHERS.matcher(expr);
    int at = 0;
    while (matchers.find()) {
      out.append(COMPARISON.matcher(expr.substring(at, matchers.start())).replaceAll("$1 bool")).append(matchers.group());
      at = matchers.end();
    }
    return out.append(COMPARISON.matcher(expr.substring(at)).replaceAll("$1 bool")).toString();
  }

  private static final Pattern LABEL_MATCHERS = Pattern.compile("\\{[^}]*\\}");

  /** Grafana's variables as Grafana would expand them for "All" over a short range. */
  static String withGrafanaVariables(String expr) {
    return expr.replace("$model", ".*").replace("$tier", ".*")
        .replace("$__rate_interval", "20s").replace("$__range", "60s").replace("$__interval", "2s");
  }

  private void check(String api, String what, String expr, Map<String, String> empty) throws Exception {
    if (query(api, expr).isEmpty()) empty.put(what, expr);
  }

  private List<JsonNode> query(String api, String expr) throws IOException, InterruptedException {
    HttpResponse<String> response = http.send(HttpRequest.newBuilder(
        URI.create(api + "/api/v1/query?query=" + URLEncoder.encode(expr, StandardCharsets.UTF_8))).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    JsonNode body = RepoFiles.JSON.readTree(response.body());
    if (!body.path("status").asText().equals("success")) fail("Prometheus rejected " + expr + ": " + response.body());
    List<JsonNode> out = new ArrayList<>();
    body.path("data").path("result").forEach(out::add);
    return out;
  }

  private static String prometheusConfig(int metricsPort, List<Path> rules) {
    StringBuilder sb = new StringBuilder("""
        global:
          scrape_interval: 1s
          evaluation_interval: 1s
        rule_files:
        """);
    for (Path r : rules) sb.append("  - ").append(r).append('\n');
    sb.append("""
        scrape_configs:
          - job_name: segmon
            static_configs:
              - targets: ["127.0.0.1:%d"]
        """.formatted(metricsPort));
    return sb.toString();
  }

  private static void sendUnparseableHypothesis(String bootstrapServers) {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
      producer.send(new ProducerRecord<>("segmon.hypotheses", "live-test", "{not json")).get();
    } catch (Exception e) {
      throw new IllegalStateException("could not send the dead-letter probe: " + e.getMessage(), e);
    }
  }

  private Process startProcess(List<String> command, Path log) throws IOException {
    Process p = new ProcessBuilder(command).directory(RepoFiles.root().toFile())
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    started.add(p);
    return p;
  }

  private static Matcher awaitLine(Process p, Path log, Pattern pattern, Duration timeout) throws Exception {
    long end = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < end) {
      Matcher m = pattern.matcher(Files.readString(log));
      if (m.find()) return m;
      if (!p.isAlive()) fail("process exited (" + p.exitValue() + ") before printing " + pattern + ":\n" + tail(log));
      Thread.sleep(250);
    }
    return fail("no line matching " + pattern + " within " + timeout + ":\n" + tail(log));
  }

  private void awaitHttp200(String url, Duration timeout) throws Exception {
    long end = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < end) {
      try {
        if (http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200) return;
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(200);
    }
    fail(url + " not ready within " + timeout);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static String javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** Surefire's real class path (java.class.path may be its manifest-only booter jar, which also works). */
  private static String testClassPath() {
    return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
  }

  private static String tail(Path log) throws IOException {
    if (!Files.exists(log)) return "(no log)";
    List<String> lines = Files.readAllLines(log);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }
}
