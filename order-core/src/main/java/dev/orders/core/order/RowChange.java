package dev.orders.core.order;

/**
 * A row a step writes beside the order's root: a line or a payment issue, or a product's stock its lines reserve,
 * release or sell (one change per sku: a transaction touches an item once). Each holds what the store needs to
 * write it and to condition the write on the row being as the core decided from.
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

    /** Units of a product's stock reserved for lines; at least that many must be available. */
    record StockReserved(String sku, long quantity) implements RowChange {
    }

    /** Units lines had reserved given back (a line removed or cancelled, its order cancelled); they must be reserved. */
    record StockReleased(String sku, long quantity) implements RowChange {
    }

    /** Units lines had reserved leave with a shipment: on hand and reserved both fall; they must be reserved. */
    record StockSold(String sku, long quantity) implements RowChange {
    }
}
