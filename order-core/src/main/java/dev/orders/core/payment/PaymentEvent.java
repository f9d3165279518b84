package dev.orders.core.payment;

import dev.orders.core.order.Money;
import dev.orders.core.validation.Check;

/**
 * One event of the payment provider of a type this service acts on: {@code {id, type, created, data:
 * {orderId, amount, currency}}}. Events of other types are acknowledged before their data is read, so
 * they never become one. The id becomes part of a key (the processed-event record), so it is a safe id
 * like every other.
 *
 * @param created epoch seconds, as providers send it
 * @param amount  minor units, compared with the order total
 */
public record PaymentEvent(String id, PaymentEventType type, long created, String orderId, long amount,
                           String currency) {
    /** 9999-12-31T23:59:59Z: beyond it, not a time. */
    private static final long MAX_CREATED = 253_402_300_799L;

    public PaymentEvent {
        id = Check.safeId("id", id);
        Check.required("type", type);
        Check.range("created", created, 0, MAX_CREATED);
        orderId = Check.safeId("data.orderId", orderId);
        Check.range("data.amount", amount, 0, Long.MAX_VALUE);
        currency = Money.currency("data.currency", currency);
    }
}
