package dev.orders.core.order;

import java.time.Instant;

/** The order root (header): what the lifecycle moves; a feed lists its {@link OrderSummary}. */
public record Order(
        String orderId,
        String customerId,
        OrderStatus status,
        long version,
        long total,
        String currency,
        int itemCount,
        Instant createdAt,
        Instant updatedAt) {
}
