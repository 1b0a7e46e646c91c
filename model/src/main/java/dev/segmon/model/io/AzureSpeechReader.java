package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.model.alignment.Segment;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Azure AI Speech results with word-level timestamps, in either of the service's shapes:
 * <ul>
 * <li>batch transcription ({@code recognizedPhrases[].nBest[0].words[]}): a word's time from
 *     {@code offsetInTicks} / {@code durationInTicks} (1 tick = 100 ns), else from the ISO 8601
 *     {@code offset} / {@code duration} ({@code "PT1.23S"}); one channel is read, the lowest
 *     {@code channel} or the one {@code --tier} names;</li>
 * <li>real-time detailed output ({@code NBest[0].Words[]}, {@code Offset} / {@code Duration} in
 *     ticks from the start of the stream, like the phrase's own {@code Offset}): one phrase, or an
 *     array of phrases as collected from the {@code recognized} events.</li>
 * </ul>
 * A word is [offset, offset + duration], labelled {@code word} / {@code Word}. Phrases whose
 * recognition status is not {@code Success} (NoMatch, silence timeouts) have no words and are skipped.
 */
final class AzureSpeechReader {
    private static final BigDecimal TICKS_PER_SECOND = BigDecimal.valueOf(10_000_000);

    private AzureSpeechReader() {
    }

    /** A batch transcription ({@code recognizedPhrases[]}) or real-time detailed phrase(s) ({@code RecognitionStatus}). */
    static boolean recognises(JsonNode root) {
        JsonNode phrase = root.isArray() && !root.isEmpty() ? root.get(0) : root;
        return root.path("recognizedPhrases").isArray() || phrase.path("RecognitionStatus").isTextual();
    }

    static List<Segment> words(TranscriptJson json, String channel) {
        JsonNode root = json.root();
        if (root.has("recognizedPhrases")) {
            return batch(json, json.array(root, "recognizedPhrases", ""), channel);
        }
        List<Segment> words = new ArrayList<>();
        if (!root.isArray()) {
            realTime(json, root, "", words);
        } else {
            for (int i = 0; i < root.size(); i++) {
                realTime(json, json.element(root, i, ""), "[" + i + "].", words);
            }
        }
        return words;
    }

    private static List<Segment> batch(TranscriptJson json, JsonNode phrases, String channel) {
        Map<String, List<Segment>> byChannel = TranscriptJson.numberedChannels();
        for (int p = 0; p < phrases.size(); p++) {
            String at = "recognizedPhrases[" + p + "]";
            JsonNode phrase = json.element(phrases, p, "recognizedPhrases");
            List<Segment> words = byChannel.computeIfAbsent(json.channelNumber(phrase, "channel", at + ".", "0"), k -> new ArrayList<>());
            if ("Success".equals(phrase.path("recognitionStatus").asText("Success"))) {
                phraseWords(json, phrase, at, BATCH, words);
            }
        }
        List<Segment> chosen = json.channel(byChannel, channel, json.line(json.root(), "recognizedPhrases"));
        return chosen == null ? List.of() : chosen;
    }

    private static void realTime(TranscriptJson json, JsonNode phrase, String at, List<Segment> words) {
        if ("Success".equals(json.text(phrase, "RecognitionStatus", at))) {
            phraseWords(json, phrase, at.isEmpty() ? "" : at.substring(0, at.length() - 1), REAL_TIME, words);
        }
    }

    /** The field names of one output shape, and how it gives a word's start and length in seconds. */
    private record Shape(String nBest, String words, String text, String word, Time start, Time length) {
    }

    @FunctionalInterface
    private interface Time {
        BigDecimal of(TranscriptJson json, JsonNode word, String path);
    }

    private static final Shape BATCH = new Shape("nBest", "words", "lexical", "word",
            (json, word, w) -> word.has("offsetInTicks") ? ticks(json, word, "offsetInTicks", w) : json.isoDuration(word, "offset", w),
            (json, word, w) -> word.has("durationInTicks") ? ticks(json, word, "durationInTicks", w) : json.isoDuration(word, "duration", w));
    private static final Shape REAL_TIME = new Shape("NBest", "Words", "Lexical", "Word",
            (json, word, w) -> ticks(json, word, "Offset", w),
            (json, word, w) -> ticks(json, word, "Duration", w));

    /** Appends the words of the phrase's best alternative; a recognised text without words means word timestamps were not requested. */
    private static void phraseWords(TranscriptJson json, JsonNode phrase, String at, Shape shape, List<Segment> out) {
        String prefix = at.isEmpty() ? "" : at + ".";
        JsonNode alternatives = phrase.has(shape.nBest()) ? json.array(phrase, shape.nBest(), prefix) : null;
        if (alternatives == null || alternatives.isEmpty()) {
            return;
        }
        JsonNode best = json.element(alternatives, 0, prefix + shape.nBest());
        at = prefix + shape.nBest() + "[0]";
        if (!best.has(shape.words())) {
            if (!best.path(shape.text()).asText("").isBlank()) {
                throw json.error(json.line(best, shape.text()), at + " has no " + shape.words() + ": request word-level timestamps");
            }
            return;
        }
        JsonNode list = json.array(best, shape.words(), at + ".");
        for (int i = 0; i < list.size(); i++) {
            String w = at + "." + shape.words() + "[" + i + "]";
            JsonNode word = json.element(list, i, at + "." + shape.words());
            BigDecimal start = shape.start().of(json, word, w + ".");
            BigDecimal end = start.add(shape.length().of(json, word, w + "."));
            out.add(json.segment(start, end, json.text(word, shape.word(), w + "."), json.line(list, i), w));
        }
    }

    private static BigDecimal ticks(TranscriptJson json, JsonNode word, String name, String path) {
        return json.decimal(word, name, path).divide(TICKS_PER_SECOND);
    }
}
