package dev.segmon.app.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The selectors of exported segmon_* series in a PromQL expression that do not say which slice
 * they read (docs/slices.md): a sum over a family without {@code slice=""} counts every utterance
 * once pooled and once per slice key.
 */
final class SliceSelectors {
  private static final Pattern SELECTOR = Pattern.compile("\\bsegmon_[a-z0-9_]+\\b(\\{[^}]*\\})?");

  private SliceSelectors() {}

  /** The selectors of {@code expr} (comment lines left out) whose matchers contain none of {@code sliceMatchers}. */
  static List<String> without(String expr, List<String> sliceMatchers) {
    List<String> out = new ArrayList<>();
    Matcher m = SELECTOR.matcher(expr.replaceAll("(?m)^\\s*#.*$", ""));
    while (m.find()) {
      String matchers = m.group(1) == null ? "" : m.group(1);
      if (sliceMatchers.stream().noneMatch(matchers::contains)) out.add(m.group());
    }
    return out;
  }
}
