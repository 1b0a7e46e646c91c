package dev.segmon.app.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.config.MonitorConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Offline checks of deploy/kubernetes (no cluster here): every document parses and is a kind this
 * project means to ship with its API version, selectors select the pod template's labels, ports
 * and volume names line up, and application.server is built from the pod name and the headless
 * Service's DNS name.
 */
class KubernetesManifestsTest {
  private static final Path DIR = RepoFiles.path("deploy/kubernetes");
  private static final Map<String, String> KNOWN = Map.of(
      "ConfigMap", "v1",
      "Service", "v1",
      "StatefulSet", "apps/v1",
      "PodDisruptionBudget", "policy/v1",
      "ServiceMonitor", "monitoring.coreos.com/v1",
      "PrometheusRule", "monitoring.coreos.com/v1");

  private static Map<String, JsonNode> byKind() {
    Map<String, JsonNode> docs = new HashMap<>();
    for (String resource : kustomizationResources()) {
      for (JsonNode doc : RepoFiles.yamlDocuments(DIR.resolve(resource))) {
        String kind = doc.path("kind").asText();
        assertEquals(KNOWN.get(kind), doc.path("apiVersion").asText(), resource + ": " + kind + " apiVersion");
        assertFalse(doc.path("metadata").path("name").asText().isEmpty(), resource + ": no metadata.name");
        assertTrue(docs.put(kind, doc) == null, "two " + kind + " documents");
      }
    }
    return docs;
  }

  private static List<String> kustomizationResources() {
    List<String> out = new ArrayList<>();
    RepoFiles.yaml(DIR.resolve("kustomization.yaml")).path("resources").forEach(r -> out.add(r.asText()));
    return out;
  }

  @Test
  void everyManifestIsListedAndEveryKindIsKnown() {
    Set<String> files = new HashSet<>();
    RepoFiles.list(DIR, ".yaml").forEach(p -> files.add(p.getFileName().toString()));
    files.remove("kustomization.yaml");
    assertEquals(files, new HashSet<>(kustomizationResources()), "kustomization.yaml must list every manifest");
    assertEquals(KNOWN.keySet(), byKind().keySet());
  }

  @Test
  void selectorsSelectThePodTemplate() {
    Map<String, JsonNode> docs = byKind();
    JsonNode sts = docs.get("StatefulSet");
    JsonNode podLabels = sts.path("spec").path("template").path("metadata").path("labels");
    assertSubset(sts.path("spec").path("selector").path("matchLabels"), podLabels, "StatefulSet selector");
    assertSubset(docs.get("Service").path("spec").path("selector"), podLabels, "Service selector");
    assertSubset(docs.get("PodDisruptionBudget").path("spec").path("selector").path("matchLabels"), podLabels, "PDB selector");
    assertSubset(docs.get("ServiceMonitor").path("spec").path("selector").path("matchLabels"),
        docs.get("Service").path("metadata").path("labels"), "ServiceMonitor selector");
  }

  @Test
  void theStatefulSetUsesTheHeadlessServiceAndAVolumePerPod() {
    Map<String, JsonNode> docs = byKind();
    JsonNode spec = docs.get("StatefulSet").path("spec");
    JsonNode service = docs.get("Service");
    assertEquals(service.path("metadata").path("name").asText(), spec.path("serviceName").asText());
    assertEquals("None", service.path("spec").path("clusterIP").asText());

    JsonNode container = spec.path("template").path("spec").path("containers").get(0);
    String claim = spec.path("volumeClaimTemplates").get(0).path("metadata").path("name").asText();
    JsonNode mount = container.path("volumeMounts").get(0);
    assertEquals(claim, mount.path("name").asText());
    assertEquals(docs.get("ConfigMap").path("data").path("SEGMON_STATE_DIR").asText(), mount.path("mountPath").asText(),
        "the state dir must be the per-pod volume");
    // Kubernetes' service links would inject SEGMON_*-looking variables the monitor rejects.
    assertFalse(spec.path("template").path("spec").path("enableServiceLinks").asBoolean(true));
  }

  @Test
  void applicationServerIsThePodsStableDnsName() {
    Map<String, JsonNode> docs = byKind();
    JsonNode spec = docs.get("StatefulSet").path("spec");
    JsonNode container = spec.path("template").path("spec").path("containers").get(0);
    Map<String, JsonNode> env = new HashMap<>();
    container.path("env").forEach(e -> env.put(e.path("name").asText(), e));
    assertEquals("metadata.name", env.get("POD_NAME").path("valueFrom").path("fieldRef").path("fieldPath").asText());
    assertEquals("metadata.namespace", env.get("POD_NAMESPACE").path("valueFrom").path("fieldRef").path("fieldPath").asText());
    String metricsPort = docs.get("ConfigMap").path("data").path("SEGMON_METRICS_PORT").asText();
    assertEquals("$(POD_NAME)." + spec.path("serviceName").asText() + ".$(POD_NAMESPACE).svc.cluster.local:" + metricsPort,
        env.get("KAFKA_APPLICATION_SERVER").path("value").asText());
    assertEquals(docs.get("ConfigMap").path("metadata").path("name").asText(),
        container.path("envFrom").get(0).path("configMapRef").path("name").asText());
    assertTrue(Integer.parseInt(docs.get("ConfigMap").path("data").path("KAFKA_NUM_STANDBY_REPLICAS").asText()) >= 1);
  }

  @Test
  void portsLineUpFromContainerToServiceMonitor() {
    Map<String, JsonNode> docs = byKind();
    JsonNode container = docs.get("StatefulSet").path("spec").path("template").path("spec").path("containers").get(0);
    JsonNode containerPort = container.path("ports").get(0);
    String metricsPort = docs.get("ConfigMap").path("data").path("SEGMON_METRICS_PORT").asText();
    assertEquals(metricsPort, containerPort.path("containerPort").asText());
    for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
      assertEquals(containerPort.path("name").asText(), container.path(probe).path("httpGet").path("port").asText(), probe);
    }
    assertEquals("/ready", container.path("readinessProbe").path("httpGet").path("path").asText());
    assertEquals("/health", container.path("livenessProbe").path("httpGet").path("path").asText());
    assertEquals("/health", container.path("startupProbe").path("httpGet").path("path").asText());
    JsonNode servicePort = docs.get("Service").path("spec").path("ports").get(0);
    assertEquals(containerPort.path("name").asText(), servicePort.path("targetPort").asText());
    assertEquals(metricsPort, servicePort.path("port").asText());
    JsonNode endpoint = docs.get("ServiceMonitor").path("spec").path("endpoints").get(0);
    assertEquals(servicePort.path("name").asText(), endpoint.path("port").asText());
    assertEquals("/metrics", endpoint.path("path").asText());
  }

  @Test
  void thePrometheusRuleIsGeneratedFromTheTestedRuleFiles() throws Exception {
    assertEquals(PrometheusRuleGenerator.render(), RepoFiles.read(RepoFiles.root().resolve(PrometheusRuleGenerator.OUTPUT)),
        "deploy/kubernetes/prometheusrule.yaml differs from the rule files: regenerate it (see PrometheusRuleGenerator)");
    int rules = 0;
    for (JsonNode group : byKind().get("PrometheusRule").path("spec").path("groups")) rules += group.path("rules").size();
    assertEquals(RuleFiles.all().size(), rules);
  }

  /** The environment a pod gets is a configuration the monitor accepts (no unknown SEGMON_* setting). */
  @Test
  void theMonitorAcceptsThePodsEnvironment() {
    Map<String, JsonNode> docs = byKind();
    Map<String, String> env = new HashMap<>();
    docs.get("ConfigMap").path("data").fields().forEachRemaining(e -> env.put(e.getKey(), e.getValue().asText()));
    JsonNode container = docs.get("StatefulSet").path("spec").path("template").path("spec").path("containers").get(0);
    container.path("env").forEach(e -> {
      if (e.has("value")) env.put(e.path("name").asText(), e.path("value").asText().replace("$(POD_NAME)", "segmon-0").replace("$(POD_NAMESPACE)", "ns"));
    });
    // The monitor ignores SEGMON_* variables that name no setting: a misspelt one would be lost silently.
    env.keySet().stream().filter(k -> k.startsWith("SEGMON_")).forEach(k -> assertTrue(
        MonitorConfig.SETTINGS.contains(k.substring(7).toLowerCase(java.util.Locale.ROOT).replace('_', '-')), k + " is no monitor setting"));
    MonitorConfig config = MonitorConfig.fromSources(Map.of(), env, null);
    assertEquals("segmon-0.segmon-headless.ns.svc.cluster.local:9464", config.kafkaProperties().get("application.server"));
    assertEquals("segmon-0", config.kafkaProperties().get("group.instance.id"));
    assertEquals("1", config.kafkaProperties().get("num.standby.replicas"));
    assertEquals(Path.of(container.path("volumeMounts").get(0).path("mountPath").asText()), config.stateDir());
    assertEquals(9464, config.metricsPort());
  }

  /** The rules and the dashboard select job="segmon": the ServiceMonitor must produce that job name. */
  @Test
  void scrapedSeriesCarryJobSegmon() {
    Map<String, JsonNode> docs = byKind();
    String jobLabel = docs.get("ServiceMonitor").path("spec").path("jobLabel").asText();
    assertNotNull(jobLabel);
    assertEquals("segmon", docs.get("Service").path("metadata").path("labels").path(jobLabel).asText());
  }

  private static void assertSubset(JsonNode selector, JsonNode labels, String what) {
    assertTrue(selector.size() > 0, what + " is empty");
    selector.fields().forEachRemaining(e ->
        assertEquals(e.getValue().asText(), labels.path(e.getKey()).asText(), what + " " + e.getKey()));
  }
}
