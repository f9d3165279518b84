package dev.orders.core.order;

import dev.orders.core.validation.Check;
import java.util.EnumSet;
import java.util.Set;

/** The lifecycle of one order line, independent of the order's own status (partial fulfillment). */
public enum LineStatus {
    PENDING,
    PICKED,
    SHIPPED,
    CANCELLED;

    public Set<LineStatus> next() {
        return switch (this) {
            case PENDING -> EnumSet.of(PICKED, CANCELLED);
            case PICKED -> EnumSet.of(SHIPPED, CANCELLED);
            case SHIPPED, CANCELLED -> EnumSet.noneOf(LineStatus.class);
        };
    }

    public boolean canMoveTo(LineStatus target) {
        return next().contains(target);
    }

    public static LineStatus parse(String field, String text) {
        return Check.oneOf(field, text, LineStatus.class);
    }
}
