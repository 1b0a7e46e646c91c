package dev.segmon.app.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.model.interval.CriticalValue;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The recorded critical values ({@code segmon:*_critical_value:<range>}, written by
 * docs/tools/gen_interval_rules.py) are the t quantile of {@link CriticalValue}, which
 * CriticalValueTest holds to R's {@code qt}: one definition in Java and PromQL. Exact (to 1e-14)
 * for every whole m up to 20, where the rule selects a constant; within the documented 1.3e-7
 * (relative, docs/intervals.md "Recording rules") beyond, where it evaluates the Cornish-Fisher
 * expansion.
 */
class CriticalValueRulesTest {
  private static final Pattern TABLE = Pattern.compile(
      "\\(([0-9.]+) \\+ 0 \\* (\\S+) and \\2 >=? ([0-9.]+) < ([0-9.]+)\\)");
  private static final Pattern EXPANSION = Pattern.compile(
      "\\(([0-9.]+) \\+ \\(([0-9.]+) \\+ \\(([0-9.]+) \\+ \\(([0-9.]+) \\+ ([0-9.]+) / \\((\\S+) - 1\\)\\) / \\(\\6 - 1\\)\\)"
          + " / \\(\\6 - 1\\)\\) / \\(\\6 - 1\\) and \\6 >= ([0-9.]+)\\)");

  private record Piece(double value, double from, double to) {}

  @Test
  void everyRecordedCriticalValueIsStudentsTWithMMinusOneDegreesOfFreedom() {
    List<RuleFiles.Rule> rules = RuleFiles.recordings().stream()
        .filter(r -> r.record().matches("segmon:(utterance|paired)_critical_value:rate(5m|1h)")).toList();
    assertEquals(4, rules.size(), "two ranges, single and paired");
    for (RuleFiles.Rule rule : rules) {
      List<Piece> table = new ArrayList<>();
      Matcher t = TABLE.matcher(rule.expr());
      while (t.find()) {
        table.add(new Piece(Double.parseDouble(t.group(1)), Double.parseDouble(t.group(3)), Double.parseDouble(t.group(4))));
      }
      Matcher e = EXPANSION.matcher(rule.expr());
      assertTrue(e.find(), rule.record() + ": no expansion piece");
      double[] g = new double[5];
      for (int i = 0; i < 5; i++) {
        g[i] = Double.parseDouble(e.group(i + 1));
      }
      double from = Double.parseDouble(e.group(7));
      for (long m = 2; m <= 2000; m++) {
        double expected = CriticalValue.twoSided(0.95, m);
        long whole = m; // never on a piece's bound, which are halves
        List<Piece> hits = table.stream().filter(p -> p.from() < whole && whole < p.to()).toList();
        if (m < from) {
          assertEquals(1, hits.size(), rule.record() + " m=" + m);
          assertEquals(expected, hits.get(0).value(), 1e-14 * expected, rule.record() + " m=" + m);
        } else {
          assertTrue(hits.isEmpty(), rule.record() + " m=" + m);
          double nu = m - 1;
          double horner = g[0] + (g[1] + (g[2] + (g[3] + g[4] / nu) / nu) / nu) / nu;
          assertEquals(expected, horner, 1.3e-7 * expected, rule.record() + " m=" + m);
        }
      }
      assertEquals(20.5, from, rule.record());
    }
  }
}
