package dev.segmon.model.io;

import java.nio.file.Path;

/** Opens any alignment input of docs/contract.md 2.6 as a stream of utterances. */
public final class UtteranceReaders {
    private UtteranceReaders() {
    }

    /**
     * The reader for {@code path}: the format named in {@code options}, else the one its
     * extension gives ({@link AlignmentFormat#detect}).
     */
    public static UtteranceReader open(Path path, ReadOptions options) {
        AlignmentFormat format = options.format() != null ? options.format() : AlignmentFormat.detect(path);
        return switch (format) {
            case JSONL -> new JsonlReader(path.toString(), TextInput.open(path));
            case TEXTGRID -> TextGridReader.open(path, options.tier());
            case CTM -> CtmReader.open(path);
            case ALIGNMENT -> AlignmentLinesReader.open(path);
            case AWS -> AwsTranscribeReader.open(path, options.tier());
            case GOOGLE -> GoogleSpeechReader.open(path, options.tier());
            case AZURE -> AzureSpeechReader.open(path, options.tier());
            case DEEPGRAM -> DeepgramReader.open(path, options.tier());
            case ASSEMBLYAI -> AssemblyAiReader.open(path, options.tier());
        };
    }
}
