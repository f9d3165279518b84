package dev.orders.core.payment;

import java.util.Locale;

/**
 * What became of a payment event. Every outcome is acknowledged (200) so the provider stops retrying;
 * APPLIED and PAYMENT_ISSUE recorded the money: on the order with one event, or in the partition of an order
 * id that names no order. The outcome is recorded with the event id.
 */
public enum PaymentOutcome {
    /** The order took the event (a capture, a refund, a failed attempt); its event names the provider's. */
    APPLIED,
    /** The order could not take the money the event moved: a payment issue is recorded on it. */
    PAYMENT_ISSUE,
    /** This event was processed before, or the payment it captured was taken already; nothing changed now. */
    DUPLICATE,
    /** The event moved no money and means nothing to the order as it is (a failed attempt after checkout, or for an order without lines). */
    NOT_APPLICABLE,
    /** No order has the id of a failed attempt, which moved no money (money for an unknown order is an issue). */
    ORDER_NOT_FOUND,
    /** A type this service does not act on: acknowledged before its data is read, and never recorded. */
    UNKNOWN_TYPE;

    /** APPLIED or PAYMENT_ISSUE: the event's money is recorded, so its processed record is kept for good. */
    public boolean recordedTheMoney() {
        return this == APPLIED || this == PAYMENT_ISSUE;
    }

    /** As the webhook answers it: {@code payment-issue}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
