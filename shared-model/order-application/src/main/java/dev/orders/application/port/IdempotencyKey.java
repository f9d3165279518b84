package dev.orders.application.port;

import dev.orders.core.validation.ValidationException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A client's Idempotency-Key: it names one change a customer asked for, on whichever route. Its record
 * ({@link ProcessedRequest}) joins the transaction of the change and keeps the fingerprint of the request
 * and what its answer needs, so a retry answers as the first request did.
 */
public record IdempotencyKey(String customerId, String value) {
    private static final Pattern VALID = Pattern.compile("[\\x21-\\x7E]{1,128}");

    /** The key the client sent, if any; refused unless it is 1 to 128 visible ASCII characters. */
    public static Optional<IdempotencyKey> of(String customerId, Optional<String> header) {
        header.ifPresent(value -> {
            if (!VALID.matcher(value).matches()) {
                throw new ValidationException("Idempotency-Key", "must be 1 to 128 visible ASCII characters");
            }
        });
        return header.map(value -> new IdempotencyKey(customerId, value));
    }
}
