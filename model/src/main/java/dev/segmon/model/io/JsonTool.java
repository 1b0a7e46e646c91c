package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.model.alignment.Segment;
import java.util.List;
import java.util.function.Predicate;

/**
 * One recogniser's JSON output format, as {@link JsonTools} registers it: its {@code --format}
 * constant, the name messages give it, the test that a document has its shape, and its reader.
 *
 * @param format     the {@code --format} value
 * @param name       the tool as users know it, e.g. "openai-whisper"
 * @param recognises true for a root value of this tool's shape, false for every other tool's
 * @param reading    reads the utterances of one file
 */
record JsonTool(AlignmentFormat format, String name, Predicate<JsonNode> recognises, Reading reading) {

    /** Reads one file of the tool's output. */
    @FunctionalInterface
    interface Reading {
        /**
         * @param json   the file's JSON values
         * @param fileId the file name without its extension, the id of a one-recording file
         * @param tier   the {@code --tier} value, or null for the tool's words
         * @return the file's utterances; a file of many may give them lazily, one value of the file at a time
         */
        Iterable<TimedWords> read(TranscriptJson json, String fileId, String tier);
    }

    /** How a cloud recogniser's result becomes its words, of the channel {@code --tier} names (null: the first). */
    @FunctionalInterface
    interface Words {
        List<Segment> read(TranscriptJson json, String channel);
    }

    /** A tool whose file is one recording with every word timed, read by {@code words}. */
    static JsonTool timedWords(AlignmentFormat format, String name, Predicate<JsonNode> recognises, Words words) {
        return new JsonTool(format, name, recognises, (json, fileId, channel) -> List.of(TimedWords.of(fileId, words.read(json, channel))));
    }
}
