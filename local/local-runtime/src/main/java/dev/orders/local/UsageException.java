package dev.orders.local;

/** Bad usage of ./sam-local: reported as one line, exit code 2, no stack trace. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
