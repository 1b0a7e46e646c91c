package dev.segmon.model.textseg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Pk and WindowDiff against NLTK 3.8 (Debian python3-nltk 3.8-1) and segeval 2.0.11
 * (github cfournie/segmentation.evaluation @ c4140b48, run from its checkout) on every ordered
 * pair of coders of segeval's datasets. The expected figures are the tools' own output, kept in
 * data/textseg/reference-tools.txt; the command that wrote it is in its header and in
 * docs/tools/textseg_compare.py.
 */
class TextSegReferenceToolsTest {

    /** item -> coder -> masses, read from segeval's JSON (items -> item -> coder -> masses). */
    private static Map<String, Map<String, int[]>> dataset(String name) throws IOException {
        Map<String, Map<String, int[]>> items = new HashMap<>();
        try (InputStream in = TextSegReferenceToolsTest.class.getResourceAsStream("/data/textseg/segeval/" + name + ".json");
             JsonParser p = new JsonFactory().createParser(in)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                if (!field.equals("items")) {
                    p.skipChildren();
                    continue;
                }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    Map<String, int[]> coders = new HashMap<>();
                    items.put(p.currentName(), coders);
                    p.nextToken();
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String coder = p.currentName();
                        p.nextToken();
                        List<Integer> masses = new ArrayList<>();
                        while (p.nextToken() != JsonToken.END_ARRAY) {
                            masses.add(p.getIntValue());
                        }
                        coders.put(coder, masses.stream().mapToInt(Integer::intValue).toArray());
                    }
                }
            }
        }
        return items;
    }

    @Test
    void everyCoderPairScoresAsNltkAndSegevalScoreIt() throws IOException {
        String table;
        try (InputStream in = getClass().getResourceAsStream("/data/textseg/reference-tools.txt")) {
            table = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Map<String, Map<String, Map<String, int[]>>> datasets = new HashMap<>();
        int compared = 0;
        int undefined = 0;
        for (String line : table.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            // dataset item ref_coder hyp_coder tool rule k pk windowdiff
            String[] f = line.trim().split(" ");
            Map<String, int[]> coders = datasets.computeIfAbsent(f[0], n -> {
                try {
                    return dataset(n);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }).get(f[1]);
            Segmentation ref = Segmentation.ofMasses(coders.get(f[2]));
            Segmentation hyp = Segmentation.ofMasses(coders.get(f[3]));
            // "fixed" lines give both tools k = 5 (FIXED_K in docs/tools/textseg_compare.py)
            WindowSize window = f[5].equals("fixed") ? WindowSize.fixed(5) : WindowRule.parse(f[4]);
            if (f[6].equals("undefined")) {
                // the tool has no valid window here (NLTK: no reference boundary, or k rounds to 0)
                assertThrows(IllegalArgumentException.class, () -> {
                    int k = window.of(ref);
                    WindowMetrics.count(ref, hyp, k);
                }, line);
                undefined++;
                continue;
            }
            int k = window.of(ref);
            assertEquals(Integer.parseInt(f[6]), k, line);
            WindowCounts c = WindowMetrics.count(ref, hyp, k);
            assertEquals(Double.parseDouble(f[7]), c.pk(), 1e-12, line);
            assertEquals(Double.parseDouble(f[8]), c.windowDiff(), 1e-12, line);
            compared++;
        }
        // 98 ordered coder pairs x 2 tools x 2 windows = 392 lines
        assertEquals(392, compared + undefined);
        assertTrue(compared > 350);
    }
}
