package dev.orders.core.order;

import java.util.List;

/** An order root with its items, read together in one Query. Items are in the order they were added. */
public record OrderAggregate(Order order, List<OrderItem> items) {
    public OrderAggregate {
        items = List.copyOf(items);
    }
}
