package dev.segmon.app.cli.support;

/** A bad combination of options that picocli cannot see by itself: exit status 2, one line. */
public final class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message, null, false, false);
    }
}
