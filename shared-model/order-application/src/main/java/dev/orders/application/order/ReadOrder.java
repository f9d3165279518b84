package dev.orders.application.order;

import dev.orders.application.port.OrderReadStore;
import dev.orders.core.feed.Page;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderLine;
import java.util.Optional;

/**
 * Reading one order as a client does, strongly consistent, one request to the store each: a customer reads
 * only their own (another's is as absent as a missing one); administrators read any by its id alone.
 */
public record ReadOrder(OrderReadStore store) {
    /** The customer's order with its lines and payment issues. */
    public Optional<OrderAggregate> ofCustomer(String customerId, String orderId) {
        return store.findAggregate(customerId, orderId);
    }

    /** Any customer's order, by its id alone. */
    public Optional<OrderAggregate> byId(String orderId) {
        return store.findAggregateById(orderId);
    }

    /** One line of the customer's order. */
    public Optional<OrderLine> line(String customerId, String orderId, String itemId) {
        return store.findLine(customerId, orderId, itemId);
    }

    /** The customer's order's events, newest first, a page at a time; empty when there is no such order of theirs. */
    public Optional<Page<OrderEvent>> history(String customerId, String orderId, int limit, Optional<String> cursor) {
        return store.history(customerId, orderId, limit, cursor);
    }

    /** Any customer's order's events, by its id alone, newest first; empty when there is no such order. */
    public Optional<Page<OrderEvent>> historyById(String orderId, int limit, Optional<String> cursor) {
        return store.historyById(orderId, limit, cursor);
    }
}
