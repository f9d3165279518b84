package dev.orders.core.order;

import java.util.Arrays;
import java.util.List;

/**
 * Who asks for a change of an order, and what each may ask for, read from the lifecycle's moves
 * ({@link OrderStatus.Move}). Decided before the lifecycle: a move the role may not make is refused whatever
 * state the order is in, and a move the role may make still has to be one the lifecycle allows from the state read.
 */
public enum Role {
    /** The customer who owns the order: checks out and cancels before payment, edits lines while CREATED. */
    CUSTOMER(false, false),
    /**
     * A caller with the orders:admin scope: may ask for any status but those no person reaches (the
     * lifecycle answers from the order as read what it does not allow), and changes the lines' statuses.
     */
    ADMINISTRATOR(true, true),
    /**
     * The payment provider, through its signed webhook: payment attempts, captures and refunds, and the end of a
     * checkout nobody paid (Stripe's expired Checkout Session).
     */
    PAYMENT_PROVIDER(false, false),
    /** The system's own schedules (the payment window's sweep): no caller of the HTTP API acts as it. */
    SYSTEM(false, false);

    private final boolean asksForAnyStatus;
    private final boolean changesLineStatuses;

    Role(boolean asksForAnyStatus, boolean changesLineStatuses) {
        this.asksForAnyStatus = asksForAnyStatus;
        this.changesLineStatuses = changesLineStatuses;
    }

    public boolean mayMoveOrderTo(OrderStatus target) {
        return Arrays.stream(OrderStatus.Move.values())
                .anyMatch(move -> move.targets().contains(target) && move.by().roles().contains(this))
                || asksForAnyStatus && !reachedByNoPerson(target);
    }

    /** A status only the system's and the provider's moves reach (EXPIRED): no person asks for it. */
    private static boolean reachedByNoPerson(OrderStatus target) {
        List<OrderStatus.Move> into = Arrays.stream(OrderStatus.Move.values())
                .filter(move -> move.targets().contains(target)).toList();
        return !into.isEmpty() && into.stream().allMatch(move -> !move.by().roles().isEmpty()
                && move.by().roles().stream().allMatch(role -> role == SYSTEM || role == PAYMENT_PROVIDER));
    }

    /** Picking, shipping and cancelling lines is fulfillment's work, never the buyer's. */
    public boolean mayChangeLineStatuses() {
        return changesLineStatuses;
    }

    /** Payment issues are money the provider holds that the order could not take: an administrator decides. */
    public boolean mayResolvePaymentIssues() {
        return this == ADMINISTRATOR;
    }
}
