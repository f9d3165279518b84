package dev.orders.core.payment;

import dev.orders.core.money.Money;
import dev.orders.core.validation.Check;
import dev.orders.core.validation.ValidationException;
import java.util.Optional;

/**
 * One event of the payment provider of a type this service acts on: {@code {id, type, created, data:
 * {orderId, paymentId, amount, currency}}}. Events of other types are acknowledged before their data is
 * read, so they never become one. The id becomes part of a key (the processed-event record), so it is a
 * safe id like every other.
 *
 * @param created   epoch seconds, as providers send it
 * @param paymentId the provider's payment (charge): the one captured, or on a refund the one refunded;
 *                  required where money moved
 * @param amount    minor units, compared with the order total: at least 1 where money moved (no provider moves
 *                  nothing), and at most {@link Money#MAX_AMOUNT}, as every amount of the service
 */
public record PaymentEvent(String id, PaymentEventType type, long created, String orderId,
                           Optional<String> paymentId, long amount, String currency) {
    /** 9999-12-31T23:59:59Z: beyond it, not a time. */
    private static final long MAX_CREATED = 253_402_300_799L;

    public PaymentEvent {
        id = Check.safeId("id", id);
        Check.required("type", type);
        Check.range("created", created, 0, MAX_CREATED);
        orderId = Check.safeId("data.orderId", orderId);
        paymentId = Check.required("data.paymentId", paymentId).map(payment -> Check.safeId("data.paymentId", payment));
        if (type.movesMoney() && paymentId.isEmpty()) {
            throw new ValidationException("data.paymentId", "is required for " + type.wireName());
        }
        Check.range("data.amount", amount, type.movesMoney() ? 1 : 0, Money.MAX_AMOUNT);
        currency = Money.currency("data.currency", currency);
    }

    /** This event, for the order {@code orderId}: one found by its payment where the provider names no order. */
    public PaymentEvent forOrder(String orderId) {
        return new PaymentEvent(id, type, created, orderId, paymentId, amount, currency);
    }
}
