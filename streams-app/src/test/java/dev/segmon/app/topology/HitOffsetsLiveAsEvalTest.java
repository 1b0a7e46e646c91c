package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.segmon.app.cli.CliRun;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hits' signed offsets live (the bias gauge, cumulative and over 5 minutes, and the signed
 * histogram; docs/contract.md appendix C) equal {@code eval boundaries}' ({@code offset_bias},
 * {@code signed_offset_buckets}, 2.1) and the known shift of a real alignment against a copy of it.
 */
class HitOffsetsLiveAsEvalTest {
    private static final String SERIES = "model=\"asr\",tier=\"word\"";

    @TempDir
    Path tmp;

    @Test
    void mfaWordsShiftedLateOrEarlyHaveThatBiasAndOneBucketLiveAndOffline() throws Exception {
        Utterance words = TierTolerancesAndLabelHitsTest.read("words").get(0);
        // Every boundary moves by the shift, within the default 20 ms: each pairs with its own copy.
        long n = TierTolerancesAndLabelHitsTest.boundaries(words).size();
        // +15 ms lies on the bound 0.75 x 20 ms: every hit at le=0.015, none at le=0.01.
        check(words, n, 0.015, "0.01", "0.015");
        // -7 ms lies in (-10, -5] ms: every hit at le=-0.005, none at le=-0.01.
        check(words, n, -0.007, "-0.01", "-0.005");
    }

    /** Scores {@code words} against itself shifted by {@code shift} both ways; the hits fill the bucket {@code full} and none below it. */
    private void check(Utterance words, long n, double shift, String empty, String full) throws Exception {
        Utterance hyp = TierTolerancesAndLabelHitsTest.shifted(words, shift, 0);
        Path hypFile = tmp.resolve("hyp" + shift + ".jsonl");
        Files.writeString(hypFile, jsonl(hyp));
        CliRun run = CliRun.of("eval", "boundaries", "--ref", TierTolerancesAndLabelHitsTest.MFA.toString(), "--tier", "words",
                "--hyp", hypFile.toString(), "--json");
        assertEquals(0, run.exit(), run::err);
        JsonNode offline = run.json();
        assertEquals(n, offline.get("hits").asLong());
        double bias = offline.get("offset_bias").asDouble();
        assertEquals(shift, bias, 1e-12, "offline bias");
        JsonNode buckets = offline.get("signed_offset_buckets");
        assertEquals(0, buckets.get(empty).asLong());
        assertEquals(n, buckets.get(full).asLong());
        assertEquals(n, buckets.get("+Inf").asLong());

        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().ignoreLabels(Set.of()).referenceMaxDelay(Duration.ofHours(1)))) {
            TierTolerancesAndLabelHitsTest.replay(d, "word", List.of(words), List.of(hyp));
            String scrape = d.scrape();
            for (String window : List.of("cumulative", "5m")) {
                Double live = LiveIntervalsTest.gauge(scrape, "segmon_boundary_offset_bias_seconds", SERIES + ",window=\"" + window + "\"");
                assertTrue(live != null, window + " bias missing:\n" + scrape);
                assertEquals(bias, live, 1e-12, window + " bias");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = buckets.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> b = it.next();
                String line = "segmon_boundary_signed_offset_seconds_bucket{" + SERIES + ",le=\"" + b.getKey() + "\"} " + b.getValue().asLong();
                assertTrue(scrape.contains(line), line + "\n---\n" + scrape);
            }
            assertTrue(scrape.contains("segmon_boundary_signed_offset_seconds_count{" + SERIES + "} " + n), scrape);
        }
    }

    /** One JSONL line of the utterance's segments (docs/contract.md 2.6). */
    private static String jsonl(Utterance u) throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode o = json.createObjectNode().put("id", u.id());
        ArrayNode segments = o.putArray("segments");
        for (Segment s : ((Utterance.Segmented) u).segments()) {
            segments.addObject().put("start", s.start()).put("end", s.end()).put("label", s.label());
        }
        return json.writeValueAsString(o) + "\n";
    }
}
