package dev.segmon.app.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Prometheus rules are code: promtool must accept them and their unit tests
 * (deploy/prometheus/tests) must pass. Needs promtool (Debian: apt-get install -y prometheus);
 * skipped without it unless SEGMON_REQUIRE_TOOLS=1.
 */
class PrometheusRulesTest {

  @Test
  void promtoolAcceptsTheRuleFiles() throws Exception {
    Path promtool = ExternalTool.require("promtool");
    List<String> command = new ArrayList<>(List.of(promtool.toString(), "check", "rules"));
    RuleFiles.files().forEach(f -> command.add(f.toString()));
    ExternalTool.runOk(RepoFiles.root(), 60, command);
  }

  @Test
  void promtoolAcceptsTheComposePrometheusConfig() throws Exception {
    Path promtool = ExternalTool.require("promtool");
    ExternalTool.runOk(RepoFiles.root(), 60,
        List.of(promtool.toString(), "check", "config", "deploy/prometheus/prometheus.yml"));
  }

  /** The compose stack's Alertmanager routing (Debian: apt-get install -y prometheus-alertmanager). */
  @Test
  void amtoolAcceptsTheAlertmanagerConfig() throws Exception {
    Path amtool = ExternalTool.require("amtool");
    ExternalTool.runOk(RepoFiles.root(), 60,
        List.of(amtool.toString(), "check-config", "deploy/alertmanager/alertmanager.yml"));
  }

  @Test
  void promtoolUnitTestsOfTheRulesPass() throws Exception {
    Path promtool = ExternalTool.require("promtool");
    List<String> command = new ArrayList<>(List.of(promtool.toString(), "test", "rules"));
    testFiles().forEach(f -> command.add(f.toString()));
    String output = ExternalTool.runOk(RepoFiles.root(), 120, command);
    assertFalse(output.contains("FAILED"), output);
  }

  @Test
  void everyRecordingRuleIsCheckedByAUnitTest() {
    Set<String> tested = new HashSet<>();
    for (JsonNode test : unitTests()) {
      for (JsonNode exprTest : test.path("promql_expr_test")) {
        tested.add(exprTest.path("expr").asText().trim());
      }
    }
    Set<String> untested = new TreeSet<>();
    for (RuleFiles.Rule rule : RuleFiles.recordings()) {
      if (!tested.contains(rule.record())) untested.add(rule.record());
    }
    assertTrue(untested.isEmpty(), "recording rules without a promql_expr_test: " + untested);
  }

  @Test
  void everyAlertHasAFiringAndAQuietUnitTest() {
    Set<String> firing = new HashSet<>();
    Set<String> quiet = new HashSet<>();
    for (JsonNode test : unitTests()) {
      for (JsonNode alertTest : test.path("alert_rule_test")) {
        String name = alertTest.path("alertname").asText();
        (alertTest.path("exp_alerts").isEmpty() ? quiet : firing).add(name);
      }
    }
    for (RuleFiles.Rule alert : RuleFiles.alerts()) {
      assertTrue(firing.contains(alert.alert()), alert.alert() + " has no unit test where it fires");
      assertTrue(quiet.contains(alert.alert()), alert.alert() + " has no unit test where it stays quiet");
    }
  }

  /**
   * With run --slice-keys a family holds pooled and slice series: the rules read the pooled ones
   * only, except the slice alerts (SegmonSlice*), which read the slice series only, each alone.
   */
  @Test
  void everyExportedSeriesTheRulesReadIsPooledExceptTheSliceAlertsWhichReadSlicesOnly() {
    List<String> unpooled = new ArrayList<>();
    for (RuleFiles.Rule rule : RuleFiles.all()) {
      boolean sliceAlert = rule.alert() != null && rule.alert().startsWith("SegmonSlice");
      SliceSelectors.without(rule.expr(), List.of(sliceAlert ? "slice!=\"\"" : "slice=\"\"")).forEach(s -> unpooled.add(rule.name() + ": " + s));
    }
    assertTrue(unpooled.isEmpty(), "selectors that do not say pooled (slice=\"\") or, in a slice alert, slices (slice!=\"\"): " + unpooled);
  }

  /** Alertmanager notifications carry the runbook link: it must lead to a section that exists. */
  @Test
  void everyAlertLinksToItsRunbookSection() {
    String docs = RepoFiles.read(RepoFiles.path("docs/operations.md"));
    Set<String> anchors = new HashSet<>();
    Matcher heading = Pattern.compile("(?m)^#+\\s+(.+)$").matcher(docs);
    while (heading.find()) anchors.add(githubAnchor(heading.group(1)));
    for (RuleFiles.Rule alert : RuleFiles.alerts()) {
      String runbook = alert.annotations().get("runbook");
      assertEquals("docs/operations.md#" + alert.alert().toLowerCase(), runbook, alert.alert());
      assertTrue(anchors.contains(alert.alert().toLowerCase()), "docs/operations.md has no section " + alert.alert());
      assertTrue(alert.annotations().containsKey("summary"), alert.alert() + " has no summary");
    }
  }

  /** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
  private static String githubAnchor(String heading) {
    return heading.trim().toLowerCase().replaceAll("[^a-z0-9 _-]", "").replace(' ', '-');
  }

  private static List<Path> testFiles() {
    return RepoFiles.list(RepoFiles.path(RuleFiles.TESTS_DIR), ".test.yml");
  }

  private static List<JsonNode> unitTests() {
    List<JsonNode> tests = new ArrayList<>();
    for (Path file : testFiles()) {
      RepoFiles.yaml(file).path("tests").forEach(tests::add);
    }
    return tests;
  }
}
