package dev.segmon.app.cli.support;

import dev.segmon.model.boundary.Tolerances;
import picocli.CommandLine;

/** Reads {@code --tolerance}: one number of seconds, or per tier ({@code words=0.2,phones=0.02}); else a usage error (exit 2). */
public final class TolerancesConverter implements CommandLine.ITypeConverter<Tolerances> {
    @Override
    public Tolerances convert(String text) {
        try {
            return Tolerances.parse(text);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
