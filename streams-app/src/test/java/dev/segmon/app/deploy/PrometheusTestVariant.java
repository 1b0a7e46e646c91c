package dev.segmon.app.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rules with production windows and delays shortened for a live test of a few minutes: the
 * same expressions, thresholds and record names (so the dashboard's queries still find them),
 * only the time spans replaced. The rule files spell every span literally so that this plain
 * substitution is all it takes (see the header of segmon-alerts.rules.yml).
 */
final class PrometheusTestVariant {
  /** Production span -> live-test span. */
  static final Map<String, String> RANGES = new LinkedHashMap<>();

  static {
    RANGES.put("[5m]", "[20s]");
    RANGES.put("[15m]", "[30s]");
    RANGES.put("[1h]", "[40s]");
    RANGES.put("[6h]", "[60s]");
    RANGES.put("offset 1d", "offset 40s");
  }

  private static final Pattern FOR = Pattern.compile("(?m)^([ \\t]+for: )(\\d+[smhd])[ \\t]*$");
  private static final Pattern ANY_RANGE = Pattern.compile("\\[\\d+[smhdw]\\]|offset \\d+[smhdw]");

  private PrometheusTestVariant() {}

  /** One rule file's text with the spans replaced; every `for:` above zero becomes 5s. */
  static String rewrite(String rules) {
    String out = rules;
    for (Map.Entry<String, String> e : RANGES.entrySet()) out = out.replace(e.getKey(), e.getValue());
    Matcher m = FOR.matcher(out);
    StringBuilder sb = new StringBuilder();
    while (m.find()) m.appendReplacement(sb, m.group(1) + (m.group(2).matches("0[smhd]") ? "0s" : "5s"));
    m.appendTail(sb);
    out = sb.toString();
    Matcher left = ANY_RANGE.matcher(out.replaceAll("(?m)^\\s*#.*$", ""));
    while (left.find()) {
      if (!RANGES.containsValue(left.group())) {
        throw new IllegalStateException("no test span for " + left.group() + ": add it to PrometheusTestVariant.RANGES");
      }
    }
    return "# GENERATED test variant (PrometheusTestVariant): production spans shortened; names unchanged.\n" + out;
  }

  /** Writes the variant of every rule file into {@code dir}; returns the written files. */
  static List<Path> writeAll(Path dir) throws IOException {
    Files.createDirectories(dir);
    List<Path> written = new ArrayList<>();
    for (Path file : RuleFiles.files()) {
      Path target = dir.resolve(file.getFileName());
      Files.writeString(target, rewrite(Files.readString(file)));
      written.add(target);
    }
    return written;
  }

  /** Writes the test variant, e.g. for a local Prometheus: {@code args[0]} = output directory. */
  public static void main(String[] args) throws IOException {
    writeAll(Path.of(args.length > 0 ? args[0] : "target/prometheus-test-rules")).forEach(System.out::println);
  }
}
