package dev.segmon.app.cli.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code segmon eval boundaries --format aws} on folders of Amazon Transcribe results (the shape of
 * the Developer Guide's output example): reference words Welcome [0.64, 1.09], to [1.09, 1.21],
 * Amazon [1.21, 1.74], Transcribe [1.74, 2.56] give boundaries 0.64, 1.09, 1.21, 1.74, 2.56; the
 * hypothesis moves 1.21 to 1.25 (0.04 away, a miss at 0.02). So n_ref = n_hyp = 5, hits = 4.
 */
class EvalCloudResultsTest {
    @TempDir
    Path tmp;

    private static String job(String toEnd, String amazonStart, String end) {
        return """
                {"jobName": "job", "accountId": "111122223333", "status": "COMPLETED",
                 "results": {"transcripts": [{"transcript": "Welcome to Amazon Transcribe."}], "items": [
                  {"start_time": "0.64", "end_time": "1.09", "alternatives": [{"confidence": "1.0", "content": "Welcome"}], "type": "pronunciation"},
                  {"start_time": "1.09", "end_time": "%s", "alternatives": [{"confidence": "1.0", "content": "to"}], "type": "pronunciation"},
                  {"start_time": "%s", "end_time": "1.74", "alternatives": [{"confidence": "1.0", "content": "Amazon"}], "type": "pronunciation"},
                  {"start_time": "1.74", "end_time": "%s", "alternatives": [{"confidence": "1.0", "content": "Transcribe"}], "type": "pronunciation"},
                  {"alternatives": [{"confidence": "0.0", "content": "."}], "type": "punctuation"}]}}
                """.formatted(toEnd, amazonStart, end);
    }

    private Path folder(String name, String json) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.writeString(dir.resolve("welcome.json"), json);
        return dir;
    }

    @Test
    void transcribeResultsAreScoredAsWords() throws IOException {
        Path ref = folder("ref", job("1.21", "1.21", "2.56"));
        Path hyp = folder("hyp", job("1.25", "1.25", "2.56"));
        CliRun run = CliRun.of("eval", "boundaries", "--ref", ref.toString(), "--hyp", hyp.toString(), "--format", "aws", "--json");
        assertEquals(0, run.exit(), () -> "stderr: " + run.err());
        JsonNode o = run.json();
        assertEquals(5, o.get("n_ref").asLong());
        assertEquals(5, o.get("n_hyp").asLong());
        assertEquals(4, o.get("hits").asLong());
        assertEquals(1, o.get("utterances").asLong());
    }

    @Test
    void badTimeExitsTwoWithOneLocatedLine() throws IOException {
        Path ref = folder("ref", job("1.21", "1.21", "2.56"));
        Path hyp = folder("hyp", job("1.25", "1.25", "2,56"));
        CliRun run = CliRun.of("eval", "boundaries", "--ref", ref.toString(), "--hyp", hyp.toString(), "--format", "aws");
        assertEquals(2, run.exit(), () -> "stderr: " + run.err());
        // the "Transcribe" item is on line 6 of the file
        assertEquals(hyp.resolve("welcome.json") + ":6: results.items[3].end_time must be a number, not the string \"2,56\"",
                String.join("\n", run.errLines()));
        assertFalse(run.err().contains("Exception"), run.err());
        assertEquals("", run.out());
    }
}
