package dev.orders.core.feed;

import dev.orders.core.validation.ValidationException;

/** A cursor that was not issued by this service for this very query (tampered, truncated or reused). */
public class InvalidCursorException extends ValidationException {
    private static final long serialVersionUID = 1L;

    public InvalidCursorException() {
        super("cursor", "is not a cursor of this listing; start again without a cursor");
    }
}
