package dev.orders.core.payment;

import dev.orders.core.order.Money;
import dev.orders.core.validation.Check;
import dev.orders.core.validation.ValidationException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One event of the payment provider: {@code {id, type, created, data: {orderId, amount, currency}}}.
 * The id becomes part of a key (the processed-event record), so it is a safe id like every other.
 *
 * @param created epoch seconds, as providers send it
 * @param amount  minor units, compared with the order total
 */
public record PaymentEvent(String id, String type, long created, String orderId, long amount, String currency) {
    /** Dotted lower-case names such as payment.succeeded; anything else is not a type at all. */
    private static final Pattern TYPE = Pattern.compile("[a-z][a-z0-9_]{0,40}(\\.[a-z0-9_]{1,40}){0,4}");
    /** 9999-12-31T23:59:59Z: beyond it, not a time. */
    private static final long MAX_CREATED = 253_402_300_799L;

    public PaymentEvent {
        id = Check.safeId("id", id);
        if (type == null || type.isEmpty()) {
            throw new ValidationException("type", "is required");
        }
        if (!TYPE.matcher(type).matches()) {
            throw new ValidationException("type", "must be an event type such as payment.succeeded");
        }
        Check.range("created", created, 0, MAX_CREATED);
        orderId = Check.safeId("data.orderId", orderId);
        Check.range("data.amount", amount, 0, Long.MAX_VALUE);
        currency = Money.currency("data.currency", currency);
    }

    /** Empty for a type this service does not act on. */
    public Optional<PaymentEventType> knownType() {
        return PaymentEventType.of(type);
    }
}
