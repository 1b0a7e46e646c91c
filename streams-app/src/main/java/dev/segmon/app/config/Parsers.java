package dev.segmon.app.config;

import dev.segmon.model.Seconds;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Text to value for the settings' types, and back for the help. Malformed text throws {@link IllegalArgumentException}. */
public final class Parsers {
    private Parsers() {
    }

    private static final String[] UNITS = {"d", "h", "m", "s", "ms"};
    private static final long[] UNIT_MILLIS = {86_400_000L, 3_600_000L, 60_000L, 1000L, 1L};

    /** A finite number of seconds >= 0 ({@code 0.02}). */
    public static double seconds(String text) {
        return Seconds.nonNegative(Double.parseDouble(text.trim()), "seconds");
    }

    /** {@code 24h}, {@code 90s}, {@code 500ms}, {@code 15m}, {@code 2d}, ISO-8601 ({@code PT1H}) or plain seconds; >= 0. */
    public static Duration duration(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.startsWith("p")) {
            Duration d = Duration.parse(t.toUpperCase(Locale.ROOT));
            if (d.isNegative()) {
                throw new IllegalArgumentException("not a duration >= 0");
            }
            return d;
        }
        // "ms" before "s" and "m": the longest unit spelling that ends the text wins.
        for (String unit : new String[] {"ms", "d", "h", "m", "s"}) {
            if (t.endsWith(unit)) {
                long perUnit = UNIT_MILLIS[Arrays.asList(UNITS).indexOf(unit)];
                return millis(Double.parseDouble(t.substring(0, t.length() - unit.length()).trim()) * perUnit);
            }
        }
        return millis(Double.parseDouble(t) * 1000);
    }

    private static Duration millis(double millis) {
        return Duration.ofMillis(Math.round(Seconds.nonNegative(millis, "duration")));
    }

    /** The shortest spelling {@link #duration} reads back, in hours at most: {@code 24h}, {@code 10s}, {@code 1500ms}. */
    public static String durationText(Duration d) {
        long ms = d.toMillis();
        for (int i = 1; i < UNITS.length; i++) {
            if (ms % UNIT_MILLIS[i] == 0 && (ms != 0 || i == UNITS.length - 2)) {
                return ms / UNIT_MILLIS[i] + UNITS[i];
            }
        }
        return ms + "ms";
    }

    /** {@code true|yes|1} or {@code false|no|0}, any case. */
    public static boolean bool(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "1" -> true;
            case "false", "no", "0" -> false;
            default -> throw new IllegalArgumentException("not a boolean (true or false)");
        };
    }

    /** Comma-separated names; blanks dropped, so the empty text is the empty list. */
    public static List<String> names(String text) {
        return Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
