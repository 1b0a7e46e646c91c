package dev.segmon.app.metrics.http;

/**
 * A request the port refuses as malformed, thrown from any handler: answered with its status (400
 * unless said) and {@code {"error": message}}, never as an internal error.
 */
public final class BadRequest extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;

    public BadRequest(String message) {
        this(400, message);
    }

    public BadRequest(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
