package dev.orders.core.order;

import java.util.Set;

/** Outcome of a status transition. */
public sealed interface StatusChangeOutcome {
    /** The order as it is after the change, the change's event, and the move it made. */
    record Changed(Order order, OrderEvent event, OrderStatus.Move move) implements StatusChangeOutcome {
        /** A customer's checkout (or an administrator's for them): what the Checkouts metric counts. */
        public boolean isCheckout() {
            return move == OrderStatus.Move.CHECKOUT;
        }
    }

    /** The role may not move an order to {@code target} at all; nothing was read or written. */
    record Forbidden(Role role, OrderStatus target) implements StatusChangeOutcome {
    }

    /** The target is a status the order reaches only by its lines' statuses; nothing was read or written. */
    record FollowsLines(OrderStatus target) implements StatusChangeOutcome {
    }

    /** The caller's version is not the current one; nothing was written. */
    record StaleVersion(long currentVersion) implements StatusChangeOutcome {
    }

    /** An order without lines is neither checked out nor paid: there is nothing to pay for; nothing was written. */
    record EmptyOrder() implements StatusChangeOutcome {
    }

    /** The move to {@code target} needs a reason and was asked for without one; nothing was written. */
    record ReasonRequired(OrderStatus target) implements StatusChangeOutcome {
    }

    /**
     * The lifecycle forbids this move of the order as it is; {@code allowed}: the statuses it may move to (the
     * lifecycle's moves read with the order, not its status alone); nothing was written.
     */
    record IllegalTransition(OrderStatus from, OrderStatus to, Set<OrderStatus> allowed) implements StatusChangeOutcome {
        public IllegalTransition {
            allowed = Set.copyOf(allowed);
        }

        public static IllegalTransition of(Order order, OrderStatus to) {
            return new IllegalTransition(order.status(), to, OrderStatus.Move.allowedFor(order));
        }
    }

    record OrderNotFound() implements StatusChangeOutcome {
    }
}
