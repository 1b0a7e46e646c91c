package dev.segmon.app.cli.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.cli.CliRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code eval boundaries}' hit offsets (docs/contract.md 2.1: {@code offset_bias}, {@code signed_offset_buckets}) on the worked example. */
class BoundaryOffsetsCommandTest {
    private static final Path REF = Path.of("..", "examples", "worked-example", "ref.jsonl");
    private static final Path HYP = Path.of("..", "examples", "worked-example", "hyp.jsonl");

    private static CliRun eval(String... more) {
        String[] args = new String[6 + more.length];
        String[] base = {"eval", "boundaries", "--ref", REF.toString(), "--hyp", HYP.toString()};
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(more, 0, args, base.length, more.length);
        CliRun run = CliRun.of(args);
        assertEquals(0, run.exit(), run::err);
        return run;
    }

    @Test
    void theWorkedExamplesOneHitIsTenMillisecondsEarly() {
        // ref {0.50, 1.00}, hyp {0.49, 0.51, 1.30} at 20 ms: the one-to-one pass pairs 0.50 with the
        // earlier 0.49 (hyp - ref = -10 ms). Bounds -20 -15 -10 -5 0 5 10 15 20 ms: the hit is at
        // le=-0.01 and above, none below.
        JsonNode o = eval("--json").json();
        assertEquals(-0.01, o.get("offset_bias").asDouble(), 1e-15);
        assertEquals("{\"-0.02\":0,\"-0.015\":0,\"-0.01\":1,\"-0.005\":1,\"0.0\":1,\"0.005\":1,\"0.01\":1,\"0.015\":1,\"0.02\":1,\"+Inf\":1}",
                o.get("signed_offset_buckets").toString());
        String table = eval().out();
        assertTrue(table.contains("offset bias (hyp - ref)") && table.contains("-0.010000 s"), table);
    }

    @Test
    void aWiderWindowCutsWiderBuckets() {
        // At 100 ms the bounds are -100 -75 -50 -25 0 25 50 75 100 ms: -10 ms lies in (-25, 0].
        JsonNode b = eval("--json", "--tolerance", "0.1").json().get("signed_offset_buckets");
        assertEquals(0, b.get("-0.025").asLong());
        assertEquals(1, b.get("0.0").asLong());
    }

    @Test
    void manyToOnePairsNothingSoHasNoOffsetKeysAndAZeroWindowNoBuckets() {
        JsonNode m2o = eval("--json", "--matching", "many-to-one").json();
        assertFalse(m2o.has("offset_bias"));
        assertFalse(m2o.has("signed_offset_buckets"));
        // At 0 s no pair is exact (0.49 and 0.51 against 0.50): no hit, no bias, and no quarters to cut.
        JsonNode zero = eval("--json", "--tolerance", "0").json();
        assertTrue(zero.get("offset_bias").isNull());
        assertTrue(zero.get("signed_offset_buckets").isNull());
    }
}
