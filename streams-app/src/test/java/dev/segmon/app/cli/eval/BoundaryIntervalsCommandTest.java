package dev.segmon.app.cli.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code eval boundaries --confidence} (docs/contract.md 2.1.1) against an independent
 * implementation of the same estimator: R's survey::svyratio with the utterance as the cluster
 * of a with-replacement design, run by docs/tools/intervals_survey.R on the per-utterance counts
 * in resources/intervals/utterance-counts.csv (each utterance scored alone by `eval boundaries`);
 * its output is resources/intervals/survey-intervals.csv.
 */
class BoundaryIntervalsCommandTest {
    private static final Path RESOURCES = Path.of("src/test/resources/intervals");

    private static Path repo(String path) {
        Path p = Path.of("..").resolve(path);
        return Files.exists(p) ? p : Path.of(path);
    }

    private static JsonNode intervals(Path ref, Path hyp, String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("eval", "boundaries", "--ref", ref.toString(),
                "--hyp", hyp.toString(), "--json"));
        args.addAll(List.of(extra));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, run.exit(), run.err());
        return run.json();
    }

    private static void assertMatchesR(String corpus, JsonNode out) throws IOException {
        int checked = 0;
        for (String line : Files.readAllLines(RESOURCES.resolve("survey-intervals.csv"))) {
            String[] f = line.split(",");
            if (!f[0].equals(corpus)) {
                continue;
            }
            JsonNode interval = out.path("intervals").path(f[1]);
            assertEquals(Double.parseDouble(f[4]), interval.get(0).asDouble(), 1e-9, corpus + " " + f[1] + " lower");
            assertEquals(Double.parseDouble(f[5]), interval.get(1).asDouble(), 1e-9, corpus + " " + f[1] + " upper");
            checked++;
        }
        assertEquals(4, checked, corpus);
    }

    @Test
    void syntheticCorpusMatchesSurvey() throws IOException {
        JsonNode out = intervals(RESOURCES.resolve("synthetic-ref.jsonl"), RESOURCES.resolve("synthetic-hyp.jsonl"), "--confidence");
        assertEquals(0.95, out.path("confidence").asDouble());
        assertEquals(40, out.path("utterances").asLong());
        assertMatchesR("synthetic", out);
    }

    @Test
    void mandarinExampleMatchesSurvey() throws IOException {
        assertMatchesR("mandarin", intervals(repo("examples/mandarin/gold.wrd"), repo("examples/mandarin/kamper.ali"),
                "--confidence", "0.95"));
    }

    /**
     * The hand corpus (hits, n_hyp, n_ref) = (2, 3, 4), (0, 1, 2), (4, 4, 4): recall 0.6,
     * SE^2 = 3/2 * ((-0.4)^2 + (-1.2)^2 + 1.6^2) / 10^2 = 0.0624, interval 0.6 +- 1.959964 * 0.249800
     * = [0.110401, 1.089599], clipped to [0.110401, 1].
     */
    @Test
    void handCorpusByHandAndBySurvey() throws IOException {
        JsonNode out = intervals(RESOURCES.resolve("hand-ref.jsonl"), RESOURCES.resolve("hand-hyp.jsonl"), "--confidence");
        assertEquals(0.110401, out.path("intervals").path("recall").get(0).asDouble(), 5e-7);
        assertEquals(1.0, out.path("intervals").path("recall").get(1).asDouble());
        assertMatchesR("hand", out);
    }

    /** The worked example is one utterance: m < 2, every interval null. */
    @Test
    void oneUtteranceHasNoInterval() {
        JsonNode out = intervals(repo("examples/worked-example/ref.jsonl"), repo("examples/worked-example/hyp.jsonl"), "--confidence");
        for (String m : List.of("precision", "recall", "f1", "os")) {
            assertTrue(out.path("intervals").get(m).isNull(), m);
        }
    }

    @Test
    void manyToOneHasNoF1IntervalAndNoFlagNoKeys() {
        JsonNode m2o = intervals(RESOURCES.resolve("hand-ref.jsonl"), RESOURCES.resolve("hand-hyp.jsonl"),
                "--confidence", "--matching", "many-to-one");
        assertTrue(m2o.path("intervals").get("f1").isNull());
        assertTrue(m2o.path("intervals").get("recall").isArray());
        JsonNode plain = intervals(RESOURCES.resolve("hand-ref.jsonl"), RESOURCES.resolve("hand-hyp.jsonl"));
        assertTrue(plain.path("intervals").isMissingNode());
        assertTrue(plain.path("confidence").isMissingNode());
    }

    @Test
    void aLevelOutsideZeroOneIsAUsageError() {
        CliRun run = CliRun.of("eval", "boundaries", "--ref", RESOURCES.resolve("hand-ref.jsonl").toString(),
                "--hyp", RESOURCES.resolve("hand-hyp.jsonl").toString(), "--confidence", "95");
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("--confidence"), run.err());
    }
}
