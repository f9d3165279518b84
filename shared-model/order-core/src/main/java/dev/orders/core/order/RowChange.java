package dev.orders.core.order;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

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

    /**
     * Units lines had reserved given back (a line removed or cancelled, its order closed unpaid or refunded); they must
     * be reserved.
     */
    record StockReleased(String sku, long quantity) implements RowChange {
        /** Line statuses whose reservation is still held: neither shipped (sold) nor cancelled (released). */
        private static final Set<LineStatus> HOLDING = EnumSet.of(LineStatus.PENDING, LineStatus.PICKED);

        /** What {@code lines} still reserve, one release per sku: what an order closed before they ship gives back. */
        public static List<StockReleased> heldBy(List<OrderLine> lines) {
            Map<String, Long> bySku = new TreeMap<>();
            lines.stream().filter(line -> line.reserved() > 0 && HOLDING.contains(line.itemStatus()))
                    .forEach(line -> bySku.merge(line.sku(), line.reserved(), Math::addExact));
            return bySku.entrySet().stream().map(release -> new StockReleased(release.getKey(), release.getValue()))
                    .toList();
        }
    }

    /** Units lines had reserved leave with a shipment: on hand and reserved both fall; they must be reserved. */
    record StockSold(String sku, long quantity) implements RowChange {
    }
}
