package dev.segmon.model.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UtteranceLabelsTest {
    @TempDir
    Path tmp;

    @Test
    void theHypothesisLabelsWinAndTheSideFileFillsTheKeysItDidNotSet() throws Exception {
        Path hyp = tmp.resolve("h.jsonl");
        Files.writeString(hyp, "{\"id\":\"u1\",\"boundaries\":[0.1],\"labels\":{\"lang\":\"de\",\"n\":3}}\n\n{\"id\":\"u2\",\"boundaries\":[]}\n");
        Path side = tmp.resolve("labels.tsv");
        Files.writeString(side, "# id, labels\nu1\tlang=en\tdomain=call\nu2\tlang=fr\n");
        UtteranceLabels l = new UtteranceLabels().addJsonl(hyp).addSideFile(side);
        // u1: lang from the hypothesis (de, not the side file's en), domain from the side file; the
        // number n is not a string and is ignored.
        assertEquals(Map.of("lang", "de", "domain", "call"), l.of("u1"));
        assertEquals(Map.of("lang", "fr"), l.of("u2"));
        assertEquals(Map.of(), l.of("u3"));
    }

    @Test
    void theReferenceSideFillsOnlyTheKeysTheHypothesisSideLacks() throws Exception {
        UtteranceLabels hypothesisSide = new UtteranceLabels().addSideFile(Files.writeString(tmp.resolve("hyp.tsv"), "u1\tlang=de\nu2\tdomain=chat\n"));
        UtteranceLabels referenceSide = new UtteranceLabels().addSideFile(
                Files.writeString(tmp.resolve("ref.tsv"), "u1\tlang=en\tdomain=call\nu2\tlang=fr\nu3\tlang=it\n"));
        UtteranceLabels l = hypothesisSide.filledFrom(referenceSide);
        // u1: lang de from the hypothesis (not en), domain call from the reference; u2: domain chat
        // and lang fr; u3, only on the reference side: lang it.
        assertEquals(Map.of("lang", "de", "domain", "call"), l.of("u1"));
        assertEquals(Map.of("lang", "fr", "domain", "chat"), l.of("u2"));
        assertEquals(Map.of("lang", "it"), l.of("u3"));
        assertEquals("de", UtteranceLabels.chosen("de", "en"));
        assertEquals("en", UtteranceLabels.chosen(null, "en"));
        assertEquals(null, UtteranceLabels.chosen(null, null));
    }

    @Test
    void aSideFileLineWithoutKeyEqualsValueIsRefusedWithItsLine() throws Exception {
        Path side = tmp.resolve("labels.tsv");
        Files.writeString(side, "u1\tlang=de\nu2\tlang\n");
        InputException e = assertThrows(InputException.class, () -> new UtteranceLabels().addSideFile(side));
        assertEquals(2, e.line());
        assertEquals(side + ":2: label 'lang' is not key=value", e.getMessage());
    }
}
