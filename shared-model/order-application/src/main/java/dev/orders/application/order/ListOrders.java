package dev.orders.application.order;

import dev.orders.application.port.OrderFeedStore;
import dev.orders.core.feed.FeedRequest;
import dev.orders.core.feed.Page;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderSummary;
import java.util.Optional;

/** Lists of orders, newest first, a page at a time behind an opaque cursor, in a status if one is asked for. */
public record ListOrders(OrderFeedStore store) {
    /** One customer's orders. */
    public Page<OrderSummary> ofCustomer(String customerId, Optional<OrderStatus> status, FeedRequest request) {
        return status.isPresent() ? store.customerStatusFeed(customerId, status.get(), request)
                : store.customerTimeline(customerId, request);
    }

    /** Every customer's orders: the back office's. */
    public Page<OrderSummary> all(Optional<OrderStatus> status, FeedRequest request) {
        return status.isPresent() ? store.statusFeed(status.get(), request) : store.recentOrders(request);
    }
}
