package dev.orders.core.order;

import dev.orders.core.validation.Check;
import java.util.EnumSet;
import java.util.Set;

/** The lifecycle of one order line, independent of the order's own status (partial fulfilment). */
public enum ItemStatus {
    PENDING,
    PICKED,
    SHIPPED,
    CANCELLED;

    public Set<ItemStatus> next() {
        return switch (this) {
            case PENDING -> EnumSet.of(PICKED, CANCELLED);
            case PICKED -> EnumSet.of(SHIPPED, CANCELLED);
            case SHIPPED, CANCELLED -> EnumSet.noneOf(ItemStatus.class);
        };
    }

    public boolean canMoveTo(ItemStatus target) {
        return next().contains(target);
    }

    public static ItemStatus parse(String field, String text) {
        return Check.oneOf(field, text, ItemStatus.class);
    }
}
