package dev.orders.application.query;

import dev.orders.core.feed.Page;
import dev.orders.core.order.PaymentIssue;
import java.util.Optional;

/** The open payment issues of every order, for administrators: newest first, a page at a time. */
public interface PaymentIssueQueries {
    Page<PaymentIssue> open(int limit, Optional<String> cursor);
}
