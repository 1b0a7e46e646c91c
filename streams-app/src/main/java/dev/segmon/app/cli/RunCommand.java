package dev.segmon.app.cli;

import dev.segmon.app.cli.support.UsageException;
import dev.segmon.app.Monitor;
import dev.segmon.app.config.ListenAddress;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.metrics.http.WebConfig;
import dev.segmon.app.config.Setting;
import dev.segmon.app.config.Settings;
import dev.segmon.app.topology.TopicAdmin;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * {@code segmon run}: the streaming monitor against any Kafka cluster (docs/contract.md 3.0). Its
 * setting options are generated from {@link Settings}, which also gives their {@code SEGMON_*}
 * environment variables and {@code --config} keys; Kafka client settings pass through
 * ({@link MonitorConfig#fromSources}).
 */
@Command(name = "run",
        mixinStandardHelpOptions = true,
        modelTransformer = RunCommand.SettingOptions.class,
        description = {"Run the streaming monitor: score hypothesis boundaries against references live, export Prometheus metrics.",
                "Each setting also reads SEGMON_<NAME> (e.g. SEGMON_BOOTSTRAP_SERVERS) and <name>= in --config; "
                        + "precedence: flags, environment, file, defaults.",
                "Kafka client settings: --kafka key=value, kafka.key=value in --config, or KAFKA_KEY env vars "
                        + "(KAFKA_SECURITY_PROTOCOL=SASL_SSL -> security.protocol)."})
public final class RunCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandSpec spec;

    static final String VERBOSE = "--verbose";

    @Option(names = VERBOSE, description = "Log Kafka's internals at INFO (default WARN; SEGMON_LOG_LEVEL=debug etc. for others).")
    boolean verbose;

    @Option(names = "--config", paramLabel = "FILE", description = "Properties file of settings (same names, kafka.* passes through).")
    Path configFile;

    @Option(names = "--kafka", paramLabel = "KEY=VALUE", description = "A Kafka / Kafka Streams client setting (repeatable).")
    Map<String, String> kafka = new LinkedHashMap<>();

    /**
     * Adds one option per {@link Settings} entry; its value stays text until
     * {@link MonitorConfig#fromSources} reads it. A list setting ({@code tiers}, {@code compare})
     * may be repeated as well as comma-separated.
     */
    static final class SettingOptions implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            for (Setting<?> s : Settings.ALL) {
                boolean list = s.defaultValue() instanceof java.util.List;
                spec.addOption(OptionSpec.builder(s.flag())
                        .paramLabel(s.paramLabel())
                        .type(list ? java.util.List.class : String.class)
                        .auxiliaryTypes(String.class)
                        .description(s.help() + " Default: " + s.defaultText() + "; env " + s.envName() + ".")
                        .build());
            }
            return spec;
        }
    }

    @Override
    public Integer call() throws InterruptedException {
        MonitorConfig config = resolve();
        // Checked whole before anything starts: a bad file is one line and exit 2, never a half-started monitor.
        WebConfig web = webConfig(config);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Monitor monitor;
        try {
            monitor = Monitor.start(config);
        } catch (TopicAdmin.MissingTopicsException | WebConfig.Invalid e) {
            throw new UsageException(e.getMessage());
        } catch (IllegalStateException e) {
            // The cluster is unreachable or refused the topic check: one line, exit 1.
            err.println("segmon: " + e.getMessage());
            err.flush();
            return SegmonCommand.EXIT_FAILURE;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            monitor.close();
            stopped.countDown();
        }, "segmon-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        ListenAddress listen = config.webListenAddress();
        String host = listen == null || listen.host() == null ? "localhost" : listen.host().contains(":") ? "[" + listen.host() + "]" : listen.host();
        out.println("segmon: monitoring " + config.hypothesesTopic() + " + " + config.referencesTopic()
                + " on " + config.bootstrapServers() + "; metrics on " + (web.tlsEnabled() ? "https" : "http") + "://" + host + ":"
                + monitor.metricsPort() + "/metrics");
        out.flush();
        while (!stopped.await(1, TimeUnit.SECONDS)) {
            if (monitor.hasFailed()) {
                err.println("segmon: the Kafka Streams client failed; see the log above");
                err.flush();
                return SegmonCommand.EXIT_FAILURE;
            }
        }
        return SegmonCommand.EXIT_OK;
    }

    /** The web configuration file, read and checked whole (docs/contract.md 3.5); {@link WebConfig#OPEN} without one. */
    static WebConfig webConfig(MonitorConfig config) {
        if (config.webConfigFile() == null) {
            return WebConfig.OPEN;
        }
        try {
            return WebConfig.load(config.webConfigFile());
        } catch (WebConfig.Invalid e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** The configuration from flags, environment and file. */
    MonitorConfig resolve() {
        Map<String, String> flags = new LinkedHashMap<>();
        for (Setting<?> s : Settings.ALL) {
            Object value = spec.findOption(s.flag()).getValue();
            // A list setting may be given several times; its values join as its file form does.
            flags.put(s.name(), value instanceof java.util.List<?> list ? (list.isEmpty() ? null : String.join(",", list.stream().map(String::valueOf).toList()))
                    : (String) value);
        }
        kafka.forEach((k, v) -> flags.put(MonitorConfig.KAFKA_PREFIX + k, v));
        try {
            return MonitorConfig.fromSources(flags, System.getenv(), configFile);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
