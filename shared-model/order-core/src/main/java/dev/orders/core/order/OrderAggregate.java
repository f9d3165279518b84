package dev.orders.core.order;

import java.util.List;
import java.util.Optional;

/**
 * An order root with its items and its payment issues, read together in one Query. Items are in the
 * order they were added; issues by the provider's event id.
 */
public record OrderAggregate(Order order, List<OrderLine> items, List<PaymentIssue> paymentIssues) {
    public OrderAggregate {
        items = List.copyOf(items);
        paymentIssues = List.copyOf(paymentIssues);
    }

    public Optional<OrderLine> item(String itemId) {
        return items.stream().filter(item -> item.itemId().equals(itemId)).findFirst();
    }
}
