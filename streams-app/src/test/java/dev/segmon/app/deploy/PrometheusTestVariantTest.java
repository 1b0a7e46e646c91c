package dev.segmon.app.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrometheusTestVariantTest {

  @Test
  void shortensRangesOffsetsAndForButKeepsNamesAndThresholds() {
    String rules = """
        - record: segmon:boundary_hits:rate5m
          expr: sum by (model, tier) (rate(segmon_boundary_hits_total[5m]))
        - alert: A
          expr: (x:rate1h offset 1d) - x:rate1h > 0.05 and increase(y[6h]) == 0 and increase(z[15m]) > 0
          for: 30m
        - alert: B
          expr: up == 0
          for: 0m
        """;
    String variant = PrometheusTestVariant.rewrite(rules);
    assertTrue(variant.contains("rate(segmon_boundary_hits_total[20s])"));
    assertTrue(variant.contains("(x:rate1h offset 40s) - x:rate1h > 0.05 and increase(y[60s]) == 0 and increase(z[30s]) > 0"));
    assertTrue(variant.contains("  for: 5s\n"));
    assertTrue(variant.contains("  for: 0s\n"));
    assertTrue(variant.contains("record: segmon:boundary_hits:rate5m"), "record names stay");
  }

  @Test
  void refusesASpanItHasNoShortVersionFor() {
    assertThrows(IllegalStateException.class, () -> PrometheusTestVariant.rewrite("expr: rate(x[2h])\n"));
  }

  @Test
  void everyShippedRuleFileHasAPromtoolValidVariant(@TempDir Path dir) throws Exception {
    List<Path> files = PrometheusTestVariant.writeAll(dir);
    assertEquals(RuleFiles.files().size(), files.size());
    for (Path f : files) assertFalse(Files.readString(f).contains("[1h]"), f.toString());
    Path promtool = ExternalTool.require("promtool");
    List<String> command = new ArrayList<>(List.of(promtool.toString(), "check", "rules"));
    files.forEach(f -> command.add(f.toString()));
    ExternalTool.runOk(dir, 60, command);
  }
}
