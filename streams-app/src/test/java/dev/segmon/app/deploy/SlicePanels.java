package dev.segmon.app.deploy;

import static dev.segmon.app.deploy.DashboardSeries.BOUNDARY_HITS_TOTAL;
import static dev.segmon.app.deploy.DashboardSeries.HYPOTHESIS_BOUNDARIES_TOTAL;
import static dev.segmon.app.deploy.DashboardSeries.REFERENCE_BOUNDARIES_TOTAL;

import dev.segmon.app.deploy.DashboardGenerator.Panel;
import dev.segmon.app.deploy.DashboardGenerator.Query;
import java.util.List;

/**
 * The dashboard's slice row (docs/slices.md, "Grafana"): F1, recall and OS per value of the key
 * picked in the variable {@value #VARIABLE}, from the slice series' counters summed over instances
 * and then divided, as the recording rules do for the pooled series. The value's label is named
 * after the key, so label_replace copies it into {@value #VALUE_LABEL}, which one legend can name
 * for every key.
 */
final class SlicePanels {
  /** The dashboard variable holding the slice key (the {@code slice} label's values). */
  static final String VARIABLE = "slice_key";
  /** The label the slice's value is copied into. */
  static final String VALUE_LABEL = "slice_value";

  private SlicePanels() {}

  /** The slice key picker's query: the keys that have slice series. */
  static String variableQuery() {
    return "label_values(" + BOUNDARY_HITS_TOTAL.metric() + "{slice!=\"\"}, slice)";
  }

  /** Adds the row and its panels at {@code y}; returns the next free y. */
  static int add(List<Panel> p, int y) {
    p.add(new Panel("Slices: scores per value of $" + VARIABLE + " (run --slice-keys; docs/slices.md)", "row", 0, y++, 24, 1,
        null, null, List.of()));
    String hits = rate(BOUNDARY_HITS_TOTAL.metric());
    String reference = rate(REFERENCE_BOUNDARIES_TOTAL.metric());
    String hypothesis = rate(HYPOTHESIS_BOUNDARIES_TOTAL.metric());
    p.add(panel("F1 per $" + VARIABLE + " (5m)", 0, y, "2 * hits / (hypothesis + reference boundaries)",
        "2 * " + hits + " / ((" + hypothesis + " + " + reference + ") > 0)"));
    p.add(panel("Recall per $" + VARIABLE + " (5m)", 8, y, "hits / reference boundaries",
        hits + " / (" + reference + " > 0)"));
    p.add(panel("Over-segmentation (OS) per $" + VARIABLE + " (5m)", 16, y, "hypothesis / reference boundaries - 1",
        hypothesis + " / (" + reference + " > 0) - 1"));
    return y + 8;
  }

  /** A counter's 5m rate per (model, tier, slice value) over the picked key's slice series. */
  private static String rate(String counter) {
    return "sum by (model, tier, " + VALUE_LABEL + ") (label_replace(rate(" + counter
        + "{model=~\"$model\", tier=~\"$tier\", slice=\"$" + VARIABLE + "\"}[5m]), \"" + VALUE_LABEL + "\", \"$1\", \"$"
        + VARIABLE + "\", \"(.*)\"))";
  }

  private static Panel panel(String title, int x, int y, String formula, String expr) {
    return new Panel(title, "timeseries", x, y, 8, 8, "percentunit",
        "Per value of the slice key picked above: " + formula + ", from the slice series' counters summed over instances"
            + " (the pooled panels above read the series without a slice). One line per model, tier and value; none and"
            + " other are the utterances without the key and those beyond the cap.",
        List.of(Query.range(expr, "{{model}} {{tier}} {{" + VALUE_LABEL + "}}")));
  }
}
