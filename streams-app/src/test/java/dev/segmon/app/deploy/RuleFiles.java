package dev.segmon.app.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The recording and alerting rules in deploy/prometheus/rules, read as data. */
final class RuleFiles {
  static final String RULES_DIR = "deploy/prometheus/rules";
  static final String TESTS_DIR = "deploy/prometheus/tests";

  /** One rule: a recording rule has {@code record}, an alert has {@code alert}. */
  record Rule(Path file, String record, String alert, String expr, String forDuration, Map<String, String> annotations) {
    boolean isAlert() {
      return alert != null;
    }

    String name() {
      return isAlert() ? alert : record;
    }
  }

  private RuleFiles() {}

  static List<Path> files() {
    return RepoFiles.list(RepoFiles.path(RULES_DIR), ".rules.yml");
  }

  static List<Rule> all() {
    List<Rule> rules = new ArrayList<>();
    for (Path file : files()) {
      for (JsonNode group : RepoFiles.yaml(file).path("groups")) {
        for (JsonNode rule : group.path("rules")) {
          Map<String, String> annotations = new LinkedHashMap<>();
          rule.path("annotations").fields().forEachRemaining(e -> annotations.put(e.getKey(), e.getValue().asText()));
          rules.add(new Rule(file, text(rule, "record"), text(rule, "alert"), rule.path("expr").asText(),
              text(rule, "for"), annotations));
        }
      }
    }
    return rules;
  }

  static List<Rule> alerts() {
    return all().stream().filter(Rule::isAlert).toList();
  }

  static List<Rule> recordings() {
    return all().stream().filter(r -> !r.isAlert()).toList();
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asText();
  }
}
