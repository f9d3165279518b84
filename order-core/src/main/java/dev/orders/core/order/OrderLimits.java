package dev.orders.core.order;

import dev.orders.core.validation.ValidationException;
import java.util.List;

/** Sizes fixed by DynamoDB's limits, checked before anything is written. */
public final class OrderLimits {
    /** DynamoDB's limit of actions in one TransactWriteItems. */
    public static final int TRANSACTION_ACTIONS = 100;

    /** Creating an order writes the root, its first history row and an idempotency record beside the items. */
    public static final int MAX_ITEMS_PER_ORDER = TRANSACTION_ACTIONS - 3;

    private OrderLimits() {
    }

    /** The lines of an order, as asked for or as priced: at least one, and no more than one transaction holds. */
    static <T> List<T> lines(List<T> items) {
        if (items == null || items.isEmpty()) {
            throw new ValidationException("items", "an order needs at least one item");
        }
        if (items.size() > MAX_ITEMS_PER_ORDER) {
            throw new ValidationException("items", "an order holds at most " + MAX_ITEMS_PER_ORDER
                    + " items (it is written in one DynamoDB transaction of at most " + TRANSACTION_ACTIONS + " actions)");
        }
        return List.copyOf(items);
    }
}
