package dev.segmon.app.wire;

/**
 * What an utterance, model or tier name may be: a non-empty string without the NUL character,
 * which the monitor's state keys use to join names (a record naming one is refused as
 * {@code missing_field}).
 */
public final class Names {
    public static final char SEPARATOR = '\u0000';

    private Names() {
    }

    public static boolean valid(String s) {
        return s != null && !s.isEmpty() && s.indexOf(SEPARATOR) < 0;
    }
}
