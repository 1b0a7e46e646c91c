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
 * of a with-replacement design and survey's t interval with the design's degrees of freedom
 * ({@code confint(..., df = degf(design))}, degf = m - 1), run by docs/tools/intervals_survey.R on
 * the per-utterance counts in resources/intervals/utterance-counts.csv (each utterance scored alone
 * by `eval boundaries`); its output is resources/intervals/survey-intervals.csv.
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
        List<String> lines = Files.readAllLines(RESOURCES.resolve("survey-intervals.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        int lower = header.indexOf("lower");
        int upper = header.indexOf("upper");
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            if (!f[0].equals(corpus)) {
                continue;
            }
            JsonNode interval = out.path("intervals").path(f[1]);
            assertEquals(Double.parseDouble(f[lower]), interval.get(0).asDouble(), 1e-9, corpus + " " + f[1] + " lower");
            assertEquals(Double.parseDouble(f[upper]), interval.get(1).asDouble(), 1e-9, corpus + " " + f[1] + " upper");
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
     * The hand corpus (hits, n_hyp, n_ref) = (2, 3, 4), (0, 1, 2), (4, 4, 4): m = 3 utterances, so
     * t with 2 degrees of freedom, t_{0.975, 2} = sqrt(2/(0.05 * 1.95) - 2) = 4.302653 (the closed
     * form for 2 degrees of freedom, Abramowitz and Stegun 26.7.4; tables: 4.303).
     * Over-segmentation: 8/10 - 1 = -0.2, y_i - 0.8 r_i = -0.2, -0.6, 0.8, SE^2 = 3/2 * 1.04 / 10^2
     * = 0.0156, SE = 0.124900; interval -0.2 +- 4.302653 * 0.124900 = -0.2 +- 0.537401
     * = [-0.737401, 0.337401]. Recall: 0.6, SE^2 = 3/2 * ((-0.4)^2 + (-1.2)^2 + 1.6^2) / 10^2 =
     * 0.0624, SE = 0.249800; 0.6 +- 1.074803 = [-0.474803, 1.674803], clipped to [0, 1].
     */
    @Test
    void handCorpusByHandAndBySurvey() throws IOException {
        JsonNode out = intervals(RESOURCES.resolve("hand-ref.jsonl"), RESOURCES.resolve("hand-hyp.jsonl"), "--confidence");
        assertEquals(-0.737401, out.path("intervals").path("os").get(0).asDouble(), 5e-7);
        assertEquals(0.337401, out.path("intervals").path("os").get(1).asDouble(), 5e-7);
        assertEquals(0.0, out.path("intervals").path("recall").get(0).asDouble());
        assertEquals(1.0, out.path("intervals").path("recall").get(1).asDouble());
        assertMatchesR("hand", out);
    }

    /**
     * Two utterances leave one degree of freedom: the Mandarin example's precision interval is
     * 0.334426 +- t_{0.975, 1} * 0.004710 with t_{0.975, 1} = tan(0.475 pi) = 12.706205 (the
     * Cauchy quantile, Abramowitz and Stegun 26.7.3), +- 0.059851, where the normal quantile's
     * +- 0.009232 was far too narrow: [0.274575, 0.394277].
     */
    @Test
    void twoUtterancesUseOneDegreeOfFreedom() {
        JsonNode out = intervals(repo("examples/mandarin/gold.wrd"), repo("examples/mandarin/kamper.ali"), "--confidence");
        assertEquals(0.274575, out.path("intervals").path("precision").get(0).asDouble(), 5e-7);
        assertEquals(0.394277, out.path("intervals").path("precision").get(1).asDouble(), 5e-7);
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
