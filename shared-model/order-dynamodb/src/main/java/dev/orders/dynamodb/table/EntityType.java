package dev.orders.dynamodb.table;

/** Value of the {@code entityType} attribute every item carries; codecs refuse an item of another type. */
public enum EntityType {
    CUSTOMER,
    ORDER,
    ORDER_ITEM,
    ORDER_EVENT,
    PAYMENT_ISSUE,
    /** An order's payment-window row while it awaits payment ({@code AWAITING_PAYMENT} in its partition). */
    PAYMENT_WINDOW,
    IDEMPOTENCY_KEY,
    PAYMENT_EVENT,
    PRODUCT;

    public static final String ATTRIBUTE = "entityType";
}
