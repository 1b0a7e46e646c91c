package dev.segmon.app.cli.support;

import dev.segmon.app.config.Parsers;
import picocli.CommandLine;

/**
 * Reads an option given in seconds (a tolerance, a jitter): a finite number >= 0, else picocli's
 * usage error (exit 2). Named per option ({@code converter = SecondsConverter.class}) because
 * not every double option is a length of time; {@link DurationConverter} is registered for every
 * {@link java.time.Duration} option instead.
 */
public final class SecondsConverter implements CommandLine.ITypeConverter<Double> {
    @Override
    public Double convert(String text) {
        try {
            return Parsers.seconds(text);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException("'" + text + "' is not a finite number of seconds >= 0");
        }
    }
}
