package dev.orders.core.order;

import java.time.Instant;

/**
 * An order awaiting payment since {@code since}, the moment it moved into a status with a payment window
 * ({@link OrderStatus#hasPaymentWindow()}): what the payment window's sweep finds, and closes once the window has ended.
 */
public record AwaitingPayment(String orderId, Instant since) {
    public AwaitingPayment {
        orderId = Ids.orderId(orderId);
        if (since == null) {
            throw new IllegalArgumentException("an order awaits payment since some time");
        }
    }
}
