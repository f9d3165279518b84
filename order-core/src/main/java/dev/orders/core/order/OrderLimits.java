package dev.orders.core.order;

/** Sizes fixed by DynamoDB's limits, checked before anything is written. */
public final class OrderLimits {
    /** DynamoDB's limit of actions in one TransactWriteItems. */
    public static final int TRANSACTION_ACTIONS = 100;

    /** Creating an order writes the root, its first history row and an idempotency record beside the items. */
    public static final int MAX_ITEMS_PER_ORDER = TRANSACTION_ACTIONS - 3;

    private OrderLimits() {
    }
}
