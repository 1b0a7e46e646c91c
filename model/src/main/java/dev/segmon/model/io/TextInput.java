package dev.segmon.model.io;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Opens text inputs the way every reader needs them: the encoding taken from a byte-order mark
 * (UTF-8, UTF-16 BE or LE; Praat writes UTF-16 BE with a BOM when a label is not ASCII, MFA and
 * Windows tools write UTF-16 LE), else from a zero byte in the first two (UTF-16 without a BOM),
 * else UTF-8; the BOM itself is skipped. Bytes that are not valid in that encoding decode to
 * U+FFFD, which the readers report at its line ({@link #checkDecoded}), so that a Latin-1 file
 * fails loudly instead of scoring mangled labels. (A strict decoder would fail on its read-ahead
 * buffer, lines before the bad byte, and could not name the line.)
 */
final class TextInput {
    private TextInput() {
    }

    /** A reader over the decoded text of {@code path}; {@link InputException} "cannot read: ..." if it cannot be opened. */
    static BufferedReader open(Path path) {
        if (!Files.exists(path)) {
            throw new InputException(path, 0, "cannot read: no such file or directory");
        }
        if (Files.isDirectory(path)) {
            throw new InputException(path, 0, "cannot read: is a directory");
        }
        InputStream raw = null;
        try {
            raw = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
            raw.mark(3);
            int b0 = raw.read();
            int b1 = raw.read();
            int b2 = raw.read();
            raw.reset();
            Charset charset = StandardCharsets.UTF_8;
            long skip = 0;
            if (b0 == 0xEF && b1 == 0xBB && b2 == 0xBF) {
                skip = 3;
            } else if (b0 == 0xFE && b1 == 0xFF) {
                charset = StandardCharsets.UTF_16BE;
                skip = 2;
            } else if (b0 == 0xFF && b1 == 0xFE) {
                charset = StandardCharsets.UTF_16LE;
                skip = 2;
            } else if (b0 == 0 && b1 > 0) {
                charset = StandardCharsets.UTF_16BE;
            } else if (b0 > 0 && b1 == 0) {
                charset = StandardCharsets.UTF_16LE;
            }
            raw.skipNBytes(skip);
            return new BufferedReader(new InputStreamReader(raw, charset.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)), 1 << 16);
        } catch (IOException e) {
            closeQuietly(raw);
            throw new InputException(path, 0, "cannot read: " + describe(e));
        }
    }

    /** The character an undecodable byte sequence becomes. */
    static final char INVALID = '\uFFFD';

    /** {@code text} itself, or bad input at {@code file:line} when it holds an undecodable byte. */
    static String checkDecoded(String text, String file, long line) {
        if (text.indexOf(INVALID) >= 0) {
            throw invalid(file, line);
        }
        return text;
    }

    static InputException invalid(String file, long line) {
        return new InputException(file, line, "not valid UTF-8 or UTF-16 text (save the file as UTF-8)");
    }

    /** A short human description of an I/O failure, for "cannot read: ..." messages. */
    static String describe(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static void closeQuietly(InputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // already failing with a better message
            }
        }
    }
}
