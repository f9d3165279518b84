package dev.orders.core.order;

import java.time.Instant;

/**
 * One immutable event of an order's log: the change that produced {@code version}, when ({@code at})
 * and by whom ({@code by}). Every change of an order is exactly one event and one version; the log
 * is the service's public contract (docs/EVENTS.md).
 */
public record OrderEvent(String orderId, String customerId, long version, Instant at, String by, OrderChange change) {
    public String type() {
        return change.type();
    }

    /** Version 1 of {@code placed}, an order as placed ({@link NewOrder#place}), by {@code by}. */
    public static OrderEvent created(OrderAggregate placed, String by) {
        Order root = placed.order();
        return new OrderEvent(root.orderId(), root.customerId(), 1, root.createdAt(), by,
                OrderChange.OrderCreated.of(placed));
    }
}
