package dev.segmon.app.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The committed Grafana dashboard is the generator's output and queries only known series. */
class DashboardTest {
  private static final Pattern SERIES_NAME = Pattern.compile("\\b(segmon[_:][a-z0-9_:]+|kafka_[a-z0-9_]+|ALERTS)\\b");

  /**
   * SEGMON_WRITE_DASHBOARD=1 regenerates the committed file (and the layout picture of
   * docs/operations.md and the Kubernetes PrometheusRule) before the checks read it.
   */
  @BeforeAll
  static void regenerateWhenAsked() throws Exception {
    if ("1".equals(System.getenv("SEGMON_WRITE_DASHBOARD"))) {
      DashboardGenerator.main(new String[0]);
      DashboardLayoutPicture.main(new String[0]);
      PrometheusRuleGenerator.main(new String[0]);
    }
  }

  @Test
  void committedDashboardIsTheGeneratorsOutput() throws Exception {
    Path committed = RepoFiles.root().resolve(DashboardGenerator.OUTPUT);
    assertTrue(Files.exists(committed), committed + " is missing: run the generator (see DashboardGenerator)");
    assertEquals(DashboardGenerator.render(), Files.readString(committed),
        "grafana/dashboards/segmon.json differs from DashboardGenerator's output: regenerate it (see DashboardGenerator)");
  }

  @Test
  void everyRecordedSeriesTheDashboardNamesIsARecordingRule() {
    Set<String> recorded = RuleFiles.recordings().stream().map(RuleFiles.Rule::record).collect(Collectors.toSet());
    for (DashboardSeries series : DashboardSeries.values()) {
      if (!series.recorded()) continue;
      for (String window : series.windows()) {
        assertTrue(recorded.contains(series.at(window)), series.at(window) + " is not recorded by the rules");
      }
    }
  }

  @Test
  void everyQueryUsesOnlyNamesFromTheList() {
    Set<String> allowed = new HashSet<>();
    for (DashboardSeries series : DashboardSeries.values()) {
      if (series.recorded()) series.windows().forEach(w -> allowed.add(series.at(w)));
      else allowed.add(series.metric());
    }
    Set<String> unknown = new TreeSet<>();
    for (String expr : queries(committed())) {
      Matcher m = SERIES_NAME.matcher(expr);
      while (m.find()) if (!allowed.contains(m.group(1))) unknown.add(m.group(1));
    }
    assertTrue(unknown.isEmpty(), "queries name series outside DashboardSeries: " + unknown);
  }

  @Test
  void theDashboardHasAModelPickerAndMarksFiringAlerts() {
    JsonNode d = committed();
    JsonNode model = null;
    for (JsonNode v : d.path("templating").path("list")) if (v.path("name").asText().equals("model")) model = v;
    assertTrue(model != null, "no model variable");
    assertEquals("label_values(segmon_reference_boundaries_total, model)", model.path("query").path("query").asText());
    boolean alerts = false;
    for (JsonNode a : d.path("annotations").path("list")) alerts |= a.path("expr").asText().equals("ALERTS{alertstate=\"firing\"}");
    assertTrue(alerts, "no annotation for firing alerts");
  }

  /** Pooled panels read the series without a slice; the slice row reads the picked key's slices. */
  @Test
  void everyExportedSeriesIsReadPooledOrForThePickedSliceKey() {
    List<String> unsliced = new java.util.ArrayList<>();
    for (String expr : queries(committed())) {
      unsliced.addAll(SliceSelectors.without(expr, List.of("slice=\"\"", "slice=\"$" + SlicePanels.VARIABLE + "\"")));
    }
    assertTrue(unsliced.isEmpty(), "selectors that say no slice: " + unsliced);
  }

  @Test
  void theDashboardHasASliceKeyPickerOfOneKey() {
    JsonNode key = null;
    for (JsonNode v : committed().path("templating").path("list")) if (v.path("name").asText().equals(SlicePanels.VARIABLE)) key = v;
    assertTrue(key != null, "no slice key variable");
    assertEquals("label_values(segmon_boundary_hits_total{slice!=\"\"}, slice)", key.path("query").path("query").asText());
    assertFalse(key.path("multi").asBoolean() || key.path("includeAll").asBoolean(), "the slice row splits by one key at a time");
  }

  /** OS is negative for under-segmentation and the R-value can go below 0: no panel clamps its axis. */
  @Test
  void noPanelClampsItsAxis() {
    for (JsonNode panel : committed().path("panels")) {
      JsonNode defaults = panel.path("fieldConfig").path("defaults");
      assertFalse(defaults.has("min") || defaults.has("max"), panel.path("title").asText() + " clamps its axis");
    }
  }

  @Test
  void panelsDoNotOverlapOnTheGrid() {
    List<JsonNode> panels = iterate(committed().path("panels"));
    for (int i = 0; i < panels.size(); i++) {
      for (int j = i + 1; j < panels.size(); j++) {
        assertFalse(overlap(panels.get(i).path("gridPos"), panels.get(j).path("gridPos")),
            panels.get(i).path("title").asText() + " overlaps " + panels.get(j).path("title").asText());
      }
      assertTrue(panels.get(i).path("gridPos").path("x").asInt() + panels.get(i).path("gridPos").path("w").asInt() <= 24);
    }
  }

  private static boolean overlap(JsonNode a, JsonNode b) {
    return a.path("x").asInt() < b.path("x").asInt() + b.path("w").asInt()
        && b.path("x").asInt() < a.path("x").asInt() + a.path("w").asInt()
        && a.path("y").asInt() < b.path("y").asInt() + b.path("h").asInt()
        && b.path("y").asInt() < a.path("y").asInt() + a.path("h").asInt();
  }

  static JsonNode committed() {
    try {
      return RepoFiles.JSON.readTree(RepoFiles.root().resolve(DashboardGenerator.OUTPUT).toFile());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Every PromQL expression in the dashboard: panel targets, annotations, variables. */
  static List<String> queries(JsonNode dashboard) {
    List<String> exprs = new java.util.ArrayList<>();
    for (JsonNode panel : dashboard.path("panels")) for (JsonNode t : panel.path("targets")) exprs.add(t.path("expr").asText());
    for (JsonNode a : dashboard.path("annotations").path("list")) if (a.has("expr")) exprs.add(a.path("expr").asText());
    return exprs;
  }

  private static List<JsonNode> iterate(JsonNode array) {
    List<JsonNode> out = new java.util.ArrayList<>();
    array.forEach(out::add);
    return out;
  }
}
