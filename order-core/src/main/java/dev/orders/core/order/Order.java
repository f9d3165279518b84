package dev.orders.core.order;

import java.time.Instant;

/**
 * The order root (header): what the lifecycle moves, with how many of its lines are in each status; a
 * feed lists its {@link OrderSummary}.
 */
public record Order(
        String orderId,
        String customerId,
        OrderStatus status,
        long version,
        long total,
        String currency,
        LineStatuses lines,
        Instant createdAt,
        Instant updatedAt) {

    public int itemCount() {
        return lines.total();
    }
}
