package dev.segmon.model.io;

import dev.segmon.model.alignment.Segment;
import java.nio.file.Path;

/**
 * NIST CTM (sclite's "time marked conversation" format): {@code utt channel start duration token
 * [confidence]} per line, {@code ;;} comment lines and blank lines skipped. A line is the segment
 * [start, start + duration]; the sum is rounded to the microsecond grid later (Micros), so that
 * {@code 0.1 + 0.2} ends where a word starting at {@code 0.3} begins. The channel and the
 * confidence are not used; fields after the confidence are ignored.
 */
final class CtmReader {
    private CtmReader() {
    }

    static UtteranceReader open(Path path) {
        return new KeyedLineReader(path.toString(), TextInput.open(path), CtmReader::parse, ";;");
    }

    static KeyedLineReader.Line parse(String[] f, String file, long line) {
        if (f.length < 5) {
            throw new InputException(file, line, "expected 'utterance channel start duration token [confidence]', found "
                    + f.length + " field" + (f.length == 1 ? "" : "s"));
        }
        double start = Times.parse(f[2], "start", file, line);
        double duration = Times.parse(f[3], "duration", file, line);
        return new KeyedLineReader.Line(f[0], new Segment(start, start + duration, f[4]));
    }
}
