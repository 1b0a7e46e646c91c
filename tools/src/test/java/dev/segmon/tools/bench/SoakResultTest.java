package dev.segmon.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SoakResultTest {

    @Test
    void aHeldHypothesisCostsTheStateDirectorysGrowthOverTheOpenUtterancesGrowth() {
        // 700 000 bytes of empty stores at the start, 2 100 000 with 1 000 open at the end:
        // (2 100 000 - 700 000) / (1 000 - 0) = 1 400 bytes each (not 2 100 000 / 1 000 = 2 100).
        Soak.Result r = result(new Soak.Sample(0, 0, 0, 1, 0, 0, 700_000), new Soak.Sample(10, 9, 9, 1, 1_000, 0, 2_100_000));
        assertEquals(1_400, r.stateDirBytesPerOpenUtterance(), 1e-9);
        Map<String, Object> json = r.toJson();
        assertEquals(1_400L, json.get("state_dir_bytes_per_open_utterance"));
        assertEquals(0.02, json.get("reference_share"));
        assertEquals(95L, json.get("referenced_utterances"));
        assertEquals(false, json.get("references_declared"));
    }

    @Test
    void withoutGrowthOfTheOpenUtterancesTheFigureIsNull() {
        Soak.Result r = result(new Soak.Sample(0, 0, 0, 1, 5, 0, 700_000), new Soak.Sample(10, 9, 9, 1, 5, 0, 800_000));
        assertNull(r.toJson().get("state_dir_bytes_per_open_utterance"));
    }

    private static Soak.Result result(Soak.Sample first, Soak.Sample last) {
        return new Soak.Result(200_015, 4_760, 20_000, 20_000, Duration.ofHours(1), 95, Map.of("scored", 190L), List.of(first, last), 1,
                new Bench.References(0.02, 95, false), SliceBooking.NONE);
    }
}
