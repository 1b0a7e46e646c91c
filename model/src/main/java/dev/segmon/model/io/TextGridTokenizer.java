package dev.segmon.model.io;

import java.io.IOException;
import java.io.Reader;

/**
 * The tokens of a Praat text TextGrid, the same for the long ("ooTextFile") and the short
 * ("ooTextFile short", or long without the names) formats: numbers, quoted strings and the
 * {@code <exists>}/{@code <absent>} flags, each with the line it starts on. Everything Praat's
 * own reader skips is skipped here too: the {@code key =} names, {@code [n]} indices, the
 * {@code :} and {@code ?} after names, and {@code !} comments to the end of the line. Inside a
 * string a doubled quote {@code ""} stands for one quote and newlines are part of the text
 * (Praat's text serialisation, praat/sys/melder_readtext.cpp).
 */
final class TextGridTokenizer {

    enum Kind { NUMBER, STRING, FLAG, END }

    /** One token; {@code text} is the number's digits, the string's content or the flag's word. */
    record Token(Kind kind, String text, long line) {
    }

    private final Reader in;
    private final String file;
    private final char[] buffer = new char[1 << 14]; // own buffer: Reader.read() per char takes a lock each time
    private int position;
    private int limit;
    private long line = 1;
    private int peeked = -2;
    private boolean afterCr;
    private boolean sawText;

    TextGridTokenizer(Reader in, String file) {
        this.in = in;
        this.file = file;
    }

    /** Whether anything but white space was read (to tell an empty file from one of bare words). */
    boolean sawText() {
        return sawText;
    }

    /** The current line (where the next token would start, or the last line at the end). */
    long line() {
        return line;
    }

    Token next() {
        while (true) {
            int c = read();
            if (c < 0) {
                return new Token(Kind.END, "", line);
            }
            if (Character.isWhitespace(c) || c == '\uFEFF') {
                continue;
            }
            sawText = true;
            if (c == '!') {
                skipComment();
                continue;
            }
            if (c == '[') {
                skipUntil(']');
                continue;
            }
            if (c == '"') {
                return string();
            }
            long start = line;
            String word = word(c);
            if (word.equals("<exists>") || word.equals("<absent>")) {
                return new Token(Kind.FLAG, word, start);
            }
            char first = word.charAt(0);
            if (Character.isDigit(first) || first == '-' || first == '+' || first == '.'
                    || word.equalsIgnoreCase("nan") || word.equalsIgnoreCase("inf") || word.equals("--undefined--")) {
                return new Token(Kind.NUMBER, word, start);
            }
            // a name such as xmin, "tiers?", "intervals:", "=", "item": Praat skips it, so do we
        }
    }

    private Token string() {
        long start = line;
        StringBuilder s = new StringBuilder();
        while (true) {
            int c = read();
            if (c < 0) {
                throw new InputException(file, start, "truncated file: the string opened here has no closing quote");
            }
            if (c == '"') {
                int d = peek();
                if (d != '"') {
                    return new Token(Kind.STRING, s.toString(), start);
                }
                read();
            }
            s.append((char) c);
        }
    }

    private String word(int first) {
        StringBuilder s = new StringBuilder().appendCodePoint(first);
        int c;
        while ((c = peek()) >= 0 && !Character.isWhitespace(c) && c != '"' && c != '!' && c != '[') {
            s.append((char) read());
        }
        return s.toString();
    }

    private void skipComment() {
        int c;
        while ((c = peek()) >= 0 && c != '\n' && c != '\r') {
            read();
        }
    }

    private void skipUntil(char end) {
        int c;
        while ((c = read()) >= 0 && c != end) {
            // an index such as [1] or []
        }
    }

    private int peek() {
        if (peeked == -2) {
            peeked = rawRead();
        }
        return peeked;
    }

    /** The next char, counting lines: LF, CRLF and a lone CR each end one line. */
    private int read() {
        int c = peek();
        peeked = -2;
        if (c == '\n') {
            if (!afterCr) {
                line++;
            }
            afterCr = false;
        } else if (c == '\r') {
            line++;
            afterCr = true;
        } else {
            afterCr = false;
            if (c == TextInput.INVALID) {
                throw TextInput.invalid(file, line);
            }
        }
        return c;
    }

    private int rawRead() {
        try {
            while (position == limit) {
                int n = in.read(buffer, 0, buffer.length);
                if (n < 0) {
                    return -1;
                }
                position = 0;
                limit = n;
            }
            return buffer[position++];
        } catch (IOException e) {
            throw new InputException(file, line, "cannot read: " + TextInput.describe(e));
        }
    }
}
