package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;

/**
 * NeMo ASR timestamps ({@code transcribe(..., timestamps=True)}; NeMo's ASR docs, "Obtain
 * timestamps"), in either of the two forms NeMo's own tools save:
 * <ul>
 * <li>the output manifest of {@code examples/asr/transcribe_speech.py} with timestamps on, one
 * JSON object per line with {@code "audio_filepath"}, {@code "pred_text"} and
 * {@code "timestamps_word"}, {@code "timestamps_segment"}, {@code "timestamps_char"}
 * (nemo/collections/asr/parts/utils/transcribe_utils.py, {@code write_transcription}); each line is
 * one utterance, its id the audio file name without its extension;</li>
 * <li>a hypothesis' {@code timestamp} dictionary saved as JSON, {@code {"word": [...], "segment":
 * [...], "char": [...]}}: one recording, its id the file name without the extension.</li>
 * </ul>
 * An entry is {@code {"word": "hello", "start": 0.32, "end": 0.56, "start_offset": 4, "end_offset":
 * 7}} (the label under {@code "segment"} or {@code "char"} in the other tiers; a character may be a
 * list of tokens, joined). Tier {@code word} (default), {@code segment} or {@code char}. Times are
 * the seconds NeMo writes in {@code "start"}, {@code "end"}; an entry with frame offsets only is
 * refused, since their length in seconds depends on the model (window stride times subsampling).
 */
final class NemoReader {
    private static final String[] TIERS = {"word", "segment", "char"};

    private NemoReader() {
    }

    /** A manifest line with {@code timestamps_*} lists, or a timestamp dictionary ({@code "word": [{"word": ...}]}). */
    static boolean recognises(JsonNode root) {
        for (String t : TIERS) {
            if (root.path("timestamps_" + t).isArray() || root.path(t).path(0).has(t)) {
                return true;
            }
        }
        return false;
    }

    /** The file's utterances, one per root value, each read when it is asked for. */
    static Iterable<TimedWords> read(TranscriptJson json, String fileId, String tier) {
        String unit = ToolTiers.choose(tier, "NeMo", json.source(), TIERS);
        Iterable<JsonNode> values = json.values();
        return () -> new Iterator<>() {
            private final Iterator<JsonNode> it = values.iterator();
            private String nameless = fileId;

            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public TimedWords next() {
                TimedWords u = utterance(json, it.next(), unit, nameless);
                nameless = null;
                return u;
            }
        };
    }

    private static TimedWords utterance(TranscriptJson json, JsonNode value, String unit, String fileId) {
        JsonNode root = json.object(value, value, "a NeMo manifest line or timestamp dictionary");
        boolean manifest = root.has("audio_filepath") || root.has("timestamps_" + unit) || root.has("pred_text");
        String key = manifest ? "timestamps_" + unit : unit;
        TimedWords utterance = new TimedWords(id(json, root, fileId));
        if (!JsonDocument.has(root, key)) {
            throw json.error(root, "no \"" + key + "\" list: transcribe with timestamps=True"
                    + (unit.equals("word") ? "" : " (or choose another --tier)"));
        }
        List<JsonNode> entries = json.objects(root, key, "the " + (manifest ? "manifest line" : "timestamp dictionary"));
        for (int i = 0; i < entries.size(); i++) {
            String what = unit + " " + i;
            JsonNode entry = entries.get(i);
            if (!entry.has("start") && !entry.has("end") && entry.has("start_offset")) {
                throw json.error(entry, "start_offset", what + " has frame offsets only: segmon needs \"start\" and \"end\""
                        + " in seconds (multiply the offsets by the model's window stride and subsampling factor)");
            }
            utterance.add(json, entry, unit, what, false);
        }
        return utterance;
    }

    /** The manifest line's audio file name without extension; else the JSON file's own name (its first value only). */
    private static String id(TranscriptJson json, JsonNode root, String fileId) {
        String audio = json.label(root, "audio_filepath", "the manifest line");
        if (!audio.isEmpty()) {
            String name = audio.substring(Math.max(audio.lastIndexOf('/'), audio.lastIndexOf('\\')) + 1);
            int dot = name.lastIndexOf('.');
            return dot > 0 ? name.substring(0, dot) : name;
        }
        if (fileId == null) {
            throw json.error(root, "a manifest line without \"audio_filepath\": the utterance has no name");
        }
        return fileId;
    }
}
