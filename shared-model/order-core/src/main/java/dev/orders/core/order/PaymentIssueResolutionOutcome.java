package dev.orders.core.order;

import java.util.Optional;

/** Outcome of a request to resolve a payment issue. */
public sealed interface PaymentIssueResolutionOutcome {
    /** The issue as it is now, resolved, and the order's event that records it (none where no order has the id). */
    record Resolved(PaymentIssue issue, Optional<OrderEvent> event) implements PaymentIssueResolutionOutcome {
    }

    /** Someone resolved it first, or refunds settled it; nothing was written. */
    record AlreadyResolved(PaymentIssue issue) implements PaymentIssueResolutionOutcome {
    }

    /** The role may not resolve payment issues; nothing was read or written. */
    record Forbidden(Role role) implements PaymentIssueResolutionOutcome {
    }

    /** No such order, or no issue of that event on it. */
    record NotFound() implements PaymentIssueResolutionOutcome {
    }
}
