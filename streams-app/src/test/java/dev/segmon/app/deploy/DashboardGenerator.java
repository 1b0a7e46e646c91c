package dev.segmon.app.deploy;

import static dev.segmon.app.deploy.DashboardSeries.*;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Generates grafana/dashboards/segmon.json. After changing a panel, rewrite the committed file with
 * {@code SEGMON_WRITE_DASHBOARD=1 mvn -B -o -pl streams-app -am test -Dtest=DashboardTest
 * -Dsurefire.failIfNoSpecifiedTests=false}; without the variable DashboardTest fails while the
 * committed file differs from this generator's output.
 *
 * <p>Every query is built from {@link DashboardSeries}; panels are laid out on Grafana's
 * 24-column grid. Ratio panels set no min/max: over-segmentation is negative when the model
 * under-segments and the R-value goes below 0 for heavy over-segmentation, and a clamped axis
 * would hide both.
 */
final class DashboardGenerator {
  static final Path OUTPUT = Path.of("grafana/dashboards/segmon.json");
  static final String UID = "segmon-boundaries";
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  /** The pickers' filter: on recorded series (per model and tier, no slices). */
  private static final String FILTER = "{model=~\"$model\", tier=~\"$tier\"}";
  /** The pickers' filter on an exported series: its pooled series only (docs/slices.md; a slice's would count again). */
  private static final String POOLED = "{model=~\"$model\", tier=~\"$tier\", slice=\"\"}";

  /** One query of a panel: PromQL (with Grafana variables), legend, instant or range. */
  record Query(String expr, String legend, boolean instant, String format) {
    static Query range(String expr, String legend) {
      return new Query(expr, legend, false, "time_series");
    }
  }

  /** One panel: its Grafana type, position and queries. */
  record Panel(String title, String type, int x, int y, int w, int h, String unit, String description, List<Query> queries) {}

  private DashboardGenerator() {}

  /** The panels, in layout order. Rows have no queries. */
  static List<Panel> panels() {
    List<Panel> p = new ArrayList<>();
    int y = 0;
    p.add(row("Accuracy per model and tier (5m and 1h rates of pooled counters)", y++));
    p.add(banded(ratio("F1", F1, "percentunit", 0, y), F1_LOWER, F1_UPPER));
    p.add(ratio("R-value", R_VALUE, "none", 8, y));
    p.add(banded(ratio("Over-segmentation (OS)", OVER_SEGMENTATION, "percentunit", 16, y), OVER_SEGMENTATION_LOWER, OVER_SEGMENTATION_UPPER));
    y += 8;
    p.add(banded(ratio("Precision", PRECISION, "percentunit", 0, y), PRECISION_LOWER, PRECISION_UPPER));
    p.add(banded(ratio("Recall", RECALL, "percentunit", 8, y), RECALL_LOWER, RECALL_UPPER));
    p.add(ratio("Hit rate (HR)", HIT_RATE, "percentunit", 16, y));
    y += 8;
    List<Query> cumulative = new ArrayList<>();
    for (DashboardSeries s : List.of(PRECISION, RECALL, F1, HIT_RATE, OVER_SEGMENTATION, R_VALUE)) {
      cumulative.add(new Query(s.at("cumulative") + FILTER, s.name(), true, "table"));
    }
    p.add(new Panel("Cumulative scores (since the counters started)", "table", 0, y, 24, 6, "none",
        "Pooled counters' current values: every boundary scored so far. Restarting an instance lowers them.",
        cumulative));
    y += 6;
    y = SlicePanels.add(p, y);

    p.add(row("Early warning: over-segmentation estimated from the hypotheses before references arrive (docs/operations.md)", y++));
    String window5m = "{model=~\"$model\", tier=~\"$tier\", slice=\"\", window=\"5m\"}";
    p.add(new Panel("Estimated OS (5m) beside the reference-based OS", "timeseries", 0, y, 12, 8, "percentunit",
        "Estimated: hypothesis boundaries per second of audio over rho, minus 1 (" + OVER_SEGMENTATION_ESTIMATED.at("rate5m")
            + "); dashed: its 95 % interval per instance (" + OVER_SEGMENTATION_ESTIMATED_LOWER.metric() + ", "
            + OVER_SEGMENTATION_ESTIMATED_UPPER.metric() + ", window 5m). Reference-based: " + OVER_SEGMENTATION.at("rate5m")
            + ", which follows once the references of the same audio arrive.",
        List.of(Query.range(OVER_SEGMENTATION_ESTIMATED.at("rate5m") + FILTER, "{{model}} {{tier}} estimated 5m"),
            Query.range(OVER_SEGMENTATION_ESTIMATED_LOWER.metric() + window5m, "{{model}} {{tier}} estimated 5m" + BAND_LOWER),
            Query.range(OVER_SEGMENTATION_ESTIMATED_UPPER.metric() + window5m, "{{model}} {{tier}} estimated 5m" + BAND_UPPER),
            Query.range(OVER_SEGMENTATION.at("rate5m") + FILTER, "{{model}} {{tier}} reference-based 5m"))));
    p.add(new Panel("Backtest: estimated vs realised OS (1h)", "timeseries", 12, y, 12, 8, "percentunit",
        "Over the utterances that had an estimate and whose reference has since come: the estimate they had ("
            + OVER_SEGMENTATION_BACKTEST_ESTIMATED.at("rate1h") + ") and the OS their references gave ("
            + OVER_SEGMENTATION_BACKTEST_REALISED.at("rate1h") + "). Apart: trust the early alert less for this traffic.",
        List.of(Query.range(OVER_SEGMENTATION_BACKTEST_ESTIMATED.at("rate1h") + FILTER, "{{model}} {{tier}} estimated 1h"),
            Query.range(OVER_SEGMENTATION_BACKTEST_REALISED.at("rate1h") + FILTER, "{{model}} {{tier}} realised 1h"))));
    y += 8;

    p.add(row("Paired comparison: candidate minus baseline on the same utterances (run --compare), 95 % interval", y++));
    p.add(difference("Precision difference", PRECISION_DIFFERENCE, PRECISION_DIFFERENCE_LOWER, PRECISION_DIFFERENCE_UPPER, 0, y));
    p.add(difference("Recall difference", RECALL_DIFFERENCE, RECALL_DIFFERENCE_LOWER, RECALL_DIFFERENCE_UPPER, 6, y));
    p.add(difference("F1 difference", F1_DIFFERENCE, F1_DIFFERENCE_LOWER, F1_DIFFERENCE_UPPER, 12, y));
    p.add(difference("OS difference", OVER_SEGMENTATION_DIFFERENCE, OVER_SEGMENTATION_DIFFERENCE_LOWER,
        OVER_SEGMENTATION_DIFFERENCE_UPPER, 18, y));
    y += 8;
    p.add(row("Word errors (utterances whose hypothesis carried words; docs/contract.md 3.2)", y++));
    p.add(ratio("Word error rate (WER)", WORD_ERROR_RATE, "percentunit", 0, y));
    p.add(ratio("NED (mean over utterances)", WORD_NED, "percentunit", 8, y));
    String kinds = "sum by (model, tier) (rate(";
    p.add(new Panel("Word errors by kind (per reference word, 5m)", "timeseries", 16, y, 8, 8, "percentunit",
        "Substitutions, insertions and deletions per reference word: they add up to the WER.",
        List.of(Query.range(kinds + WORD_SUBSTITUTIONS_TOTAL.metric() + POOLED + "[5m])) / on (model, tier) "
                + REFERENCE_WORD_RATE.at("rate5m") + FILTER, "{{model}} {{tier}} substitutions"),
            Query.range(kinds + WORD_INSERTIONS_TOTAL.metric() + POOLED + "[5m])) / on (model, tier) "
                + REFERENCE_WORD_RATE.at("rate5m") + FILTER, "{{model}} {{tier}} insertions"),
            Query.range(kinds + WORD_DELETIONS_TOTAL.metric() + POOLED + "[5m])) / on (model, tier) "
                + REFERENCE_WORD_RATE.at("rate5m") + FILTER, "{{model}} {{tier}} deletions"))));
    y += 8;
    p.add(new Panel("Utterances without a word score (per second)", "timeseries", 0, y, 24, 6, "short",
        "no_words: the hypothesis came as bare times; incomplete: timed out or unreferenced; no_labels: the reference has no label.",
        List.of(Query.range("sum by (model, tier, reason) (rate(" + WORD_UNSCORED_TOTAL.metric() + POOLED + "[$__rate_interval]))",
            "{{model}} {{tier}} {{reason}}"))));
    y += 6;

    y = wordTiming(p, y);

    p.add(row("Boundary timing", y++));
    String buckets = "sum by (le) (increase(" + OFFSET_BUCKET.metric() + POOLED;
    p.add(new Panel("Boundary offset |hyp - ref| of hits over time", "heatmap", 0, y, 12, 8, "s",
        "Histogram segmon_boundary_offset_seconds per scrape interval.",
        List.of(new Query(buckets + "[$__rate_interval]))", "{{le}}", false, "heatmap"))));
    p.add(new Panel("Boundary offset distribution (dashboard range)", "bargauge", 12, y, 12, 8, "none",
        "Hits per offset bucket over the whole time range shown.",
        List.of(new Query(buckets + "[$__range]))", "<= {{le}} s", true, "heatmap"))));
    y += 8;

    p.add(row("Traffic and input health", y++));
    p.add(new Panel("Throughput (boundaries/s)", "timeseries", 0, y, 8, 8, "short", "Reference and hypothesis boundaries per second, 5m rate.",
        List.of(Query.range(REFERENCE_BOUNDARY_RATE.at("rate5m") + FILTER, "{{model}} {{tier}} reference"),
            Query.range(HYPOTHESIS_BOUNDARY_RATE.at("rate5m") + FILTER, "{{model}} {{tier}} hypothesis"),
            Query.range(HIT_COUNT.at("rate5m") + FILTER, "{{model}} {{tier}} hits"))));
    p.add(new Panel("Utterance outcomes (per second)", "timeseries", 8, y, 8, 8, "short", "How utterances closed: scored, unreferenced, unhypothesized ...",
        List.of(Query.range("sum by (model, tier, outcome) (rate(" + UTTERANCES_TOTAL.metric() + POOLED + "[$__rate_interval]))",
            "{{model}} {{tier}} {{outcome}}"))));
    p.add(new Panel("Dead letters (per second)", "timeseries", 16, y, 8, 8, "short", "Records sent to the dead-letter topic, by reason.",
        List.of(Query.range("sum by (reason, model, tier) (rate(" + DEAD_LETTERS_TOTAL.metric() + "{slice=\"\"}[$__rate_interval]))",
            "{{reason}} {{model}} {{tier}}"))));
    y += 8;
    p.add(new Panel("Open utterances (state)", "timeseries", 0, y, 8, 8, "short", "Utterances waiting for their reference or hypothesis end.",
        List.of(Query.range("sum by (model, tier) (" + OPEN_UTTERANCES.metric() + POOLED + ")", "{{model}} {{tier}}"))));
    p.add(new Panel("Time since the last reference", "timeseries", 8, y, 8, 8, "s", "Per tier; references may legitimately come hours late.",
        List.of(Query.range("time() - max by (tier) (" + REFERENCE_LAST_RECEIVED.metric() + "{tier=~\"$tier\", slice=\"\"})", "{{tier}}"))));
    String closed = "sum by (model, tier) (" + UTTERANCES_TOTAL.metric() + "{model=~\"$model\", tier=~\"$tier\", slice=\"\"";
    p.add(new Panel("Scored on, estimated on (share of utterances)", "timeseries", 16, y, 8, 8, "percentunit",
        "Per model: closed utterances that were not closed unreferenced, over all closed (segmon_referenced_utterances_ratio,"
            + " pooled over instances). The scores above describe these utterances only (--unreferenced skip, the default)."
            + " Estimated on: closed utterances whose end carried a usable duration, over all closed (segmon_estimated_utterances_ratio,"
            + " pooled): the early estimate's share, beside the reference-based OS in \"Estimated OS (5m)\".",
        List.of(Query.range(closed + ", outcome!=\"unreferenced\"}) / " + closed + "})", "{{model}} {{tier}} scored on"),
            Query.range("sum by (model, tier) (" + ESTIMATE_CLOSED_UTTERANCES_TOTAL.metric() + POOLED + ") / " + closed + "})",
                "{{model}} {{tier}} estimated on"))));
    y += 8;
    String perTopic = "sum by (topic) (rate(";
    p.add(new Panel("Input records off their key's partition (per second)", "timeseries", 0, y, 24, 6, "short",
        "Per input topic, records not on Kafka's default (murmur2) partition of their key, beside all keyed records checked."
            + " Above 0: a producer partitions otherwise (librdkafka's default is crc32), and those utterances' hypotheses and"
            + " references never meet (docs/operations.md, \"Producers in other languages: the partitioner\").",
        List.of(Query.range(perTopic + INPUT_PARTITION_MISMATCHES_TOTAL.metric() + "{slice=\"\"}[$__rate_interval]))", "{{topic}} off its partition"),
            Query.range(perTopic + INPUT_PARTITION_CHECKED_TOTAL.metric() + "{slice=\"\"}[$__rate_interval]))", "{{topic}} checked"))));
    y += 6;

    p.add(row("Kafka Streams", y++));
    p.add(new Panel("Consumer lag (max records)", "timeseries", 0, y, 8, 8, "short", "kafka_consumer_fetch_manager_records_lag_max per instance.",
        List.of(Query.range("max by (instance) (" + RECORDS_LAG_MAX.metric() + "{job=\"segmon\"})", "{{instance}}"))));
    p.add(new Panel("Records processed (per second)", "timeseries", 8, y, 8, 8, "short", "Kafka Streams stream-thread process rate, per instance.",
        List.of(Query.range("sum by (instance) (" + PROCESS_RATE.metric() + "{job=\"segmon\"})", "{{instance}}"))));
    p.add(new Panel("State size (estimated keys)", "timeseries", 16, y, 8, 8, "short", "RocksDB estimate-num-keys summed per instance and store.",
        List.of(Query.range("sum by (instance) (" + STATE_ESTIMATE_NUM_KEYS.metric() + "{job=\"segmon\"})", "{{instance}}"))));
    return p;
  }

  /**
   * Word timing (docs/timing.md, "Live"): bias and mean absolute error per edge as 5m rates of the
   * summed histograms' sums over their counts, the bias's 5m interval gauges as a band, the median
   * absolute error estimated from the buckets, and the shares of matched words within each collar.
   */
  private static int wordTiming(List<Panel> p, int y) {
    p.add(row("Word timing (correctly recognised words only; docs/timing.md)", y++));
    String by = "sum by (model, tier, edge) (rate(";
    String window = "{model=~\"$model\", tier=~\"$tier\", slice=\"\", window=\"5m\"}";
    p.add(new Panel("Word timing bias (mean signed offset hyp - ref, 5m)", "timeseries", 0, y, 8, 8, "s",
        "Mean signed start and end offset of the matched words: above 0 late, below 0 early. Dashed: the 95 % interval"
            + " with the utterance as the unit (segmon_word_timing_bias_lower_seconds / _upper_seconds, window 5m, per instance).",
        List.of(Query.range(by + WORD_TIMING_OFFSET_SUM.metric() + POOLED + "[5m])) / " + by + WORD_TIMING_OFFSET_COUNT.metric()
                + POOLED + "[5m]))", "{{model}} {{tier}} {{edge}}"),
            Query.range(WORD_TIMING_BIAS_LOWER.metric() + window, "{{model}} {{tier}} {{edge}}" + BAND_LOWER),
            Query.range(WORD_TIMING_BIAS_UPPER.metric() + window, "{{model}} {{tier}} {{edge}}" + BAND_UPPER))));
    p.add(new Panel("Word timing error |hyp - ref| (5m): mean, and median estimated from the histogram", "timeseries", 8, y, 8, 8, "s",
        "Mean absolute start and end offset of the matched words (the Montreal Forced Aligner's figure pools both), and the"
            + " median by histogram_quantile over the buckets 0.01 .. 0.5 s: an estimate within its bucket (eval timing's is exact).",
        List.of(Query.range(by + WORD_TIMING_ABSOLUTE_SUM.metric() + POOLED + "[5m])) / " + by + WORD_TIMING_ABSOLUTE_COUNT.metric()
                + POOLED + "[5m]))", "{{model}} {{tier}} {{edge}} mean"),
            Query.range("histogram_quantile(0.5, sum by (model, tier, edge, le) (rate(" + WORD_TIMING_ABSOLUTE_BUCKET.metric() + POOLED
                + "[5m])))", "{{model}} {{tier}} {{edge}} median"))));
    p.add(new Panel("Words within the collar (start and end, 5m)", "timeseries", 16, y, 8, 8, "percentunit",
        "Share of matched words whose start and end both lie within 20, 50, 100, 200 ms (WhisperX scores at 200 ms).",
        List.of(Query.range("sum by (model, tier, collar) (rate(" + WORD_TIMING_WITHIN_TOTAL.metric()
            + "{model=~\"$model\", tier=~\"$tier\", slice=\"\", edge=\"both\"}[5m])) / on (model, tier) group_left sum by (model, tier) (rate("
            + WORD_TIMING_MATCHED_TOTAL.metric() + POOLED + "[5m]))", "{{model}} {{tier}} {{collar}} s"))));
    return y + 8;
  }

  /** The alert-annotation query (the dashboard marks every time an alert fired). */
  static String alertAnnotationExpr() {
    return ALERTS.metric() + "{alertstate=\"firing\"}";
  }

  /** The model picker's query. */
  static String modelVariableQuery() {
    return "label_values(" + REFERENCE_BOUNDARIES_TOTAL.metric() + ", model)";
  }

  private static Panel row(String title, int y) {
    return new Panel(title, "row", 0, y, 24, 1, null, null, List.of());
  }

  private static Panel ratio(String title, DashboardSeries series, String unit, int x, int y) {
    return new Panel(title, "timeseries", x, y, 8, 8, unit,
        "Recorded from summed counters (" + series.at("rate5m") + ", " + series.at("rate1h") + "). Not clamped.",
        List.of(Query.range(series.at("rate5m") + FILTER, "{{model}} {{tier}} 5m"),
            Query.range(series.at("rate1h") + FILTER, "{{model}} {{tier}} 1h")));
  }

  /**
   * A ratio panel with the 5m utterance-level 95 % interval (docs/intervals.md) as a band: its
   * bounds drawn as dashed lines ({@link #BAND}).
   */
  private static Panel banded(Panel ratio, DashboardSeries lower, DashboardSeries upper) {
    List<Query> q = new ArrayList<>(ratio.queries());
    q.add(Query.range(lower.at("rate5m") + FILTER, "{{model}} {{tier}} 5m" + BAND_LOWER));
    q.add(Query.range(upper.at("rate5m") + FILTER, "{{model}} {{tier}} 5m" + BAND_UPPER));
    return new Panel(ratio.title(), ratio.type(), ratio.x(), ratio.y(), ratio.w(), ratio.h(), ratio.unit(),
        ratio.description() + " Dashed: the 5m 95 % interval with the utterance as the unit (" + lower.at("rate5m") + ", "
            + upper.at("rate5m") + "; docs/intervals.md).", q);
  }

  /** Candidate minus baseline over 5m with its 95 % interval as a band, per (candidate, baseline, tier). */
  private static Panel difference(String title, DashboardSeries value, DashboardSeries lower, DashboardSeries upper, int x, int y) {
    String filter = "{tier=~\"$tier\"}";
    String legend = "{{candidate}} - {{baseline}} {{tier}} 5m";
    return new Panel(title, "timeseries", x, y, 6, 8, "percentunit",
        "Candidate minus baseline on the utterances scored for both (" + value.at("rate5m") + "); dashed: its 95 % interval"
            + " (paired, utterance as the unit; docs/intervals.md). Below zero: the candidate is worse.",
        List.of(Query.range(value.at("rate5m") + filter, legend), Query.range(lower.at("rate5m") + filter, legend + BAND_LOWER),
            Query.range(upper.at("rate5m") + filter, legend + BAND_UPPER)));
  }

  private static final String BAND_LOWER = " lower";
  private static final String BAND_UPPER = " upper";
  /** The series of a band: legends ending in " lower" or " upper". */
  private static final String BAND = "/ (lower|upper)$/";

  static ObjectNode dashboard() {
    ObjectNode d = F.objectNode();
    ObjectNode annotations = d.putObject("annotations");
    ArrayNode list = annotations.putArray("list");
    ObjectNode builtin = list.addObject();
    builtin.put("builtIn", 1);
    builtin.set("datasource", F.objectNode().put("type", "grafana").put("uid", "-- Grafana --"));
    builtin.put("enable", true).put("hide", true).put("iconColor", "rgba(0, 211, 255, 1)")
        .put("name", "Annotations & Alerts").put("type", "dashboard");
    ObjectNode alerts = list.addObject();
    alerts.set("datasource", datasource());
    alerts.put("enable", true).put("expr", alertAnnotationExpr()).put("iconColor", "red")
        .put("name", "Firing alerts").put("step", "60s").put("titleFormat", "{{alertname}}")
        .put("textFormat", "{{model}} {{tier}} {{severity}}").put("tagKeys", "alertname,severity")
        .put("useValueForTime", false);
    d.put("description", "segmon: live word/phone boundary accuracy per model and tier (docs/operations.md)");
    d.put("editable", true).put("graphTooltip", 1);
    ArrayNode panels = d.putArray("panels");
    int id = 1;
    for (Panel panel : panels()) panels.add(panelJson(panel, id++));
    d.put("refresh", "30s").put("schemaVersion", 39);
    d.putArray("tags").add("segmon");
    ObjectNode templating = d.putObject("templating");
    ArrayNode vars = templating.putArray("list");
    ObjectNode ds = vars.addObject();
    ds.put("name", "datasource").put("label", "Prometheus").put("type", "datasource").put("query", "prometheus")
        .put("hide", 0);
    ds.set("current", F.objectNode().put("text", "Prometheus").put("value", "segmon-prometheus"));
    vars.add(labelVariable("model", "Model", modelVariableQuery()));
    vars.add(labelVariable("tier", "Tier",
        "label_values(" + REFERENCE_BOUNDARIES_TOTAL.metric() + "{model=~\"$model\"}, tier)"));
    // One key at a time: the slice row's panels split by its values; Grafana starts on the first key.
    ObjectNode sliceKey = labelVariable(SlicePanels.VARIABLE, "Slice key", SlicePanels.variableQuery());
    sliceKey.put("includeAll", false).put("multi", false).remove("allValue");
    sliceKey.set("current", F.objectNode());
    vars.add(sliceKey);
    d.set("time", F.objectNode().put("from", "now-6h").put("to", "now"));
    d.put("timezone", "utc").put("title", "segmon - segmentation accuracy").put("uid", UID).put("version", 1);
    return d;
  }

  private static ObjectNode labelVariable(String name, String label, String query) {
    ObjectNode v = F.objectNode();
    v.put("name", name).put("label", label).put("type", "query");
    v.set("datasource", datasource());
    v.set("query", F.objectNode().put("query", query).put("refId", name));
    v.put("definition", query).put("includeAll", true).put("multi", true).put("allValue", ".*")
        .put("refresh", 2).put("sort", 1).put("hide", 0);
    v.set("current", F.objectNode().put("text", "All").put("value", "$__all"));
    return v;
  }

  private static ObjectNode datasource() {
    return F.objectNode().put("type", "prometheus").put("uid", "${datasource}");
  }

  private static ObjectNode panelJson(Panel panel, int id) {
    ObjectNode p = F.objectNode();
    p.put("id", id).put("type", panel.type()).put("title", panel.title());
    p.set("gridPos", F.objectNode().put("h", panel.h()).put("w", panel.w()).put("x", panel.x()).put("y", panel.y()));
    if (panel.type().equals("row")) {
      p.put("collapsed", false);
      p.putArray("panels");
      return p;
    }
    p.put("description", panel.description());
    p.set("datasource", datasource());
    ObjectNode defaults = F.objectNode().put("unit", panel.unit());
    ArrayNode overrides = F.arrayNode();
    if (panel.queries().stream().anyMatch(q -> q.legend().endsWith(BAND_UPPER))) {
      ObjectNode band = overrides.addObject();
      band.set("matcher", F.objectNode().put("id", "byRegexp").put("options", BAND));
      ArrayNode props = band.putArray("properties");
      props.addObject().put("id", "custom.lineStyle").set("value", F.objectNode().put("fill", "dash")
          .set("dash", F.arrayNode().add(4).add(4)));
      props.addObject().put("id", "custom.lineWidth").put("value", 1);
    }
    p.set("fieldConfig", F.objectNode().<ObjectNode>set("defaults", defaults).set("overrides", overrides));
    ObjectNode options = p.putObject("options");
    options.set("legend", F.objectNode().put("displayMode", "table").put("placement", "bottom").put("showLegend", true));
    options.set("tooltip", F.objectNode().put("mode", "multi").put("sort", "desc"));
    if (panel.type().equals("heatmap")) {
      options.put("calculate", false);
      options.set("yAxis", F.objectNode().put("unit", "s"));
      options.set("cellValues", F.objectNode().put("unit", "short"));
    }
    if (panel.type().equals("bargauge")) {
      options.put("displayMode", "basic").put("orientation", "vertical");
    }
    if (panel.type().equals("table")) {
      p.putArray("transformations").addObject().put("id", "merge").putObject("options");
    }
    ArrayNode targets = p.putArray("targets");
    char ref = 'A';
    for (Query q : panel.queries()) {
      ObjectNode t = targets.addObject();
      t.set("datasource", datasource());
      t.put("expr", q.expr()).put("legendFormat", q.legend()).put("instant", q.instant()).put("range", !q.instant())
          .put("format", q.format()).put("refId", String.valueOf(ref++));
    }
    return p;
  }

  /** The dashboard exactly as committed: pretty-printed JSON and a final newline. */
  static String render() throws IOException {
    return RepoFiles.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(dashboard()) + "\n";
  }

  public static void main(String[] args) throws IOException {
    Path out = RepoFiles.root().resolve(OUTPUT);
    Files.createDirectories(out.getParent());
    Files.writeString(out, render());
    System.out.println("wrote " + out);
  }
}
