package dev.orders.application.payment;

import dev.orders.application.port.PaymentIssueStore;
import dev.orders.core.feed.ListingOrder;
import dev.orders.core.feed.Page;
import dev.orders.core.order.OpenPaymentIssue;
import java.util.Optional;

/**
 * The open payment issues of every order (and of order ids that name none), newest or oldest first (the back office's
 * queue), a page at a time.
 */
public record ListPaymentIssues(PaymentIssueStore store) {
    public Page<OpenPaymentIssue> open(ListingOrder order, int limit, Optional<String> cursor) {
        return store.open(order, limit, cursor);
    }
}
