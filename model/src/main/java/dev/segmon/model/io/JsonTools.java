package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The recognisers' JSON formats and their detection by content. Each reader registers with one
 * line in {@link #ALL}; detection walks the list and takes a format only when exactly one reader
 * recognises the document. A root object with an {@code "id"} and {@code "segments"} or
 * {@code "boundaries"} is segmon's own JSONL and never a tool's, so the JSONL files read today are
 * read exactly as before (an AssemblyAI transcript has an {@code "id"} too, but neither of those).
 *
 * <p>A new tool: a constant in {@link AlignmentFormat} (its lowercase name is the {@code --format}
 * value), a reader class with {@code static boolean recognises(JsonNode root)} (true only for
 * this tool's shape) and {@code static Iterable<TimedWords> read(TranscriptJson json, String fileId,
 * String tier)} (or, one recording of timed words, {@code static List<Segment> words(TranscriptJson
 * json, String channel)}), and its line below; optionally a telltale root field in
 * {@link #TELLTALE_FIELDS}. {@code JsonToolRecognitionTest} checks that every fixture of every
 * tool is claimed by its own reader only.
 */
final class JsonTools {
    static final List<JsonTool> ALL = List.of(
            JsonTool.timedWords(AlignmentFormat.AWS, "Amazon Transcribe", AwsTranscribeReader::recognises, AwsTranscribeReader::words),
            JsonTool.timedWords(AlignmentFormat.GOOGLE, "Google Speech-to-Text", GoogleSpeechReader::recognises, GoogleSpeechReader::words),
            JsonTool.timedWords(AlignmentFormat.AZURE, "Azure AI Speech", AzureSpeechReader::recognises, AzureSpeechReader::words),
            JsonTool.timedWords(AlignmentFormat.DEEPGRAM, "Deepgram", DeepgramReader::recognises, DeepgramReader::words),
            JsonTool.timedWords(AlignmentFormat.ASSEMBLYAI, "AssemblyAI", AssemblyAiReader::recognises, AssemblyAiReader::words),
            new JsonTool(AlignmentFormat.WHISPER, "openai-whisper", WhisperReader::recognises, WhisperReader::read),
            new JsonTool(AlignmentFormat.WHISPERX, "WhisperX", WhisperXReader::recognises, WhisperXReader::read),
            new JsonTool(AlignmentFormat.NEMO, "NeMo", NemoReader::recognises, NemoReader::read),
            new JsonTool(AlignmentFormat.VOSK, "Vosk", VoskReader::recognises, VoskReader::read),
            new JsonTool(AlignmentFormat.GENTLE, "Gentle", GentleReader::recognises, GentleReader::read));

    /** Root fields that only a recogniser's output has, for the hint on a file read as segmon JSONL by mistake. */
    private static final Map<String, AlignmentFormat> TELLTALE_FIELDS = Map.of(
            "language", AlignmentFormat.WHISPER,
            "word_segments", AlignmentFormat.WHISPERX,
            "audio_filepath", AlignmentFormat.NEMO,
            "timestamps_word", AlignmentFormat.NEMO,
            "result", AlignmentFormat.VOSK,
            "partial", AlignmentFormat.VOSK,
            "alternatives", AlignmentFormat.VOSK,
            "transcript", AlignmentFormat.GENTLE,
            "recognizedPhrases", AlignmentFormat.AZURE);

    private JsonTools() {
    }

    /** "this looks like X output (it has "field")...: read it with --format x" for a telltale field, else null. */
    static String hint(String rootField) {
        AlignmentFormat f = TELLTALE_FIELDS.get(rootField);
        return f == null ? null : "this looks like " + of(f).name() + " output (it has \"" + rootField
                + "\"), not segmon JSONL: read it with --format " + f.cliName();
    }

    /** The registered tool of {@code format}, or null when it is not a JSON tool format. */
    static JsonTool of(AlignmentFormat format) {
        return ALL.stream().filter(t -> t.format() == format).findFirst().orElse(null);
    }

    /**
     * The one tool whose shape {@code root} has, or null (segmon JSONL, or no tool's shape);
     * a document two tools claim is bad input asking for {@code --format}.
     */
    static JsonTool recognise(JsonNode root, String source) {
        if (root == null || isSegmonJsonl(root)) {
            return null;
        }
        List<JsonTool> matches = ALL.stream().filter(t -> t.recognises().test(root)).toList();
        if (matches.size() > 1) {
            throw new InputException(source, 0, "the JSON has the shape of " + matches.stream().map(JsonTool::name)
                    .collect(Collectors.joining(" and ")) + " output: choose with --format "
                    + matches.stream().map(t -> t.format().cliName()).collect(Collectors.joining(" or ")));
        }
        return matches.isEmpty() ? null : matches.get(0);
    }

    /** A root object with segmon JSONL's own fields: {@code "id"} and {@code "segments"} or {@code "boundaries"}. */
    static boolean isSegmonJsonl(JsonNode root) {
        return root.isObject() && root.has("id") && (root.has("segments") || root.has("boundaries"));
    }

    /** The tool a {@code .json} file or a folder of them is written by, or null. */
    static JsonTool detect(Path path) {
        Path first = path;
        if (Files.isDirectory(path)) {
            List<Path> files = Folder.files(path, ".json");
            if (files.isEmpty()) {
                return null;
            }
            first = files.get(0);
        }
        return recognise(JsonDocument.peek(first), first.toString());
    }

    /** A reader of one file of {@code tool}'s output, or of every {@code .json} file directly in a folder. */
    static UtteranceReader open(JsonTool tool, Path path, String tier) {
        List<Path> files = ToolFilesReader.files(path, ".json");
        return new ToolFilesReader(path.toString(), files, file -> {
            JsonDocument doc = JsonDocument.open(file);
            try {
                refuseOtherShape(tool, doc);
                return new ToolFilesReader.Opened(tool.reading().read(new TranscriptJson(doc), Folder.utteranceId(file), tier), doc);
            } catch (RuntimeException e) {
                doc.close();
                throw e;
            }
        });
    }

    /** A document that is plainly another tool's (or segmon JSONL) is refused with the format to use. */
    private static void refuseOtherShape(JsonTool tool, JsonDocument doc) {
        JsonNode root = doc.first();
        if (tool.recognises().test(root)) {
            return;
        }
        if (isSegmonJsonl(root)) {
            throw doc.error(root, "id", "this is segmon JSONL (it has \"id\"), not " + tool.name()
                    + " output: read it with --format jsonl");
        }
        JsonTool other = recognise(root, doc.source());
        if (other != null) {
            throw doc.error(root, "this is " + other.name() + " output, not " + tool.name()
                    + ": read it with --format " + other.format().cliName());
        }
    }
}
