package dev.segmon.model.io;

import static dev.segmon.model.io.ReaderFixtures.format;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Detection by content takes a format only when exactly one registered reader claims the JSON, so
 * every fixture of every tool ({@code formats/<format>/*.json}) must be claimed by its own reader
 * and by no other one, as the detection reads it (the first JSON value of the file).
 */
class JsonToolRecognitionTest {

    static Stream<Path> fixtures() throws IOException {
        try (Stream<Path> files = Files.walk(format(""))) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void everyFixtureIsClaimedByItsOwnReaderOnly(Path file) {
        String folder = file.getParent().getFileName().toString();
        assertEquals(List.of(folder), claiming(JsonDocument.peek(file)), file.toString());
    }

    @Test
    void everyRegisteredToolHasAFixture() throws IOException {
        List<String> folders = fixtures().map(f -> f.getParent().getFileName().toString()).distinct().toList();
        for (JsonTool tool : JsonTools.ALL) {
            assertEquals(true, folders.contains(tool.format().cliName()), "no fixture of " + tool.name());
        }
    }

    @Test
    void detectionNamesEachFixturesTool() throws IOException {
        for (Path file : fixtures().toList()) {
            JsonTool tool = JsonTools.detect(file);
            assertNotNull(tool, file.toString());
            assertEquals(file.getParent().getFileName().toString(), tool.format().cliName());
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"id\": \"u1\", \"segments\": []}",
        "{\"id\": \"u1\", \"boundaries\": [0.5], \"text\": \"hi\", \"segments\": []}",
        "[1, 2]",
        "{\"results\": []}",
        "{\"segments\": []}",
    })
    void otherJsonIsClaimedByNone(String json) throws IOException {
        assertEquals(List.of(), claiming(new ObjectMapper().readTree(json)));
    }

    private static List<String> claiming(JsonNode root) {
        if (JsonTools.isSegmonJsonl(root)) {
            return List.of();
        }
        return JsonTools.ALL.stream().filter(t -> t.recognises().test(root)).map(t -> t.format().cliName()).toList();
    }
}
