package dev.segmon.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.Monitor;
import dev.segmon.app.broker.EmbeddedBroker;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.metrics.PrometheusText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reference-side labels end to end (docs/slices.md): {@code replay --labels --reference-labels}
 * into a real broker, scored by the real monitor with {@code --slice-keys lang}, gives per slice
 * the totals {@code eval boundaries --slice-by lang} gives with the same two files.
 */
class ReplayReferenceLabelsThroughMonitorTest {

    @Test
    void replayedReferenceLabelsSliceLiveAsEvalSlicesOffline(@TempDir Path tmp) throws Exception {
        // The annotator says both files are cmn; the recogniser's label for A36 (yue) wins over it,
        // so the slices are cmn = {A33} and yue = {A36}.
        Path hypLabels = tmp.resolve("hyp-labels.tsv");
        Path refLabels = tmp.resolve("ref-labels.tsv");
        Files.writeString(hypLabels, "A36\tlang=yue\n");
        Files.writeString(refLabels, "A33\tlang=cmn\nA36\tlang=cmn\n");
        String gold = ReplayThroughMonitorTest.GOLD.toString();
        String fragments = ReplayThroughMonitorTest.FRAGMENTS.toString();
        CliRun run = CliRun.of("eval", "boundaries", "--ref", gold, "--hyp", fragments, "--slice-by", "lang",
                "--labels", hypLabels.toString(), "--reference-labels", refLabels.toString(), "--json");
        assertEquals(0, run.exit(), run.err());
        JsonNode offline = run.json().get("slices").get("lang");
        Set<String> values = new TreeSet<>();
        offline.fieldNames().forEachRemaining(values::add);
        assertEquals(Set.of("cmn", "yue"), values);

        try (EmbeddedBroker broker = EmbeddedBroker.builder().start();
             Monitor monitor = Monitor.start(MonitorConfig.builder().bootstrapServers(broker.bootstrapServers())
                     .applicationId("replay-reference-labels").metricsPort(0).stateDir(tmp.resolve("state"))
                     .sliceKeys(List.of("lang")).build())) {
            assertEquals(true, monitor.awaitRunning(Duration.ofMinutes(1)));
            assertEquals(0, SegmonCommand.execute("replay", "--bootstrap-servers", broker.bootstrapServers(), "--ref", gold,
                    "--hyp", fragments, "--model", "kamper", "--labels", hypLabels.toString(),
                    "--reference-labels", refLabels.toString()));
            List<PrometheusText.Sample> samples = awaitSlicedUtterances(monitor, 2);
            for (String v : values) {
                assertEquals(offline.get(v).get("utterances").asLong(), slice(samples, "segmon_utterances_total", v), v);
                assertEquals(offline.get(v).get("hits").asLong(), slice(samples, "segmon_boundary_hits_total", v), v);
                assertEquals(offline.get(v).get("n_ref").asLong(), slice(samples, "segmon_reference_boundaries_total", v), v);
                assertEquals(offline.get(v).get("n_hyp").asLong(), slice(samples, "segmon_hypothesis_boundaries_total", v), v);
            }
        }
    }

    /** The monitor's samples once {@code utterances} have closed in the slices of lang (90 s at most). */
    private static List<PrometheusText.Sample> awaitSlicedUtterances(Monitor monitor, long utterances) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        List<PrometheusText.Sample> samples = PrometheusText.parse(monitor.scrape());
        while (System.nanoTime() < deadline && sliced(samples) < utterances) {
            Thread.sleep(250);
            samples = PrometheusText.parse(monitor.scrape());
        }
        assertEquals(utterances, sliced(samples), monitor.scrape());
        return samples;
    }

    private static long sliced(List<PrometheusText.Sample> samples) {
        return Math.round(samples.stream().filter(s -> s.name().equals("segmon_utterances_total") && "lang".equals(s.label("slice")))
                .mapToDouble(PrometheusText.Sample::value).sum());
    }

    private static long slice(List<PrometheusText.Sample> samples, String name, String value) {
        return Math.round(samples.stream().filter(s -> s.name().equals(name) && "kamper".equals(s.label("model"))
                && "lang".equals(s.label("slice")) && value.equals(s.label("lang"))).mapToDouble(PrometheusText.Sample::value).sum());
    }
}
