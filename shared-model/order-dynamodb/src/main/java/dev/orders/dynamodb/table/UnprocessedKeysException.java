package dev.orders.dynamodb.table;

/**
 * DynamoDB left keys of a BatchGetItem unprocessed on every attempt: the table is throttling (or the
 * answer outgrew one response each time). Nothing was decided from the partial read; worth retrying shortly.
 */
public class UnprocessedKeysException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UnprocessedKeysException(String message) {
        super(message);
    }
}
