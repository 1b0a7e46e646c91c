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
 * implementation: docs/tools/intervals_survey.R takes the ratio and its linearised standard error
 * from R's survey::svyratio (the utterance as the cluster of a with-replacement design) and writes
 * the interval out in R: the leverage inflation sqrt(1 + 2 sum b_i^2 / B^2), Student t with the
 * design's degrees of freedom (degf = m - 1), the logit scale (plogis, qlogis) for precision,
 * recall and F1 and the log scale of y/r for over-segmentation. It runs on the per-utterance counts
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
     * Over-segmentation: y/r = 8/10 = 0.8, y_i - 0.8 r_i = -0.2, -0.6, 0.8, Q = 1.04 / 10^2; the
     * leverage sum r_i^2 / r^2 = 36/100, so SE^2 = 3/2 * 0.0104 * (1 + 2 * 0.36) = 0.026832,
     * SE = 0.163805; on the log scale SE / 0.8 = 0.204756, half-width 4.302653 * 0.204756 =
     * 0.880994: 0.8 exp(-0.880994) - 1 = 0.8 * 0.414371 - 1 = -0.668503 and 0.8 exp(0.880994) - 1
     * = 0.8 * 2.413297 - 1 = 0.930637. Recall: 0.6, Q = 4.16 / 10^2, the same leverage, SE^2 =
     * 3/2 * 0.0416 * 1.72 = 0.107328, SE = 0.327610; logit 0.6 = log 1.5 = 0.405465, half-width
     * 4.302653 * 0.327610 / (0.6 * 0.4) = 5.873292: logit^-1(-5.467827) = 0.0042204 / 1.0042204
     * = 0.0042027, logit^-1(6.278757) = 1 / (1 + 0.0018757) = 0.998128 (R -+ t SE would be
     * [-0.81, 2.01]).
     */
    @Test
    void handCorpusByHandAndBySurvey() throws IOException {
        JsonNode out = intervals(RESOURCES.resolve("hand-ref.jsonl"), RESOURCES.resolve("hand-hyp.jsonl"), "--confidence");
        assertEquals(-0.668503, out.path("intervals").path("os").get(0).asDouble(), 5e-7);
        assertEquals(0.930637, out.path("intervals").path("os").get(1).asDouble(), 5e-7);
        assertEquals(0.0042027, out.path("intervals").path("recall").get(0).asDouble(), 5e-8);
        assertEquals(0.998128, out.path("intervals").path("recall").get(1).asDouble(), 5e-7);
        assertMatchesR("hand", out);
    }

    /**
     * Two utterances leave one degree of freedom, t_{0.975, 1} = tan(0.475 pi) = 12.706205 (the
     * Cauchy quantile, Abramowitz and Stegun 26.7.3). The Mandarin example's precision:
     * (hits, n_hyp) = (548, 1615), (574, 1740), P = 1122/3355 = 0.334426; residuals
     * 548 - P * 1615 = 7.901639 and -7.901639, SE = sqrt(2 * 2 * 7.901639^2) / 3355 = 0.0047104;
     * leverage (1615^2 + 1740^2) / 3355^2 = 0.500694, SE_adj = 0.0047104 * sqrt(2.001388) =
     * 0.0066638; logit P = log(1122/2233) = -0.688233, half-width 12.706205 * 0.0066638 /
     * (0.334426 * 0.665574) = 0.380399: logit^-1(-1.068632) = 0.343478 / 1.343478 = 0.255663,
     * logit^-1(-0.307834) = 1 / (1 + 1.360475) = 0.423644.
     */
    @Test
    void twoUtterancesUseOneDegreeOfFreedom() {
        JsonNode out = intervals(repo("examples/mandarin/gold.wrd"), repo("examples/mandarin/kamper.ali"), "--confidence");
        assertEquals(0.255663, out.path("intervals").path("precision").get(0).asDouble(), 5e-7);
        assertEquals(0.423644, out.path("intervals").path("precision").get(1).asDouble(), 5e-7);
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
