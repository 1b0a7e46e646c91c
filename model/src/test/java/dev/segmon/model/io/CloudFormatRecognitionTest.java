package dev.segmon.model.io;

import static dev.segmon.model.io.CloudFixtures.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each cloud result fixture is recognised by its own reader's {@code recognises} and by no other. */
class CloudFormatRecognitionTest {
    private static final Map<String, Predicate<JsonNode>> READERS = new LinkedHashMap<>();

    static {
        READERS.put("aws", AwsTranscribeReader::recognises);
        READERS.put("google", GoogleSpeechReader::recognises);
        READERS.put("azure", AzureSpeechReader::recognises);
        READERS.put("deepgram", DeepgramReader::recognises);
        READERS.put("assemblyai", AssemblyAiReader::recognises);
    }

    @ParameterizedTest
    @CsvSource({
        "aws/my-first-transcription-job.json, aws",
        "aws/channel-identification.json, aws",
        "google/v1-longrunning.json, google",
        "google/v2-two-channels.json, google",
        "azure/batch-call.json, azure",
        "azure/realtime-phrase.json, azure",
        "deepgram/life_moves_pretty_fast.json, deepgram",
        "assemblyai/morning-news.json, assemblyai",
        "assemblyai/two-channel-call.json, assemblyai",
    })
    void recognisedByItsOwnReaderOnly(String file, String format) throws IOException {
        assertEquals(List.of(format), recognising(new ObjectMapper().readTree(fixture(file).toFile())));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"id\": \"u1\", \"segments\": []}",
        "{\"text\": \"hi\", \"segments\": [{\"start\": 0, \"end\": 1, \"text\": \"hi\", \"words\": []}]}",
        "[1, 2]",
        "{\"results\": []}",
    })
    void otherJsonIsRecognisedByNone(String json) throws IOException {
        assertEquals(List.of(), recognising(new ObjectMapper().readTree(json)));
    }

    private static List<String> recognising(JsonNode root) {
        return READERS.entrySet().stream().filter(e -> e.getValue().test(root)).map(Map.Entry::getKey).toList();
    }
}
