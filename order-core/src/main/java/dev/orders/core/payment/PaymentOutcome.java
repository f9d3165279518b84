package dev.orders.core.payment;

import java.util.Locale;

/**
 * What became of a payment event. Every outcome is acknowledged (200) so the provider stops retrying;
 * only APPLIED changed the order. The outcome is recorded with the event id.
 */
public enum PaymentOutcome {
    /** The order moved; its OrderStatusChanged event names the provider's event. */
    APPLIED,
    /** This event id was processed before; nothing changed now. */
    DUPLICATE,
    /** Amount or currency differ from the order's; not applied, recorded for a person to look at. */
    AMOUNT_MISMATCH,
    /** The order is past the point where this event means anything (e.g. paid after cancelled). */
    NOT_APPLICABLE,
    /** No order has the event's order id. */
    ORDER_NOT_FOUND,
    /** A type this service does not act on: acknowledged before its data is read, and never recorded. */
    UNKNOWN_TYPE;

    /** As the webhook answers it: {@code amount-mismatch}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
