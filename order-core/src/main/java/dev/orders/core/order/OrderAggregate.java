package dev.orders.core.order;

import java.util.List;
import java.util.Optional;

/** An order root with its items, read together in one Query. Items are in the order they were added. */
public record OrderAggregate(Order order, List<OrderItem> items) {
    public OrderAggregate {
        items = List.copyOf(items);
    }

    public Optional<OrderItem> item(String itemId) {
        return items.stream().filter(item -> item.itemId().equals(itemId)).findFirst();
    }
}
