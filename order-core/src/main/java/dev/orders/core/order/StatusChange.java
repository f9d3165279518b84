package dev.orders.core.order;

import java.time.Instant;
import java.util.Optional;

/**
 * One immutable row of an order's status history: the change that produced {@code version}.
 * Version 1 records the creation, so it has no {@code from} status.
 */
public record StatusChange(
        String orderId,
        String customerId,
        long version,
        Optional<OrderStatus> from,
        OrderStatus to,
        Instant changedAt,
        String changedBy,
        Optional<String> reason,
        Optional<String> eventId) {
}
