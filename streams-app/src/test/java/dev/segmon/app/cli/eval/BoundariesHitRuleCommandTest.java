package dev.segmon.app.cli.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code eval boundaries --hit-rule label} and per-tier {@code --tolerance} (docs/contract.md 2.1), by hand:
 *
 * <pre>
 * reference  u1: a [0, .5], b [.5, 1], sil [1, 1.5]  -> 0 (-|a), .5 (a|b), 1 (b|sil), 1.5 (sil|-)
 *            u2: c [.2, .6], d [.8, 1.2]             -> .2 (-|c), .6 (c|-), .8 (-|d), 1.2 (d|-)
 * hypothesis u1: a [0, .51], b [.51, .98], z [.98, 1.3] -> 0 (-|a), .51 (a|b), .98 (b|z), 1.3 (z|-)
 *            u2: c [.2, .65], q [.8, 1.2]              -> .2 (-|c), .65 (c|-), .8 (-|q), 1.2 (q|-)
 * </pre>
 * Within 20 ms the time pairs are u1: 0~0, .5~.51, 1~.98 and u2: .2~.2, .8~.8, 1.2~1.2: 6 hits.
 * By label: u1 0 (a = a) and .51 (a = a, b = b) agree, .98 has sil != z after; u2 .2 (c = c)
 * agrees, .8 and 1.2 have d != q: 3 hits. Within 50 ms .6~.65 pairs too, c = c before: 4.
 */
class BoundariesHitRuleCommandTest {
    @TempDir
    Path tmp;

    private static final String REF = """
            {"id": "u1", "segments": [{"start": 0, "end": 0.5, "label": "a"}, {"start": 0.5, "end": 1.0, "label": "b"}, {"start": 1.0, "end": 1.5, "label": "sil"}]}
            {"id": "u2", "segments": [{"start": 0.2, "end": 0.6, "label": "c"}, {"start": 0.8, "end": 1.2, "label": "d"}]}
            """;
    private static final String HYP = """
            {"id": "u1", "segments": [{"start": 0, "end": 0.51, "label": "a"}, {"start": 0.51, "end": 0.98, "label": "b"}, {"start": 0.98, "end": 1.3, "label": "z"}]}
            {"id": "u2", "segments": [{"start": 0.2, "end": 0.65, "label": "c"}, {"start": 0.8, "end": 1.2, "label": "q"}]}
            """;

    private CliRun eval(String... more) throws Exception {
        Path ref = Files.writeString(tmp.resolve("ref.jsonl"), REF);
        Path hyp = Files.writeString(tmp.resolve("hyp.jsonl"), HYP);
        List<String> args = new ArrayList<>(List.of("eval", "boundaries", "--ref", ref.toString(), "--hyp", hyp.toString(), "--json"));
        args.addAll(List.of(more));
        return CliRun.of(args.toArray(String[]::new));
    }

    private static long hits(CliRun run) {
        assertEquals(0, run.exit(), run::err);
        return run.json().get("hits").asLong();
    }

    @Test
    void labelAwareHitsCountOnlyPairsWhoseWordsAgree() throws Exception {
        assertEquals(6, hits(eval()));
        CliRun label = eval("--hit-rule", "label");
        assertEquals(3, hits(label));
        JsonNode o = label.json();
        assertEquals("label", o.get("hit_rule").asText());
        assertEquals(4, hits(eval("--hit-rule", "label", "--tolerance", "0.05")));
    }

    @Test
    void aTierNamedInTheToleranceLeavesAnUntieredFileAtTheBareValue() throws Exception {
        // The JSONL files have no tiers: words=0.05 does not apply, the default 20 ms does.
        assertEquals(6, hits(eval("--tolerance", "words=0.05")));
        assertEquals(4, hits(eval("--tolerance", "0.05,words=0.01", "--hit-rule", "label")));
    }

    @Test
    void aLabelRuleWithManyToOneOrAMalformedToleranceIsAUsageError() throws Exception {
        CliRun many = eval("--hit-rule", "label", "--matching", "many-to-one");
        assertEquals(2, many.exit());
        assertTrue(many.err().contains("--hit-rule label needs --matching one-to-one"), many.err());
        assertEquals(2, eval("--tolerance", "words=").exit());
        assertEquals(2, eval("--hit-rule", "words").exit());
    }
}
