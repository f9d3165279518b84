package dev.orders.application.port;

import dev.orders.core.feed.ListingOrder;
import dev.orders.core.feed.Page;
import dev.orders.core.order.OpenPaymentIssue;
import java.util.Optional;

/** The open payment issues of every order (and of order ids that name none), for administrators: newest or oldest first, a page at a time. */
public interface PaymentIssueStore {
    Page<OpenPaymentIssue> open(ListingOrder order, int limit, Optional<String> cursor);
}
