package dev.orders.application.port;

/**
 * The store refused a write because another transaction touched the same items at the same moment
 * (TransactionConflict); a {@link Transaction} throws it only when its own retries kept conflicting.
 * Nothing was written; the request may be retried, after reading again what it decided on.
 */
public class WriteConflictException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public WriteConflictException(String message, Throwable cause) {
        super(message, cause);
    }
}
