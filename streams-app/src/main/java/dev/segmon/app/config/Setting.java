package dev.segmon.app.config;

import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One monitor setting, declared once ({@link Settings}): its name, how its text is read, its
 * default, its help, and the {@link MonitorConfig.Builder} setter that validates and keeps it.
 * Every source spells it from the name: the flag {@code --NAME}, the properties-file key
 * {@code NAME}, the environment variable {@code SEGMON_NAME} (upper case, {@code _} for {@code -}).
 *
 * @param name         lower-case, dash-separated ({@code reference-max-delay})
 * @param paramLabel   the placeholder in the help ({@code SECONDS}, {@code DURATION})
 * @param help         one sentence for {@code segmon run --help}
 * @param defaultValue the value when no source gives one; null = none (the setter is not called)
 * @param parser       text to value; throws {@link IllegalArgumentException} on malformed text
 * @param show         value to the text the help prints (the inverse of {@code parser})
 * @param setter       the builder method; it validates the value
 */
public record Setting<T>(String name, String paramLabel, String help, T defaultValue,
                         Function<String, T> parser, Function<T, String> show,
                         BiConsumer<MonitorConfig.Builder, T> setter) {
    /** Prefix of the environment variables of the settings. */
    public static final String ENV_PREFIX = "SEGMON_";

    public String flag() {
        return "--" + name;
    }

    public String envName() {
        return ENV_PREFIX + name.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    /** The default as the help prints it; "none" when there is none. */
    public String defaultText() {
        return defaultValue == null ? "none" : show.apply(defaultValue);
    }

    /** Reads {@code text} and hands the value to the builder (which may reject it). */
    public void apply(MonitorConfig.Builder b, String text) {
        setter.accept(b, parser.apply(text.trim()));
    }

    void applyDefault(MonitorConfig.Builder b) {
        if (defaultValue != null) {
            setter.accept(b, defaultValue);
        }
    }
}
