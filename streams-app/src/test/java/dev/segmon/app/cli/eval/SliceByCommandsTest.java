package dev.segmon.app.cli.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code eval wer --slice-by} and {@code eval timing --slice-by} (docs/slices.md): each slice scored alone, figures by hand. */
class SliceByCommandsTest {
    @TempDir
    Path dir;

    private Path file(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    @Test
    void werPerSliceFromASideFileOfLabels() throws IOException {
        // u1 a b c / a x c: 1 substitution of 3; u2 d e / d e: none of 2; u3 f / g: 1 of 1.
        // lang de = u1, u3: 2 errors / 4 reference words = 0.5; en = u2: 0 / 2 = 0; pooled 2 / 6.
        Path ref = file("ref.txt", "u1 a b c\nu2 d e\nu3 f\n");
        Path hyp = file("hyp.txt", "u1 a x c\nu2 d e\nu3 g\n");
        Path labels = file("labels.tsv", "u1\tlang=de\nu2\tlang=en\nu3\tlang=de\n");
        CliRun run = CliRun.of("eval", "wer", "--ref", ref.toString(), "--hyp", hyp.toString(), "--slice-by", "lang",
                "--labels", labels.toString(), "--json");
        assertEquals(0, run.exit(), run::err);
        JsonNode o = run.json();
        assertEquals(2.0 / 6, o.get("wer").asDouble(), 1e-15);
        JsonNode lang = o.get("slices").get("lang");
        assertEquals(2, lang.size(), lang::toString);
        assertEquals(0.5, lang.get("de").get("wer").asDouble(), 1e-15);
        assertEquals(4, lang.get("de").get("n_ref").asLong());
        assertEquals(2, lang.get("de").get("utterances").asLong());
        assertEquals(0.0, lang.get("en").get("wer").asDouble(), 1e-15);
        assertEquals(2, lang.get("en").get("n_ref").asLong());
    }

    @Test
    void timingPerSliceFromTheHypothesisLinesLabels() throws IOException {
        // u1 (de): the .10-.30 / .12-.31 and sat .62-1.00 / .60-1.05 match (cat/bat does not):
        // starts +20, -20 ms (bias 0), ends +10, +50 ms (bias +30 ms); 2 matched of 3.
        // u2 (en): go .00-.50 / .04-.50: start +40 ms, end 0; 1 of 1.
        // Pooled: starts (20 - 20 + 40) / 3 = +13.33 ms.
        Path ref = file("ref.jsonl", """
                {"id": "u1", "segments": [{"start": 0.10, "end": 0.30, "label": "the"}, {"start": 0.30, "end": 0.62, "label": "cat"}, {"start": 0.62, "end": 1.00, "label": "sat"}]}
                {"id": "u2", "segments": [{"start": 0.00, "end": 0.50, "label": "go"}]}
                """);
        Path hyp = file("hyp.jsonl", """
                {"id": "u1", "segments": [{"start": 0.12, "end": 0.31, "label": "the"}, {"start": 0.30, "end": 0.60, "label": "bat"}, {"start": 0.60, "end": 1.05, "label": "sat"}], "labels": {"lang": "de"}}
                {"id": "u2", "segments": [{"start": 0.04, "end": 0.50, "label": "go"}], "labels": {"lang": "en"}}
                """);
        CliRun run = CliRun.of("eval", "timing", "--ref", ref.toString(), "--hyp", hyp.toString(), "--slice-by", "lang", "--json");
        assertEquals(0, run.exit(), run::err);
        JsonNode o = run.json();
        assertEquals(0.04 / 3, o.get("start").get("bias").asDouble(), 1e-12);
        JsonNode de = o.get("slices").get("lang").get("de");
        assertEquals(2, de.get("matched").asLong());
        assertEquals(3, de.get("n_ref").asLong());
        assertEquals(0.0, de.get("start").get("bias").asDouble(), 1e-12);
        assertEquals(0.030, de.get("end").get("bias").asDouble(), 1e-12);
        JsonNode en = o.get("slices").get("lang").get("en");
        assertEquals(1, en.get("matched").asLong());
        assertEquals(0.040, en.get("start").get("bias").asDouble(), 1e-12);
        assertEquals(0.0, en.get("end").get("bias").asDouble(), 1e-12);
    }

    @Test
    void withoutSliceByTheOutputHasNoSlices() throws IOException {
        Path ref = file("r.txt", "u1 a b\n");
        Path hyp = file("h.txt", "u1 a b\n");
        CliRun run = CliRun.of("eval", "wer", "--ref", ref.toString(), "--hyp", hyp.toString(), "--json");
        assertEquals(0, run.exit(), run::err);
        assertEquals(false, run.json().has("slices"));
    }
}
