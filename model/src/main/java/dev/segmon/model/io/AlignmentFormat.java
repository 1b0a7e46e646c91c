package dev.segmon.model.io;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The alignment formats of docs/contract.md 2.6, detected by extension unless named; a
 * {@code .json} file or a folder is also told by its content ({@link UtteranceReaders#detect}).
 * A recogniser's JSON format is one constant here and one line in {@code JsonTools.ALL}.
 */
public enum AlignmentFormat {
    /** {@code {"id": "u1", "segments": [...]}} or {@code {"id": "u1", "boundaries": [...]}} per line. */
    JSONL,
    /** Praat TextGrid, short or long text format, a file or a folder of {@code .TextGrid} files. */
    TEXTGRID,
    /** NIST CTM: {@code utt channel start duration token [confidence]}. */
    CTM,
    /** {@code file onset offset symbol} lines ({@code .phn}, {@code .wrd}, {@code .ali}). */
    ALIGNMENT,
    /** Amazon Transcribe JSON results, a file or a folder of them. */
    AWS,
    /** Google Cloud Speech-to-Text JSON results (v1 and v2), a file or a folder of them. */
    GOOGLE,
    /** Azure AI Speech JSON results (batch transcription or real-time detailed), a file or a folder of them. */
    AZURE,
    /** Deepgram JSON responses, a file or a folder of them. */
    DEEPGRAM,
    /** AssemblyAI transcript JSON, a file or a folder of them. */
    ASSEMBLYAI,
    /** openai-whisper JSON with word timestamps: {@code segments[].words[]} (WhisperReader). */
    WHISPER,
    /** WhisperX JSON: {@code segments[].words[]} and {@code word_segments} (WhisperXReader). */
    WHISPERX,
    /** NeMo timestamps: a transcribe_speech.py manifest or a saved {@code hypothesis.timestamp} (NemoReader). */
    NEMO,
    /** NeMo Forced Aligner's output folder of per-utterance CTMs (NfaReader). */
    NFA,
    /** Vosk recognizer results with {@code SetWords(true)}, one or a stream (VoskReader). */
    VOSK,
    /** Gentle's forced-alignment JSON (GentleReader). */
    GENTLE;

    /** The format by extension: {@code .jsonl}, {@code .TextGrid} (or a folder), {@code .ctm}, else alignment lines. */
    public static AlignmentFormat detect(Path path) {
        String name = path.getFileName() == null ? "" : path.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".jsonl") || name.endsWith(".json")) {
            return JSONL;
        }
        if (name.endsWith(".textgrid") || Files.isDirectory(path)) {
            return TEXTGRID;
        }
        if (name.endsWith(".ctm")) {
            return CTM;
        }
        return ALIGNMENT;
    }

    /** The {@code --format} value that names this format. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Every {@code --format} value, for help and error messages. */
    public static String cliNames() {
        return java.util.Arrays.stream(values()).map(AlignmentFormat::cliName).collect(java.util.stream.Collectors.joining(", "));
    }

    /** Parses a {@code --format} value. */
    public static AlignmentFormat parse(String name) {
        return valueOf(name.trim().toUpperCase(Locale.ROOT));
    }
}
