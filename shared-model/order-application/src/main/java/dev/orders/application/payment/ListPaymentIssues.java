package dev.orders.application.payment;

import dev.orders.application.port.PaymentIssueStore;
import dev.orders.core.feed.Page;
import dev.orders.core.order.OpenPaymentIssue;
import java.util.Optional;

/** The open payment issues of every order (and of order ids that name none), newest first, a page at a time: the back office's. */
public record ListPaymentIssues(PaymentIssueStore store) {
    public Page<OpenPaymentIssue> open(int limit, Optional<String> cursor) {
        return store.open(limit, cursor);
    }
}
