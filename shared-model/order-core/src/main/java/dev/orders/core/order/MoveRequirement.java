package dev.orders.core.order;

import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * What a move of the lifecycle ({@link OrderStatus.Move}) needs: lines (something to pay for), money captured and not
 * all refunded (or none captured), and a reason where a person moves money or stops an order by hand.
 */
public enum MoveRequirement {
    LINES((order, reason) -> order.itemCount() > 0),
    PAYMENT((order, reason) -> order.refundable() > 0),
    NO_PAYMENT((order, reason) -> order.capturedAmount() == 0),
    /** The request's: what the move is asked for with. */
    REASON((order, reason) -> reason.isPresent());

    private final BiPredicate<Order, Optional<String>> metBy;

    MoveRequirement(BiPredicate<Order, Optional<String>> metBy) {
        this.metBy = metBy;
    }

    public boolean isMetBy(Order order, Optional<String> reason) {
        return metBy.test(order, reason);
    }

    /** Whether the order as it is decides it, whatever the move is asked for with. */
    public boolean isOfTheOrder() {
        return this != REASON;
    }
}
