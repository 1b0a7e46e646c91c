package dev.segmon.app.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The JSON Schemas of docs/schemas against docs/contract.md (every record example in it), the
 * records the wire classes write, and records the contract says the monitor refuses, each
 * refusal checked against the monitor's own parser too.
 */
class RecordSchemasTest {
    static final Path SCHEMAS = Path.of("..", "docs", "schemas");
    static final Path CONTRACT = Path.of("..", "docs", "contract.md");
    static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    static final JsonSchema HYPOTHESIS = schema("hypothesis");
    static final JsonSchema REFERENCE = schema("reference");
    static final JsonSchema SCORE = schema("score");
    static final JsonSchema DEAD_LETTER = schema("dead-letter");
    /** An inline code span, which may run over a line break. */
    static final Pattern CODE = Pattern.compile("`([^`]+)`");

    static JsonSchema schema(String name) {
        try {
            return FACTORY.getSchema(Files.readString(SCHEMAS.resolve(name + ".schema.json")));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static JsonNode json(String text) {
        try {
            return RecordJson.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }

    static Set<ValidationMessage> errors(JsonSchema schema, String record) {
        return schema.validate(json(record));
    }

    static void assertValid(JsonSchema schema, String record) {
        Set<ValidationMessage> errors = errors(schema, record);
        assertEquals(Set.of(), errors, record);
    }

    @Test
    void everySchemaIsValidDraft202012() throws Exception {
        JsonSchema meta = FACTORY.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        try (var files = Files.list(SCHEMAS)) {
            List<Path> schemas = files.filter(p -> p.toString().endsWith(".schema.json")).sorted().toList();
            assertEquals(4, schemas.size(), schemas.toString());
            for (Path p : schemas) {
                assertEquals(Set.of(), meta.validate(json(Files.readString(p))), p.toString());
            }
        }
    }

    /**
     * Every inline JSON object of the contract that is a record (it names an {@code utterance}, or
     * is a dead letter's headers) validates against the schema of its kind. Counted by hand in
     * docs/contract.md: 3.1 shows four hypotheses (a time, an end, words, a declared end) and one reference,
     * appendix B one score and one dead letter's headers. Records are shown in those two places; the
     * API answers of 3.3-3.4 are templates with placeholders, not records.
     */
    @Test
    void everyRecordExampleOfTheContractValidatesAgainstItsSchema() throws Exception {
        String whole = Files.readString(CONTRACT, StandardCharsets.UTF_8);
        String contract = between(whole, "### 3.1 ", "### 3.2 ") + between(whole, "## B. ", "## C. ");
        Map<String, Integer> found = new TreeMap<>();
        Matcher m = CODE.matcher(contract);
        while (m.find()) {
            String text = m.group(1).strip();
            if (!text.startsWith("{") || !(text.contains("\"utterance\"") || text.contains("\"segmon.reason\""))) {
                continue;
            }
            JsonNode example = json(text);
            String kind = example.has("segmon.reason") ? "dead-letter" : example.has("outcome") ? "score"
                    : example.has("segments") ? "reference" : example.has("model") ? "hypothesis" : null;
            if (kind == null) {
                fail("a record example of no known kind: " + text);
            }
            JsonSchema schema = Map.of("dead-letter", DEAD_LETTER, "score", SCORE, "reference", REFERENCE, "hypothesis", HYPOTHESIS).get(kind);
            assertEquals(Set.of(), schema.validate(example), kind + " example " + text);
            found.merge(kind, 1, Integer::sum);
        }
        assertEquals(Map.of("dead-letter", 1, "hypothesis", 4, "reference", 2, "score", 1), found);
    }

    @Test
    void whatTheWireClassesWriteValidates() {
        List<Segment> words = List.of(new Segment(0.0, 0.31, "hi"), new Segment(0.31, 0.5, "there"));
        assertValid(HYPOTHESIS, HypothesisEvent.boundary("u1", "asr-v7", "word", 0.31).toJson());
        assertValid(HYPOTHESIS, new HypothesisEvent("u1", "asr-v7", "word", new double[] {0.1, 0.2}, true).toJson());
        assertValid(HYPOTHESIS, HypothesisEvent.words("u1", "asr-v7", "word", words).toJson());
        assertValid(HYPOTHESIS, HypothesisEvent.end("u1", "asr-v7", "word", 3.2).toJson());
        assertValid(HYPOTHESIS, HypothesisEvent.end("u1", "asr-v7", "word", 3.2).declaring(Declaration.EXPECTED).toJson());
        assertValid(HYPOTHESIS, HypothesisEvent.end("u1", "asr-v7", "word").declaring(Declaration.NONE).toJson());
        assertValid(REFERENCE, new ReferenceChunk("u1", "word", words, false).toJson());
        assertValid(REFERENCE, new ReferenceChunk("u1", "word", List.of(), true).toJson());
        // The worked example (1 hit of 2 reference, 3 hypothesis boundaries), and an empty pair whose ratios are all null.
        assertValid(SCORE, new UtteranceScore("u1", "asr-v7", "word", Outcome.SCORED, BoundaryCounts.oneToOne(2, 3, 1), 0.02).toJson());
        String empty = new UtteranceScore("u2", "none", "word", Outcome.UNHYPOTHESIZED, BoundaryCounts.ZERO, 0.02).toJson();
        assertValid(SCORE, empty);
        assertEquals("null null null null null", List.of("precision", "recall", "f1", "os", "r_value").stream()
                .map(k -> json(empty).get(k).toString()).collect(Collectors.joining(" ")));
    }

    /** Hypotheses contract 3.1 and appendix B refuse, with the reason the monitor's parser gives. */
    @Test
    void refusedHypothesesFailTheSchemaAndTheParserForTheContractsReason() {
        String head = "{\"utterance\": \"u1\", \"model\": \"m\", \"tier\": \"word\", ";
        Map<String, DeadLetterReason> refused = Map.of(
                head + "\"time\": 0.1, \"words\": [{\"start\": 0.1, \"end\": 0.2, \"word\": \"a\"}]}", DeadLetterReason.MISSING_FIELD,
                head + "\"time\": 0.1, \"times\": [0.2]}", DeadLetterReason.MISSING_FIELD,
                head + "\"end\": false}", DeadLetterReason.MISSING_FIELD,
                "{\"utterance\": \"u1\", \"model\": \"m\", \"time\": 0.1}", DeadLetterReason.MISSING_TIER,
                "{\"utterance\": \"\", \"model\": \"m\", \"tier\": \"word\", \"time\": 0.1}", DeadLetterReason.MISSING_FIELD,
                head + "\"time\": -0.1}", DeadLetterReason.INVALID_TIME,
                head + "\"words\": [{\"start\": 0.1, \"end\": 0.2, \"word\": 7}]}", DeadLetterReason.INVALID_WORD,
                head + "\"words\": [{\"start\": 0.1, \"word\": \"a\"}]}", DeadLetterReason.MISSING_FIELD,
                head + "\"times\": " + IntStream.range(0, 10_001).mapToObj(i -> "0.1").toList() + "}", DeadLetterReason.TOO_LARGE);
        refused = new java.util.HashMap<>(refused);
        refused.put(head + "\"end\": true, \"reference\": \"maybe\"}", DeadLetterReason.BAD_DECLARATION);
        refused.put(head + "\"end\": true, \"reference\": null}", DeadLetterReason.BAD_DECLARATION);
        refused.forEach((record, reason) -> {
            assertFalse(errors(HYPOTHESIS, record).isEmpty(), "schema accepted " + abbreviated(record));
            InputEvent parsed = HypothesisEvent.parse("u1".getBytes(StandardCharsets.UTF_8), record.getBytes(StandardCharsets.UTF_8), Set.of());
            assertEquals(reason, assertInstanceOf(InputEvent.Rejected.class, parsed).reason(), abbreviated(record));
        });
    }

    @Test
    void refusedReferencesFailTheSchemaAndTheParserForTheContractsReason() {
        Map<String, DeadLetterReason> refused = Map.of(
                "{\"utterance\": \"u1\", \"tier\": \"word\"}", DeadLetterReason.MISSING_FIELD,
                "{\"utterance\": \"u1\", \"tier\": \"word\", \"segments\": [], \"final\": \"yes\"}", DeadLetterReason.MISSING_FIELD,
                "{\"utterance\": \"u1\", \"tier\": \"word\", \"segments\": [{\"start\": 0.1}]}", DeadLetterReason.MISSING_FIELD,
                "{\"utterance\": \"u1\", \"segments\": []}", DeadLetterReason.MISSING_TIER,
                "{\"utterance\": \"u1\", \"tier\": \"word\", \"segments\": [{\"start\": -1, \"end\": 0.2}]}", DeadLetterReason.INVALID_TIME);
        refused.forEach((record, reason) -> {
            assertFalse(errors(REFERENCE, record).isEmpty(), "schema accepted " + record);
            InputEvent parsed = ReferenceChunk.parse("u1".getBytes(StandardCharsets.UTF_8), record.getBytes(StandardCharsets.UTF_8), Set.of());
            assertEquals(reason, assertInstanceOf(InputEvent.Rejected.class, parsed).reason(), record);
        });
        // Optional parts the monitor accepts: a final chunk without segments, a segment without a label or with null.
        for (String ok : List.of("{\"utterance\": \"u1\", \"tier\": \"word\", \"final\": true}",
                "{\"utterance\": \"u1\", \"tier\": \"word\", \"segments\": [{\"start\": 0, \"end\": 1}, {\"start\": 1, \"end\": 2, \"label\": null}]}")) {
            assertValid(REFERENCE, ok);
            assertInstanceOf(ReferenceChunk.class, ReferenceChunk.parse("u1".getBytes(StandardCharsets.UTF_8), ok.getBytes(StandardCharsets.UTF_8), Set.of()));
        }
    }

    @Test
    void outputRecordsOutsideTheContractFailTheirSchemas() {
        String score = "{\"utterance\": \"u1\", \"model\": \"m\", \"tier\": \"word\", \"outcome\": \"%s\", \"n_ref\": 2, \"n_hyp\": 3, "
                + "\"hits\": 1, \"precision\": %s, \"recall\": 0.5, \"f1\": 0.4, \"os\": 0.5, \"r_value\": 0.29, \"tolerance\": 0.02}";
        assertValid(SCORE, score.formatted("timed_out", "0.3333333333333333"));
        List<String> bad = new ArrayList<>(List.of(score.formatted("lost", "0.3333333333333333"), score.formatted("scored", "1.5"),
                score.formatted("scored", "\"0.33\""), score.formatted("scored", "0.5").replace("\"hits\": 1, ", "")));
        bad.forEach(s -> assertFalse(errors(SCORE, s).isEmpty(), "schema accepted " + s));
        String letter = "{\"segmon.reason\": \"%s\", \"segmon.detail\": \"time 0.31\", \"segmon.source.topic\": \"segmon.hypotheses\", "
                + "\"segmon.source.partition\": \"%s\", \"segmon.source.offset\": \"41\"}";
        assertValid(DEAD_LETTER, letter.formatted("too_large", "3"));
        for (String s : List.of(letter.formatted("oops", "0"), letter.formatted("late", "-1"), letter.formatted("late", "01"))) {
            assertFalse(errors(DEAD_LETTER, s).isEmpty(), "schema accepted " + s);
        }
    }

    private static String abbreviated(String record) {
        return record.length() > 120 ? record.substring(0, 120) + "..." : record;
    }

    private static String between(String text, String from, String to) {
        int start = text.indexOf(from);
        int end = text.indexOf(to, start);
        assertTrue(start >= 0 && end > start, "contract sections " + from + " and " + to);
        return text.substring(start, end);
    }
}
