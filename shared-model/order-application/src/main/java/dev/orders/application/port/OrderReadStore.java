package dev.orders.application.port;

import dev.orders.core.feed.Page;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderLine;
import java.util.Optional;

/**
 * Reads of one customer's order, strongly consistent, each one request to the store. Another customer's
 * order is as absent as a missing one; the reads by id alone are the administrators'.
 */
public interface OrderReadStore {
    /** The order with its lines and payment issues. */
    Optional<OrderAggregate> findAggregate(String customerId, String orderId);

    /** Any customer's order, by id alone: for administrators and support tools. */
    Optional<OrderAggregate> findAggregateById(String orderId);

    Optional<OrderLine> findLine(String customerId, String orderId, String itemId);

    /** The order's events newest first, a page at a time; empty when the order does not exist or is someone else's. */
    Optional<Page<OrderEvent>> history(String customerId, String orderId, int limit, Optional<String> cursor);

    /** Any customer's order's events, by order id alone, newest first: for administrators; empty when it does not exist. */
    Optional<Page<OrderEvent>> historyById(String orderId, int limit, Optional<String> cursor);
}
