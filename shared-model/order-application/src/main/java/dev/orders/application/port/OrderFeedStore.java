package dev.orders.application.port;

import dev.orders.core.feed.FeedRequest;
import dev.orders.core.feed.Page;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderSummary;

/** Lists of orders, newest first, a page at a time behind an opaque cursor; eventually consistent. */
public interface OrderFeedStore {
    Page<OrderSummary> customerTimeline(String customerId, FeedRequest request);

    Page<OrderSummary> customerStatusFeed(String customerId, OrderStatus status, FeedRequest request);

    Page<OrderSummary> statusFeed(OrderStatus status, FeedRequest request);

    Page<OrderSummary> recentOrders(FeedRequest request);
}
