package dev.segmon.model.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.segmon.model.io.InputException;
import dev.segmon.model.io.JsonlReader;
import java.io.BufferedReader;
import java.io.StringReader;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Reading the hypothesis side on its own thread must not change results or error reports. */
class ReadAheadTest {

    private static JsonlReader reader(String name, String text) {
        return new JsonlReader(name, new BufferedReader(new StringReader(text)));
    }

    private static String lines(int n, int badLine) {
        StringBuilder s = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            s.append(i == badLine ? "{\"id\": \"u" + i + "\", \"boundaries\": [-1]}\n"
                    : "{\"id\": \"u" + i + "\", \"boundaries\": [0.5, 1.0]}\n");
        }
        return s.toString();
    }

    @Test
    void badHypothesisLineIsReportedWithItsFileAndLine() {
        InputException e = assertThrows(InputException.class, () -> BoundaryScorer.builder().build()
                .score(reader("ref.jsonl", lines(5000, 0)), reader("hyp.jsonl", lines(5000, 3000))));
        assertEquals("hyp.jsonl:3000: boundary 0 is negative (-1.0)", e.getMessage());
    }

    @Test
    void badReferenceStopsTheReadAheadThread() {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            InputException e = assertThrows(InputException.class, () -> BoundaryScorer.builder().build()
                    .score(reader("ref.jsonl", lines(10, 2)), reader("hyp.jsonl", lines(100_000, 0))));
            assertEquals("ref.jsonl:2: boundary 0 is negative (-1.0)", e.getMessage());
        });
    }

    @Test
    void countsAreThoseOfTheUtterancesWhateverTheSpeedOfEachSide() {
        // 5000 utterances of 2 boundaries each, identical sides: 10000 hits of 10000 (by construction).
        CorpusBoundaryResult r = BoundaryScorer.builder().build()
                .score(reader("ref.jsonl", lines(5000, 0)), reader("hyp.jsonl", lines(5000, 0)));
        assertEquals(BoundaryCounts.oneToOne(10_000, 10_000, 10_000), r.counts());
        assertEquals(5000, r.utterances());
    }
}
