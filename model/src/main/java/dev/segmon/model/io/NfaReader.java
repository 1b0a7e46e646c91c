package dev.segmon.model.io;

import dev.segmon.model.alignment.Segment;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * NeMo Forced Aligner's CTM output (tools/nemo_forced_aligner, {@code utils/make_ctm_files.py}):
 * {@code <output_dir>/ctm/{words,tokens,segments}/<utt_id>.ctm}, each line {@code utt_id 1 start
 * duration text} (times to 0.01 s, spaces in a text written as {@code <space>}). One file is one
 * utterance, its id the file name without {@code .ctm}. The path may be the output folder, its
 * {@code ctm} folder, one level's folder or one file; tier {@code words} (default), {@code tokens}
 * or {@code segments} picks the level where the path leaves it open. In the tokens level the
 * blank token {@code <b>} and the {@code <space>} token are gaps, as blank TextGrid intervals;
 * elsewhere {@code <space>} is read back as a space. NFA's first releases wrote the levels
 * directly in the output folder, segments as {@code additional_segments}: read the same way.
 */
final class NfaReader {
    private static final String[] TIERS = {"words", "tokens", "segments"};
    private static final String BLANK = "<b>";
    private static final String SPACE = "<space>";
    /** The segments level's folder in NFA's first releases ({@code output_ctm_folder/additional_segments}). */
    private static final String OLD_SEGMENTS = "additional_segments";

    private NfaReader() {
    }

    /** Whether {@code dir} is an NFA output folder, its {@code ctm} folder, or a folder of {@code .ctm} files. */
    static boolean isOutputFolder(Path dir) {
        if (Files.isDirectory(dir.resolve("ctm"))) {
            return true;
        }
        for (String t : TIERS) {
            if (Files.isDirectory(dir.resolve(t))) {
                return true;
            }
        }
        return Files.isDirectory(dir) && !Folder.files(dir, ".ctm").isEmpty();
    }

    static UtteranceReader open(Path path, String tier) {
        String level = ToolTiers.choose(tier, "NeMo Forced Aligner", path.toString(), TIERS);
        Path dir = path;
        if (Files.isDirectory(path.resolve("ctm"))) {
            dir = path.resolve("ctm");
        }
        if (Files.isDirectory(dir.resolve(level))) {
            dir = dir.resolve(level);
        } else if (level.equals("segments") && Files.isDirectory(dir.resolve(OLD_SEGMENTS))) {
            dir = dir.resolve(OLD_SEGMENTS);
        }
        boolean tokens = level.equals("tokens") || Folder.utteranceId(dir).equals("tokens");
        List<Path> files = ToolFilesReader.files(dir, ".ctm");
        return new ToolFilesReader(path.toString(), files, file -> new ToolFilesReader.Opened(List.of(read(file, tokens)), () -> { }));
    }

    private static TimedWords read(Path file, boolean tokens) {
        TimedWords out = new TimedWords(Folder.utteranceId(file));
        String source = file.toString();
        try (BufferedReader in = TextInput.open(file)) {
            String text;
            long line = 0;
            while ((text = in.readLine()) != null) {
                line++;
                String trimmed = TextInput.checkDecoded(text, source, line).strip();
                if (trimmed.isEmpty() || trimmed.startsWith(";;")) {
                    continue;
                }
                Segment s = CtmReader.parse(TextInput.fields(trimmed), source, line).segment();
                String label = s.label();
                if (tokens && (label.equals(BLANK) || label.equals(SPACE))) {
                    continue;
                }
                out.timed(s.start(), s.end(), label.replace(SPACE, " "));
            }
        } catch (IOException e) {
            throw new InputException(file, 0, "cannot read: " + TextInput.describe(e));
        }
        return out;
    }
}
