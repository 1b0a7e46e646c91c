package dev.segmon.app.cli;

import dev.segmon.app.Monitor;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.topology.TopicAdmin;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code segmon run}: the streaming monitor against any Kafka cluster (docs/contract.md 3.0). Every
 * option may also come from a {@code SEGMON_*} environment variable or the {@code --config}
 * properties file; Kafka client settings pass through ({@link MonitorConfig#fromSources}).
 */
@Command(name = "run",
        mixinStandardHelpOptions = true,
        description = {"Run the streaming monitor: score hypothesis boundaries against references live, export Prometheus metrics.",
                "Each option also reads SEGMON_<NAME> (e.g. SEGMON_BOOTSTRAP_SERVERS) and <name>= in --config.",
                "Kafka client settings: --kafka key=value, kafka.key=value in --config, or KAFKA_KEY env vars",
                "(KAFKA_SECURITY_PROTOCOL=SASL_SSL -> security.protocol)."})
public final class RunCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT", description = "Kafka bootstrap servers (required somewhere).")
    String bootstrapServers;

    @Option(names = "--tolerance", paramLabel = "SECONDS", description = "Hit tolerance (default 0.02).")
    String tolerance;

    @Option(names = "--metrics-port", paramLabel = "PORT", description = "Port of /metrics, /health, /ready (default 9464; 0 = any free port).")
    String metricsPort;

    @Option(names = "--application-id", paramLabel = "ID", description = "Kafka Streams application id (default segmon).")
    String applicationId;

    @Option(names = "--max-disorder", paramLabel = "SECONDS", description = "Out-of-order allowance per side, in audio seconds (default 5).")
    String maxDisorder;

    @Option(names = "--reference-max-delay", paramLabel = "DURATION", description = "How long references are kept and hypotheses wait (default 24h).")
    String referenceMaxDelay;

    @Option(names = "--expiry-interval", paramLabel = "DURATION", description = "How often expiry runs, wall clock (default 10s).")
    String expiryInterval;

    @Option(names = "--hypotheses-topic", paramLabel = "TOPIC", description = "Default segmon.hypotheses.")
    String hypothesesTopic;

    @Option(names = "--references-topic", paramLabel = "TOPIC", description = "Default segmon.references.")
    String referencesTopic;

    @Option(names = "--scores-topic", paramLabel = "TOPIC", description = "Default segmon.scores.")
    String scoresTopic;

    @Option(names = "--dead-letters-topic", paramLabel = "TOPIC", description = "Default segmon.dead-letters.")
    String deadLettersTopic;

    @Option(names = "--metrics-topic", paramLabel = "TOPIC", description = "Default segmon.metrics.")
    String metricsTopic;

    @Option(names = "--state-dir", paramLabel = "DIR", description = "Kafka Streams state directory.")
    String stateDir;

    @Option(names = "--create-topics", paramLabel = "true|false", description = "Create missing topics (default true).")
    String createTopics;

    @Option(names = "--partitions", paramLabel = "N", description = "Partitions of created topics (default: broker default).")
    String partitions;

    @Option(names = "--replication-factor", paramLabel = "N", description = "Replication factor of created topics (default: broker default).")
    String replicationFactor;

    @Option(names = "--tiers", paramLabel = "A,B", description = "Accept only these tiers (default: any); others go to the dead letters.")
    String tiers;

    @Option(names = "--ignore-labels", paramLabel = "A,B", description = "Reference labels left out of the transcript for word error rate (default sil,sp,spn,<eps>; empty = none).")
    String ignoreLabels;

    @Option(names = "--config", paramLabel = "FILE", description = "Properties file of settings (same names, kafka.* passes through).")
    Path configFile;

    @Option(names = "--kafka", paramLabel = "KEY=VALUE", description = "A Kafka / Kafka Streams client setting (repeatable).")
    Map<String, String> kafka = new LinkedHashMap<>();

    @Override
    public Integer call() throws InterruptedException {
        MonitorConfig config = resolve();
        PrintWriter out = spec.commandLine().getOut();
        Monitor monitor;
        try {
            monitor = Monitor.start(config);
        } catch (TopicAdmin.MissingTopicsException e) {
            throw new UsageException(e.getMessage());
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            monitor.close();
            stopped.countDown();
        }, "segmon-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        out.println("segmon: monitoring " + config.hypothesesTopic() + " + " + config.referencesTopic()
                + " on " + config.bootstrapServers() + "; metrics on http://localhost:" + monitor.metricsPort() + "/metrics");
        out.flush();
        while (!stopped.await(1, java.util.concurrent.TimeUnit.SECONDS)) {
            if (monitor.hasFailed()) {
                spec.commandLine().getErr().println("segmon: the Kafka Streams client failed; see the log above");
                spec.commandLine().getErr().flush();
                return SegmonCommand.EXIT_FAILURE;
            }
        }
        return SegmonCommand.EXIT_OK;
    }

    /** The configuration from flags, environment and file. */
    MonitorConfig resolve() {
        Map<String, String> flags = new LinkedHashMap<>();
        flags.put("bootstrap-servers", bootstrapServers);
        flags.put("tolerance", tolerance);
        flags.put("metrics-port", metricsPort);
        flags.put("application-id", applicationId);
        flags.put("max-disorder", maxDisorder);
        flags.put("reference-max-delay", referenceMaxDelay);
        flags.put("expiry-interval", expiryInterval);
        flags.put("hypotheses-topic", hypothesesTopic);
        flags.put("references-topic", referencesTopic);
        flags.put("scores-topic", scoresTopic);
        flags.put("dead-letters-topic", deadLettersTopic);
        flags.put("metrics-topic", metricsTopic);
        flags.put("state-dir", stateDir);
        flags.put("create-topics", createTopics);
        flags.put("partitions", partitions);
        flags.put("replication-factor", replicationFactor);
        flags.put("tiers", tiers);
        flags.put("ignore-labels", ignoreLabels);
        kafka.forEach((k, v) -> flags.put(MonitorConfig.KAFKA_PREFIX + k, v));
        try {
            return MonitorConfig.fromSources(flags, System.getenv(), configFile);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
