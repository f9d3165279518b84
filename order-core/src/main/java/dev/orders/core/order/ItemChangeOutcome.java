package dev.orders.core.order;

/**
 * Outcome of adding, removing or re-statusing an order line. Only the first three cases write anything,
 * and carry the order's version they wrote (its ETag).
 */
public sealed interface ItemChangeOutcome {
    /** The line was written and the order's total and item count moved with it. */
    record Added(OrderItem item, long orderVersion) implements ItemChangeOutcome {
    }

    /** The line is gone and the order's total and item count moved with it. */
    record Removed(OrderItem item, long orderVersion) implements ItemChangeOutcome {
    }

    /** The line has its new status; the order's status followed it when the lines' counts say so. */
    record StatusChanged(OrderItem item, long orderVersion) implements ItemChangeOutcome {
    }

    /** The caller's expected version of the order is not the current one; nothing was written. */
    record StaleVersion(long currentVersion) implements ItemChangeOutcome {
    }

    /** The role may not move a line to {@code target} at all; nothing was read or written. */
    record Forbidden(Role role, ItemStatus target) implements ItemChangeOutcome {
    }

    record OrderNotFound() implements ItemChangeOutcome {
    }

    record ItemNotFound() implements ItemChangeOutcome {
    }

    /** Lines are added and removed only while the order is CREATED: checkout freezes them. */
    record OrderNotOpen(OrderStatus status) implements ItemChangeOutcome {
    }

    /** Line statuses change only while the order is PAID, IN_FULFILLMENT or PARTIALLY_FULFILLED. */
    record OrderNotInFulfillment(OrderStatus status) implements ItemChangeOutcome {
    }

    record IllegalItemTransition(ItemStatus from, ItemStatus to) implements ItemChangeOutcome {
    }

    record TooManyItems(int limit) implements ItemChangeOutcome {
    }

    /**
     * The line's product is absent, not for sale, or priced in another currency than the order, or the line
     * would take the order's total above the maximum; nothing was written.
     */
    record NotPriceable(PricingRefusal refusal) implements ItemChangeOutcome {
    }
}
