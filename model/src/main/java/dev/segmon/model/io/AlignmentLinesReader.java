package dev.segmon.model.io;

import dev.segmon.model.alignment.Segment;
import java.nio.file.Path;

/**
 * {@code file onset offset symbol} alignments, times in seconds: ZeroSpeech gold {@code .phn}
 * and {@code .wrd}, Kaldi-style {@code .ali} exports. The symbol is optional (a line of three
 * fields is an unlabelled segment, as ZeroSpeech {@code .vad} and class-file intervals are), and
 * any fields after it are ignored. {@code offset < onset} is bad input; {@code offset == onset}
 * is a zero-length segment.
 */
final class AlignmentLinesReader {
    private AlignmentLinesReader() {
    }

    static UtteranceReader open(Path path) {
        return new KeyedLineReader(path.toString(), TextInput.open(path), AlignmentLinesReader::parse, null);
    }

    private static KeyedLineReader.Line parse(String[] f, String file, long line) {
        if (f.length < 3) {
            throw new InputException(file, line, "expected 'file onset offset [symbol]', found "
                    + f.length + " field" + (f.length == 1 ? "" : "s"));
        }
        double onset = Times.parse(f[1], "onset", file, line);
        double offset = Times.parse(f[2], "offset", file, line);
        if (offset < onset) {
            throw new InputException(file, line, "offset before onset (" + f[2] + " < " + f[1] + ")");
        }
        return new KeyedLineReader.Line(f[0], new Segment(onset, offset, f.length > 3 ? f[3] : ""));
    }
}
