package dev.orders.core.order;

/**
 * A row beside the order's root that a step writes: a line or a payment issue. Each holds what the store
 * needs to write it and to condition the write on the row being as the core decided from.
 */
public sealed interface RowChange {
    /** A new line; its id must be free. */
    record LineAdded(OrderLine line) implements RowChange {
    }

    /** A line deleted; it must still be there. */
    record LineRemoved(OrderLine line) implements RowChange {
    }

    /** A line moved from {@code before}'s status to {@code after}'s; it must still be in {@code before}'s. */
    record LineStatusMoved(OrderLine before, OrderLine after) implements RowChange {
    }

    /** A payment issue opened; none may be recorded for its provider event yet. */
    record IssueOpened(PaymentIssue issue) implements RowChange {
    }

    /**
     * More of the payment an issue holds refunded, or an issue's refund that arrived before its capture recorded
     * against it, from {@code before} to {@code after}; it must still have {@code before}'s refunded amount. An
     * issue this settles leaves the open queue.
     */
    record IssueRefunded(PaymentIssue before, PaymentIssue after) implements RowChange {
    }

    /** A payment issue resolved ({@code resolved} holds the resolution); it must still be open. */
    record IssueResolved(PaymentIssue resolved) implements RowChange {
    }
}
