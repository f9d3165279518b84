package dev.orders.core.order;

/**
 * Outcome of adding, removing or re-statusing an order line. Only the first three cases write anything,
 * and carry the order's version they wrote (its ETag); a replayed addition wrote nothing now.
 */
public sealed interface LineChangeOutcome {
    /** The line was written and the order's total and item count moved with it. */
    record Added(OrderLine item, long orderVersion) implements LineChangeOutcome {
    }

    /**
     * An earlier request with the same idempotency key added the line; nothing was written now. The order was
     * not read, so its version is not known (it may have moved since).
     */
    record Replayed(OrderLine item) implements LineChangeOutcome {
    }

    /** The idempotency key was used for a different request; nothing was written. */
    record KeyReused() implements LineChangeOutcome {
    }

    /** The line is gone and the order's total and item count moved with it. */
    record Removed(OrderLine item, long orderVersion) implements LineChangeOutcome {
    }

    /** The line has its new status; the order's status followed it when the lines' counts say so. */
    record StatusChanged(OrderLine item, long orderVersion) implements LineChangeOutcome {
    }

    /** The caller's expected version of the order is not the current one; nothing was written. */
    record StaleVersion(long currentVersion) implements LineChangeOutcome {
    }

    /** The role may not move a line to {@code target} at all; nothing was read or written. */
    record Forbidden(Role role, LineStatus target) implements LineChangeOutcome {
    }

    record OrderNotFound() implements LineChangeOutcome {
    }

    record LineNotFound() implements LineChangeOutcome {
    }

    /** Lines are added and removed only while the order is CREATED: checkout freezes them. */
    record OrderNotOpen(OrderStatus status) implements LineChangeOutcome {
    }

    /** Line statuses change only while the order is PAID, IN_FULFILLMENT or PARTIALLY_FULFILLED. */
    record OrderNotInFulfillment(OrderStatus status) implements LineChangeOutcome {
    }

    record IllegalLineTransition(LineStatus from, LineStatus to) implements LineChangeOutcome {
    }

    record TooManyLines(int limit) implements LineChangeOutcome {
    }

    /**
     * The line's product is absent, not for sale, or priced in another currency than the order, or the line
     * would take the order's total above the maximum; nothing was written.
     */
    record NotPriceable(PricingRefusal refusal) implements LineChangeOutcome {
    }

    /** The product does not have the units the line asks for (what is available named); nothing was written. */
    record OutOfStock(StockShortage shortage) implements LineChangeOutcome {
    }
}
