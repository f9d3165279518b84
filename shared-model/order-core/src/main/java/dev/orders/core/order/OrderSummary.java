package dev.orders.core.order;

import java.time.Instant;

/**
 * A feed entry: what a feed lists of an order. It leaves out {@code version} and {@code updatedAt},
 * which move with every change and would make every change rewrite the feeds' indexes.
 */
public record OrderSummary(
        String orderId,
        String customerId,
        OrderStatus status,
        long total,
        String currency,
        int itemCount,
        Instant createdAt) {
}
