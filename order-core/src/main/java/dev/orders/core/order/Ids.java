package dev.orders.core.order;

import com.github.f4b6a3.ulid.UlidFactory;
import dev.orders.core.validation.Check;

/**
 * Ids of the model. All are validated against {@link Check#SAFE_ID}, so none can carry a key delimiter.
 * New order and item ids are monotonic ULIDs: time-sortable, and in creation order within a millisecond.
 */
public final class Ids {
    private static final UlidFactory ULIDS = UlidFactory.newMonotonicInstance();

    private Ids() {
    }

    public static String newOrderId() {
        return ULIDS.create().toString();
    }

    public static String newItemId() {
        return ULIDS.create().toString();
    }

    public static String customerId(String value) {
        return Check.safeId("customerId", value);
    }

    public static String orderId(String value) {
        return Check.safeId("orderId", value);
    }

    public static String itemId(String value) {
        return Check.safeId("itemId", value);
    }
}
