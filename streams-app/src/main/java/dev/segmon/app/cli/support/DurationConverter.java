package dev.segmon.app.cli.support;

import dev.segmon.app.config.Parsers;
import java.time.Duration;
import picocli.CommandLine;

/**
 * Reads every {@link Duration} option ({@code 90s}, {@code 2m}, {@code 24h}, {@code PT1H}, plain
 * seconds; {@link Parsers#duration}), else picocli's usage error (exit 2). Registered once, for
 * the type, by {@link SegmonCommand#commandLine}.
 */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String text) {
        try {
            return Parsers.duration(text);
        } catch (RuntimeException e) {
            throw new CommandLine.TypeConversionException("'" + text + "' is not a duration >= 0 such as 90s, 2m, 1h or PT2M");
        }
    }
}
