package dev.orders.core.order;

import dev.orders.core.validation.Check;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/** The order lifecycle. Which moves are legal is decided here, and repeated in the write's condition. */
public enum OrderStatus {
    CREATED,
    AWAITING_PAYMENT,
    PAID,
    IN_FULFILLMENT,
    PARTIALLY_FULFILLED,
    FULFILLED,
    CANCELLED,
    REFUNDED;

    /** Legal next statuses. A paid order is not cancelled but refunded: money has moved. */
    public Set<OrderStatus> next() {
        return switch (this) {
            case CREATED -> EnumSet.of(AWAITING_PAYMENT, PAID, CANCELLED);
            case AWAITING_PAYMENT -> EnumSet.of(PAID, CANCELLED);
            case PAID -> EnumSet.of(IN_FULFILLMENT, REFUNDED);
            case IN_FULFILLMENT -> EnumSet.of(PARTIALLY_FULFILLED, FULFILLED, REFUNDED);
            case PARTIALLY_FULFILLED -> EnumSet.of(FULFILLED, REFUNDED);
            case FULFILLED -> EnumSet.of(REFUNDED);
            case CANCELLED, REFUNDED -> EnumSet.noneOf(OrderStatus.class);
        };
    }

    public boolean canMoveTo(OrderStatus target) {
        return next().contains(target);
    }

    /** Items may be added or removed only until checkout: a price asked for payment never changes. */
    public boolean isOpenForItemChanges() {
        return this == CREATED;
    }

    /** Items are picked, shipped or cancelled only while the order is being fulfilled. */
    public boolean isInFulfillment() {
        return this == PAID || this == IN_FULFILLMENT || this == PARTIALLY_FULFILLED;
    }

    /**
     * PARTIALLY_FULFILLED and FULFILLED say what the lines are: an order reaches them only by its lines'
     * statuses ({@link #followingLines}), never by hand, so they can never contradict the lines.
     */
    public boolean followsLines() {
        return this == PARTIALLY_FULFILLED || this == FULFILLED;
    }

    /**
     * The status an order in fulfilment takes from its lines' statuses: FULFILLED when every line is
     * SHIPPED or CANCELLED and one was shipped, PARTIALLY_FULFILLED when some are shipped, IN_FULFILLMENT
     * once one is picked. Itself when the lines do not move it (the lifecycle never moves backwards; an
     * order whose lines were all cancelled stays as it is, to be refunded).
     */
    public OrderStatus followingLines(LineStatuses lines) {
        if (!isInFulfillment()) {
            return this;
        }
        boolean shipped = lines.count(ItemStatus.SHIPPED) > 0;
        boolean done = lines.count(ItemStatus.PENDING) == 0 && lines.count(ItemStatus.PICKED) == 0;
        boolean started = shipped || lines.count(ItemStatus.PICKED) > 0;
        OrderStatus follows = shipped && done ? FULFILLED : shipped ? PARTIALLY_FULFILLED : started ? IN_FULFILLMENT : this;
        return canMoveTo(follows) ? follows : this;
    }

    public static Set<OrderStatus> openForItemChanges() {
        return Arrays.stream(values()).filter(OrderStatus::isOpenForItemChanges)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(OrderStatus.class)));
    }

    public static Set<OrderStatus> inFulfillment() {
        return Arrays.stream(values()).filter(OrderStatus::isInFulfillment)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(OrderStatus.class)));
    }

    public static OrderStatus parse(String field, String text) {
        return Check.oneOf(field, text, OrderStatus.class);
    }
}
