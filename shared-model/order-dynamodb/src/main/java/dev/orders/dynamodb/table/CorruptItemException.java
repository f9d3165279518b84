package dev.orders.dynamodb.table;

/**
 * An item in the table that is not what its key says it is: another entity type, or a missing or
 * malformed attribute. A fault of the data, never of the client; handlers answer 500 and log it.
 */
public class CorruptItemException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CorruptItemException(String message) {
        super(message);
    }
}
