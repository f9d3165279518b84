package dev.orders.core.order;

import java.util.List;

/**
 * Rows written in the partition of an order id that names no order: the payment issues of money the provider
 * moved for it. No root and no event: there is no order whose log they could be part of. The store writes
 * them only while no order has that id.
 */
public record UnknownOrderRows(String orderId, List<RowChange> rows) {
    public UnknownOrderRows {
        rows = List.copyOf(rows);
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("nothing to write for unknown order " + orderId);
        }
    }

    /** The actions of the transaction that writes them: one per row and the check that no order has the id. */
    public int actions() {
        return rows.size() + 1;
    }
}
