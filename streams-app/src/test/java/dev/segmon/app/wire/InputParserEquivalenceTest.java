package dev.segmon.app.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The streaming {@link InputParser} reads every record as the reader written on Jackson's tree
 * model ({@link TreeInputParser}, the oracle) did: the same event or the same refusal (reason,
 * labels and detail), on valid records and on records broken in every way a field can be — absent,
 * null, of another JSON type, given twice, nested, in a truncated or trailing-garbage document.
 */
class InputParserEquivalenceTest {
    private static final Set<String> ANY_TIER = Set.of();
    private static final Set<String> WORD_TIER = Set.of("word");

    /** Values a field may be given: right, wrong type, null, nested, out of range. */
    private static final String[] SCALARS = {"0.5", "1", "0", "-1", "1e999", "-0.0", "12345678901234567890", "1.5e2", "\"0.5\"", "\"u1\"", "\"\"",
        "\"a|b\"", "\"word\"", "\"m\"", "true", "false", "null", "[]", "[0.5]", "{}", "{\"start\":0.1}", "\"\\u00e9t\\u00e9\""};
    private static final String[] HYP_FIELDS = {"utterance", "model", "tier", "time", "times", "end", "duration", "words", "extra"};
    private static final String[] REF_FIELDS = {"utterance", "tier", "segments", "final", "extra"};

    @Test
    void everyHypothesisIsReadAsTheTreeReaderReadIt() {
        Random random = new Random(20261125);
        int n = 0;
        Set<String> outcomes = new java.util.TreeSet<>();
        for (String v : corpus(random, true)) {
            for (String key : new String[] {"u1", "u2", null}) {
                byte[] k = key == null ? null : key.getBytes(StandardCharsets.UTF_8);
                byte[] b = v == null ? null : v.getBytes(StandardCharsets.UTF_8);
                for (Set<String> tiers : List.of(ANY_TIER, WORD_TIER)) {
                    InputEvent streamed = InputParser.hypothesis(k, b, tiers);
                    assertEquals(describe(TreeInputParser.hypothesis(k, b, tiers)), describe(streamed), v);
                    outcomes.add(streamed instanceof InputEvent.Rejected r ? r.reason().name() : "accepted " + (((HypothesisEvent) streamed).words() != null));
                    n++;
                }
            }
        }
        assertEquals(true, n > 10_000, n + " cases");
        // The corpus reaches every refusal the reader can give, and both kinds of accepted message.
        assertEquals(new java.util.TreeSet<>(List.of("INVALID_TIME", "INVALID_WORD", "KEY_MISMATCH", "MALFORMED_JSON", "MISSING_FIELD", "MISSING_TIER",
                "TOO_LARGE", "UNKNOWN_TIER", "accepted false", "accepted true")), outcomes);
    }

    @Test
    void everyReferenceChunkIsReadAsTheTreeReaderReadIt() {
        Random random = new Random(20261126);
        for (String v : corpus(random, false)) {
            for (String key : new String[] {"u1", null}) {
                byte[] k = key == null ? null : key.getBytes(StandardCharsets.UTF_8);
                byte[] b = v == null ? null : v.getBytes(StandardCharsets.UTF_8);
                for (Set<String> tiers : List.of(ANY_TIER, WORD_TIER)) {
                    assertEquals(describe(TreeInputParser.reference(k, b, tiers)), describe(InputParser.reference(k, b, tiers)), v);
                }
            }
        }
    }

    /** Valid records, then each mutated at random, plus documents that are not objects. */
    private static List<String> corpus(Random random, boolean hypothesis) {
        List<String> out = new ArrayList<>(List.of("", "null", "[]", "\"x\"", "1", "{", "{}", "{\"utterance\":\"u1\"", "{\"utterance\":\"u1\",}",
                "{\"utterance\":\"u1\",\"tier\":\"word\",\"model\":\"m\",\"end\":true} trailing", "{\"utterance\":\"u1\"} {\"x\":1}", "{\"a\":NaN}"));
        // One array past the limit of InputEvent.MAX_ARRAY elements (10 000).
        String many = "[" + "0.5,".repeat(10_000) + "0.5]";
        out.add(hypothesis ? "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"times\":" + many + "}"
                : "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":" + many + "}");
        out.add(null);
        String[] valid = hypothesis ? new String[] {
            "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"time\":0.5}",
            "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"times\":[0.5,0.25,1.0]}",
            "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"end\":true,\"duration\":2.5}",
            "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"words\":[{\"start\":0.1,\"end\":0.4,\"word\":\"hello\"},"
                + "{\"start\":0.4,\"end\":0.9,\"word\":\"world\",\"conf\":0.9}],\"end\":true}"
        } : new String[] {
            "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":0.0,\"end\":0.5,\"label\":\"a\"},{\"start\":0.5,\"end\":0.9}],\"final\":true}",
            "{\"utterance\":\"u1\",\"tier\":\"word\",\"final\":true}",
            "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[]}"
        };
        out.addAll(Arrays.asList(valid));
        String[] fields = hypothesis ? HYP_FIELDS : REF_FIELDS;
        for (int i = 0; i < 3_000; i++) {
            out.add(mutate(random, valid[random.nextInt(valid.length)], fields));
        }
        return out;
    }

    private static String mutate(Random random, String base, String[] fields) {
        String s = base.substring(1, base.length() - 1);
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits; e++) {
            String field = fields[random.nextInt(fields.length)];
            String value = switch (random.nextInt(4)) {
                case 0 -> SCALARS[random.nextInt(SCALARS.length)];
                case 1 -> "[" + SCALARS[random.nextInt(SCALARS.length)] + "," + SCALARS[random.nextInt(SCALARS.length)] + "]";
                case 2 -> "[{\"start\":" + SCALARS[random.nextInt(SCALARS.length)] + ",\"end\":" + SCALARS[random.nextInt(SCALARS.length)]
                        + ",\"" + (random.nextBoolean() ? "word" : "label") + "\":" + SCALARS[random.nextInt(SCALARS.length)] + "}, "
                        + SCALARS[random.nextInt(SCALARS.length)] + "]";
                default -> "{\"nested\":{\"" + field + "\":" + SCALARS[random.nextInt(SCALARS.length)] + "}}";
            };
            switch (random.nextInt(3)) {
                case 0 -> s = s + ",\"" + field + "\":" + value; // added, or given a second time (the last one counts)
                case 1 -> s = "\"" + field + "\":" + value + (s.isEmpty() ? "" : "," + s); // given first
                default -> s = s.replaceFirst("\"" + field + "\":(\\[[^\\]]*\\]|\\{[^}]*\\}|[^,}]*),?", ""); // removed (when simple)
            }
        }
        String doc = "{" + s.replaceAll(",$", "").replaceAll("^,", "") + "}";
        if (random.nextInt(20) == 0) {
            doc = doc.substring(0, random.nextInt(doc.length())); // truncated
        }
        return doc;
    }

    private static String describe(InputEvent e) {
        if (e instanceof HypothesisEvent h) {
            return "hyp " + h.utterance() + " " + h.model() + " " + h.tier() + " " + Arrays.toString(h.times()) + " " + h.end() + " " + h.words()
                    + " " + h.duration();
        }
        return e.toString();
    }
}
