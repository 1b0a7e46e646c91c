package dev.segmon.app.cli;

import dev.segmon.app.cli.support.SecondsConverter;
import dev.segmon.app.cli.support.UsageException;
import dev.segmon.app.broker.KafkaLogging;
import dev.segmon.app.config.Comparison;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.demo.Demo;
import dev.segmon.app.demo.DemoCanary;
import dev.segmon.app.demo.DemoTraffic;
import dev.segmon.app.demo.DemoReport;
import dev.segmon.app.demo.MonitorDemoAdapter;
import dev.segmon.app.demo.SimulatedModel;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code segmon demo}: broker, monitor and live traffic of four simulated models in one JVM. */
@Command(name = "demo",
        mixinStandardHelpOptions = true,
        description = "Runs an embedded Kafka broker, the monitor and live traffic in one process: the ZeroSpeech 2017 "
                + "Mandarin gold word alignment, looped, scored for four simulated models, 'healthy', 'regressing' "
                + "(whose insertion rate climbs after --regress-after), 'healthy-b' (healthy's twin with its own noise) and "
                + "'canary' (healthy's twin whose boundaries drift 15 ms late after 3 min and whose recall on 'de' drops by "
                + "7 points after 4 min), compared as --compare says. Every utterance carries a language label (lang = en, "
                + "de, fr, ja), and every figure and comparison is also kept per language. As in production, a random --reference-share of the utterances gets a "
                + "reference: the scores stand on those, the early estimate on all. Prints where /metrics is served and, every "
                + "--report-every, a line per model read from the monitor's metrics. Stops cleanly on Ctrl-C.")
public final class DemoCommand implements Callable<Integer> {
    /** Utterances a model's change detector learns from in the demo (docs/detection.md, "In the demo"). */
    static final int DEMO_DETECTOR_LEARN = 200;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--metrics-port", paramLabel = "PORT", defaultValue = "9464",
            description = "Port of the monitor's /metrics; 0 = any free port (default: ${DEFAULT-VALUE}).")
    int metricsPort;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Keep broker data and monitor state in DIR (default: a temporary directory deleted on exit).")
    Path dataDir;

    @Option(names = "--rate", paramLabel = "UTTERANCES_PER_S", defaultValue = "40",
            description = "Utterances per second, each sent for every model, plus its reference if it is sampled (default: ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--reference-share", paramLabel = "SHARE", defaultValue = "0.1",
            description = "Share of the utterances that get a reference, drawn at random; the others' ends declare that none "
                    + "will come (default: ${DEFAULT-VALUE}: 4 referenced utterances a second at the default rate).")
    double referenceShare;

    @Option(names = "--regress-after", paramLabel = "DURATION", defaultValue = "2m",
            description = "When the 'regressing' model starts to over-segment (default: ${DEFAULT-VALUE}).")
    Duration regressAfter;

    @Option(names = "--regress-ramp", paramLabel = "DURATION", defaultValue = "3m",
            description = "How long its insertion rate takes to reach --regress-insertion-rate (default: ${DEFAULT-VALUE}).")
    Duration regressRamp;

    @Option(names = "--regress-insertion-rate", paramLabel = "RATE", defaultValue = "0.5",
            description = "Spurious boundaries per reference boundary once regressed (default: ${DEFAULT-VALUE}).")
    double regressedInsertion;

    @Option(names = "--jitter", paramLabel = "SECONDS", defaultValue = "0.008",
            description = "Standard deviation of every model's boundary placement noise (default: ${DEFAULT-VALUE}).")
    double jitter;

    @Option(names = "--error-rate", paramLabel = "P", defaultValue = "0.01",
            description = "Every model's deletion probability and base insertion rate per reference boundary (default: ${DEFAULT-VALUE}).")
    double errorRate;

    @Option(names = "--tolerance", paramLabel = "SECONDS", converter = SecondsConverter.class,
            description = "The monitor's hit tolerance (default: ${DEFAULT-VALUE}: the canary's 15 ms drift stays inside it, so it reads as an offset, not as misses).")
    double tolerance = DemoCanary.TOLERANCE;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the simulated models (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--report-every", paramLabel = "DURATION", defaultValue = "10s",
            description = "How often to print the per-model line (default: ${DEFAULT-VALUE}).")
    Duration reportEvery;

    @Option(names = "--window", paramLabel = "NAME",
            description = "Window the lines show: 5m (default) or cumulative.")
    String window;

    @Option(names = "--compare", paramLabel = "CANDIDATE=BASELINE", split = ",", defaultValue = "regressing=healthy,healthy-b=healthy,canary=healthy",
            description = "Paired comparisons the monitor books (default: ${DEFAULT-VALUE}: a regression, an A/A pair and a canary).")
    List<String> compare;

    @Option(names = "--reference-delay", paramLabel = "DURATION", defaultValue = "0s",
            description = "Send each reference this long after its hypotheses, so that the early estimate warns first (default: ${DEFAULT-VALUE}).")
    Duration referenceDelay;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "0",
            description = "Stop after this long; 0 = run until Ctrl-C (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Override
    public Integer call() throws InterruptedException {
        Demo.Options options = options();
        MonitorConfig.Builder monitor;
        try {
            // A model's change detector learns from 200 scored utterances here (2,000 by default): at
            // the demo's rate of referenced utterances its baseline is learned before 'regressing'
            // starts to regress.
            monitor = MonitorConfig.builder().bootstrapServers("unset").applicationId("segmon-demo")
                    .metricsPort(metricsPort).tolerance(tolerance).detectorLearn(DEMO_DETECTOR_LEARN)
                    .sliceKeys(List.of(DemoTraffic.LANGUAGE_KEY))
                    .sliceValues(Map.of(DemoTraffic.LANGUAGE_KEY, DemoTraffic.LANGUAGES.keySet()));
            for (String c : compare) {
                monitor.compare(Comparison.parse(c));
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Duration runFor = duration;
        KafkaLogging.quiet();
        PrintWriter out = spec.commandLine().getOut();
        Demo demo = Demo.start(options, MonitorDemoAdapter.factory(monitor), out);
        CountDownLatch closed = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            demo.close();
            closed.countDown();
        }, "segmon-demo-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        boolean monitorOk = demo.printReports(runFor);
        try {
            // Stopped by --duration: take the hook back and close here.
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Stopped by Ctrl-C: the hook is closing everything; let it finish.
            closed.await();
            return SegmonCommand.EXIT_OK;
        }
        demo.close();
        if (!monitorOk) {
            spec.commandLine().getErr().println("segmon: the monitor's Kafka Streams client failed; see the log above");
            spec.commandLine().getErr().flush();
            return SegmonCommand.EXIT_FAILURE;
        }
        return SegmonCommand.EXIT_OK;
    }

    private Demo.Options options() {
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new UsageException("--rate must be a number of utterances per second > 0, not " + rate);
        }
        SimulatedModel healthy;
        try {
            healthy = SimulatedModel.healthy("healthy", jitter, errorRate, errorRate);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--jitter must be >= 0 and --error-rate a probability: " + e.getMessage());
        }
        if (!(regressedInsertion >= 0)) {
            throw new UsageException("--regress-insertion-rate must be >= 0, not " + regressedInsertion);
        }
        SimulatedModel regressing = healthy.named("regressing")
                .regressing(regressAfter, regressRamp, regressedInsertion);
        Duration every = reportEvery;
        if (every.isZero()) {
            throw new UsageException("--report-every must be longer than 0");
        }
        if (!(referenceShare > 0 && referenceShare <= 1)) {
            throw new UsageException("--reference-share must be a share in (0, 1], not " + referenceShare);
        }
        if (window != null && !window.equals(DemoReport.SLIDING) && !window.equals(DemoReport.CUMULATIVE)) {
            throw new UsageException("--window must be " + DemoReport.SLIDING + " or " + DemoReport.CUMULATIVE + ", not " + window);
        }
        return new Demo.Options(dataDir, rate, seed, List.of(healthy, regressing, healthy.named("healthy-b"), DemoCanary.of(healthy)), every, window,
                referenceDelay, referenceShare);
    }
}
