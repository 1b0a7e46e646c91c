package dev.segmon.app.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.config.MonitorConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Offline checks of deploy/compose (no Docker engine runs where this project is built): the file
 * parses, every image is pinned, everything it mounts or builds from exists, health-gated
 * dependencies have health checks, and the ports agree with the Prometheus and Grafana configs.
 */
class ComposeFileTest {
  private static final Path DIR = RepoFiles.path("deploy/compose");
  private static final Pattern PINNED = Pattern.compile("[a-z0-9./_-]+:(v?\\d+\\.\\d+\\.\\d+[A-Za-z0-9._-]*)");

  private static JsonNode compose() {
    return RepoFiles.yaml(DIR.resolve("docker-compose.yml"));
  }

  private static Map.Entry<String, JsonNode> service(String name) {
    return Map.entry(name, compose().path("services").path(name));
  }

  @Test
  void everyImageIsPinnedToAVersion() {
    compose().path("services").fields().forEachRemaining(s -> {
      String image = s.getValue().path("image").asText();
      assertTrue(PINNED.matcher(image).matches(), s.getKey() + ": image '" + image + "' is not pinned to a version");
    });
    assertEquals("apache/kafka:4.3.0", service("kafka").getValue().path("image").asText());
    for (String line : RepoFiles.read(DIR.resolve("Dockerfile")).split("\n")) {
      if (line.startsWith("FROM ")) {
        String image = line.split("\\s+")[1];
        assertTrue(PINNED.matcher(image).matches(), "Dockerfile: " + image + " is not pinned");
      }
    }
  }

  @Test
  void everythingMountedOrBuiltExistsInTheRepository() {
    compose().path("services").fields().forEachRemaining(s -> {
      for (JsonNode volume : s.getValue().path("volumes")) {
        String source = volume.asText().split(":")[0];
        if (source.startsWith(".") || source.startsWith("/")) {
          assertTrue(Files.exists(DIR.resolve(source).normalize()), s.getKey() + " mounts missing " + source);
        }
      }
      JsonNode build = s.getValue().path("build");
      if (!build.isMissingNode()) {
        Path context = DIR.resolve(build.path("context").asText()).normalize();
        assertTrue(Files.isDirectory(context), s.getKey() + ": build context " + context);
        assertTrue(Files.isRegularFile(context.resolve(build.path("dockerfile").asText())), s.getKey() + ": dockerfile");
      }
    });
    // COPY sources of the Dockerfile, relative to the build context (the repository root).
    Matcher copy = Pattern.compile("(?m)^COPY (?!--from)(.+) (\\S+)$").matcher(RepoFiles.read(DIR.resolve("Dockerfile")));
    while (copy.find()) {
      for (String source : copy.group(1).trim().split("\\s+")) {
        assertTrue(Files.exists(RepoFiles.root().resolve(source)), "Dockerfile copies missing " + source);
      }
    }
  }

  /** A depends_on condition service_healthy on a service without a health check never starts. */
  @Test
  void healthGatedDependenciesHaveHealthChecks() {
    JsonNode services = compose().path("services");
    services.fields().forEachRemaining(s -> s.getValue().path("depends_on").fields().forEachRemaining(d -> {
      assertTrue(services.has(d.getKey()), s.getKey() + " depends on unknown " + d.getKey());
      if (d.getValue().path("condition").asText().equals("service_healthy")) {
        assertTrue(services.path(d.getKey()).has("healthcheck"), d.getKey() + " has no healthcheck");
      }
    }));
    assertEquals("service_healthy", service("segmon").getValue().path("depends_on").path("kafka").path("condition").asText());
    assertTrue(service("segmon").getValue().path("healthcheck").path("test").toString().contains("segmon-ready.sh"));
    assertTrue(RepoFiles.read(DIR.resolve("segmon-ready.sh")).contains("GET /ready"));
  }

  /** `segmon run` exits 1 when its client fails for good; compose must start it again. */
  @Test
  void theMonitorIsRestartedWhenItExits() {
    assertTrue(List.of("unless-stopped", "on-failure", "always").contains(service("segmon").getValue().path("restart").asText()),
        "the segmon service has a restart policy");
  }

  @Test
  void portsAgreeBetweenComposePrometheusAndGrafana() {
    JsonNode segmon = service("segmon").getValue();
    String metricsPort = segmon.path("environment").path("SEGMON_METRICS_PORT").asText();
    assertEquals("9464", metricsPort);
    assertTrue(ports(segmon).contains(metricsPort + ":" + metricsPort));

    JsonNode prometheus = RepoFiles.yaml(RepoFiles.path("deploy/prometheus/prometheus.yml"));
    JsonNode job = null;
    for (JsonNode j : prometheus.path("scrape_configs")) if (j.path("job_name").asText().equals("segmon")) job = j;
    assertTrue(job != null, "no scrape job segmon");
    assertEquals("segmon:" + metricsPort, job.path("static_configs").get(0).path("targets").get(0).asText());
    assertEquals("alertmanager:9093",
        prometheus.path("alerting").path("alertmanagers").get(0).path("static_configs").get(0).path("targets").get(0).asText());
    assertTrue(ports(service("alertmanager").getValue()).contains("9093:9093"));
    assertTrue(ports(service("prometheus").getValue()).contains("9090:9090"));

    JsonNode datasource = RepoFiles.yaml(RepoFiles.path("grafana/provisioning/datasources/prometheus.yml")).path("datasources").get(0);
    assertEquals("http://prometheus:9090", datasource.path("url").asText());
    // The dashboard's datasource variable defaults to the provisioned uid.
    assertTrue(RepoFiles.read(RepoFiles.root().resolve(DashboardGenerator.OUTPUT)).contains("\"" + datasource.path("uid").asText() + "\""));

    String dashboardsPath = RepoFiles.yaml(RepoFiles.path("grafana/provisioning/dashboards/segmon.yml"))
        .path("providers").get(0).path("options").path("path").asText();
    assertTrue(volumes(service("grafana").getValue()).contains("../../grafana/dashboards:" + dashboardsPath + ":ro"),
        "Grafana's dashboard provider reads " + dashboardsPath + " but compose mounts the dashboards elsewhere");
    // Prometheus reads rules/*.rules.yml next to its config: both are mounted into one directory.
    List<String> promVolumes = volumes(service("prometheus").getValue());
    assertTrue(promVolumes.contains("../prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro"));
    assertTrue(promVolumes.contains("../prometheus/rules:/etc/prometheus/rules:ro"));
  }

  /** The monitor's environment in compose is a configuration it accepts. */
  @Test
  void theMonitorAcceptsItsEnvironment() {
    Map<String, String> env = new java.util.HashMap<>();
    service("segmon").getValue().path("environment").fields().forEachRemaining(e -> env.put(e.getKey(), e.getValue().asText()));
    // The monitor ignores SEGMON_* variables that name no setting: a misspelt one would be lost silently.
    env.keySet().stream().filter(k -> k.startsWith("SEGMON_")).forEach(k -> assertTrue(
        MonitorConfig.SETTINGS.contains(k.substring(7).toLowerCase(java.util.Locale.ROOT).replace('_', '-')), k + " is no monitor setting"));
    MonitorConfig config = MonitorConfig.fromSources(Map.of(), env, null);
    assertEquals("kafka:9092", config.bootstrapServers());
    assertEquals(9464, config.metricsPort());
    assertEquals(Path.of("/var/lib/segmon"), config.stateDir());
    assertTrue(volumes(service("segmon").getValue()).contains("segmon-state:" + config.stateDir()));
  }

  /** Each service's command is a command line segmon accepts (compose's ${VAR:-default} as the default). */
  @Test
  void segmonAcceptsTheCommandsComposeGivesIt() {
    for (String name : List.of("segmon", "traffic")) {
      List<String> args = new ArrayList<>();
      service(name).getValue().path("command").forEach(a -> args.add(a.asText().replaceAll("\\$\\{[A-Z_]+:-([^}]*)}", "$1")));
      picocli.CommandLine cl = dev.segmon.app.cli.SegmonCommand.commandLine();
      cl.parseArgs(args.toArray(String[]::new));
    }
  }

  @Test
  void demoTrafficIsBehindAProfile() {
    JsonNode traffic = service("traffic").getValue();
    assertEquals("demo", traffic.path("profiles").get(0).asText());
    assertEquals("replay", traffic.path("command").get(0).asText());
    assertFalse(service("segmon").getValue().has("profiles"), "the monitor itself runs without a profile");
  }

  private static List<String> ports(JsonNode service) {
    List<String> out = new ArrayList<>();
    service.path("ports").forEach(p -> out.add(p.asText()));
    return out;
  }

  private static List<String> volumes(JsonNode service) {
    List<String> out = new ArrayList<>();
    service.path("volumes").forEach(p -> out.add(p.asText()));
    return out;
  }
}
