package dev.orders.dynamodb.table;

/**
 * DynamoDB cancelled a transaction because another transaction touched the same items at the same
 * moment (TransactionConflict). Nothing was written; the request may be retried as it is.
 */
public class WriteConflictException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public WriteConflictException(String message, Throwable cause) {
        super(message, cause);
    }
}
