package dev.orders.core.order;

import java.util.EnumSet;
import java.util.Set;

/**
 * Who asks for a change of an order, and what each may ask for. Decided here, next to the lifecycle
 * and before it: a move the role may not make is refused whatever state the order is in, and a move
 * the role may make still has to be one the lifecycle allows from the state read.
 */
public enum Role {
    /** The customer who owns the order: checks out and cancels before payment, edits lines while CREATED. */
    CUSTOMER(EnumSet.of(OrderStatus.AWAITING_PAYMENT, OrderStatus.CANCELLED), false),
    /** A caller with the orders:admin scope: every move the lifecycle allows, and the lines' statuses. */
    ADMINISTRATOR(EnumSet.allOf(OrderStatus.class), true),
    /** The payment provider, through its signed webhook: payment attempts, captures and refunds. */
    PAYMENT_PROVIDER(EnumSet.of(OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID, OrderStatus.REFUNDED), false);

    private final Set<OrderStatus> targets;
    private final boolean changesLineStatuses;

    Role(Set<OrderStatus> targets, boolean changesLineStatuses) {
        this.targets = targets;
        this.changesLineStatuses = changesLineStatuses;
    }

    public boolean mayMoveOrderTo(OrderStatus target) {
        return targets.contains(target);
    }

    /** Picking, shipping and cancelling lines is fulfilment's work, never the buyer's. */
    public boolean mayChangeLineStatuses() {
        return changesLineStatuses;
    }

    /** Payment issues are money the provider holds that the order could not take: an administrator decides. */
    public boolean mayResolvePaymentIssues() {
        return this == ADMINISTRATOR;
    }

    /** A capture or refund by hand moves money outside the provider: the change must say why. */
    public boolean needsReasonToMoveTo(OrderStatus target) {
        return this == ADMINISTRATOR && (target == OrderStatus.PAID || target == OrderStatus.REFUNDED);
    }
}
