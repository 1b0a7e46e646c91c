package dev.segmon.app.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Generates deploy/kubernetes/prometheusrule.yaml: the rule groups of deploy/prometheus/rules as
 * one Prometheus Operator PrometheusRule, so that Kubernetes runs exactly the promtool-tested
 * rules. Regenerate with SEGMON_WRITE_DASHBOARD=1 (see DashboardGenerator); KubernetesManifestsTest
 * fails while the committed file differs.
 */
final class PrometheusRuleGenerator {
  static final Path OUTPUT = Path.of("deploy/kubernetes/prometheusrule.yaml");
  private static final YAMLMapper YAML = new YAMLMapper(new YAMLFactory()
      .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
      .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
      .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
      .disable(YAMLGenerator.Feature.SPLIT_LINES));

  private PrometheusRuleGenerator() {}

  static String render() throws IOException {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode rule = f.objectNode();
    rule.put("apiVersion", "monitoring.coreos.com/v1").put("kind", "PrometheusRule");
    ObjectNode metadata = rule.putObject("metadata");
    metadata.put("name", "segmon");
    metadata.putObject("labels").put("app.kubernetes.io/name", "segmon").put("app.kubernetes.io/component", "monitor");
    ArrayNode groups = rule.putObject("spec").putArray("groups");
    for (Path file : RuleFiles.files()) {
      for (JsonNode group : RepoFiles.yaml(file).path("groups")) groups.add(group);
    }
    return "# GENERATED from deploy/prometheus/rules/*.rules.yml by PrometheusRuleGenerator (streams-app tests).\n"
        + "# Edit the rule files, not this one. The Operator's Prometheus must select these labels\n"
        + "# (ruleSelector) for the rules to load.\n"
        + YAML.writeValueAsString(rule);
  }

  public static void main(String[] args) throws IOException {
    Files.writeString(RepoFiles.root().resolve(OUTPUT), render());
  }
}
